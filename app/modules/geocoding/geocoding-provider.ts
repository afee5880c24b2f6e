import type { GeocodeResult } from './geocoding.schema.ts'

/** What every geocoding provider answers. */
export interface GeocodingProvider {
  readonly name: 'nominatim' | 'mapbox'
  /** Up to `limit` places for the text, labelled in `language` when the provider can. Throws GeocodingUnavailable. */
  search(query: string, options: { language: string; limit: number; signal?: AbortSignal }): Promise<GeocodeResult[]>
}

export type GeocodingFailure = 'timeout' | 'unreachable' | 'http_status' | 'malformed' | 'aborted' | 'busy'

/** The provider gave no usable answer (the API answers 502). `details` are for the log: never the URL (Mapbox's holds the token). */
export class GeocodingUnavailable extends Error {
  constructor(
    readonly reason: GeocodingFailure,
    readonly details: Record<string, string | number> = {},
  ) {
    super(`geocoding unavailable: ${reason}`)
    this.name = 'GeocodingUnavailable'
  }
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

/** GET a JSON answer with a timeout; every failure is a GeocodingUnavailable. */
export async function fetchJson(url: string, headers: Record<string, string>, timeoutMs: number, signal?: AbortSignal): Promise<unknown> {
  let response: Response
  let text: string
  try {
    const timeout = AbortSignal.timeout(timeoutMs)
    response = await fetch(url, { headers: { Accept: 'application/json', ...headers }, signal: signal ? AbortSignal.any([signal, timeout]) : timeout })
    text = await response.text()
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') throw new GeocodingUnavailable('timeout', { timeout_ms: timeoutMs })
    if (signal?.aborted) throw new GeocodingUnavailable('aborted')
    throw new GeocodingUnavailable('unreachable', { error: error instanceof Error ? error.name : 'unknown' })
  }
  if (!response.ok) throw new GeocodingUnavailable('http_status', { status: response.status })
  try {
    return JSON.parse(text)
  } catch {
    throw new GeocodingUnavailable('malformed', { status: response.status })
  }
}
