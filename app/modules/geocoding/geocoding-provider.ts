import type { GeocodeResult } from './geocoding.schema.ts'

/** What every geocoding provider answers. */
export interface GeocodingProvider {
  readonly name: 'nominatim' | 'mapbox'
  /** Up to `limit` places for the text, labelled in `language` when the provider can; `client` (the user) gets a fair share of a shared pace. Throws ProviderUnavailable. */
  search(query: string, options: { language: string; limit: number; signal?: AbortSignal; client: string }): Promise<GeocodeResult[]>
}

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
const inRange = (lat: number, lng: number) => Math.abs(lat) <= 90 && Math.abs(lng) <= 180

/** A result when its coordinates are real ones, else null (dropped). */
export function result(label: unknown, lat: unknown, lng: unknown, bbox?: unknown[]): GeocodeResult | null {
  const [y, x] = [Number(lat), Number(lng)]
  if (typeof label !== 'string' || label.trim() === '' || !isFiniteNumber(y) || !isFiniteNumber(x) || !inRange(y, x)) return null
  const box = bbox?.map(Number)
  const validBox = box && box.length === 4 && box.every(isFiniteNumber) && box[0] < box[2] && box[1] < box[3] && inRange(box[1], box[0]) && inRange(box[3], box[2])
  return { label: label.trim(), lat: y, lng: x, ...(validBox ? { bbox: box as [number, number, number, number] } : {}) }
}
