// The heatmap's colour ramp and sizes, shared by the Leaflet layers and the (non-map) legend.

/** Stops of the ramp, low (0) to high (1): the heat layer draws with these, the legend shows them. */
export const HEAT_GRADIENT: Readonly<Record<number, string>> = {
  0.4: '#2563eb',
  0.6: '#06b6d4',
  0.7: '#84cc16',
  0.8: '#facc15',
  1: '#dc2626',
}

const stops = Object.entries(HEAT_GRADIENT)
  .map(([at, colour]) => ({ at: Number(at), colour }))
  .sort((a, b) => a.at - b.at)

/** The ramp as a CSS gradient, left (low) to right (high); faint below the first stop like the layer. */
export function heatCssGradient(): string {
  const parts = stops.map((stop) => `${stop.colour} ${Math.round(stop.at * 100)}%`)
  return `linear-gradient(to right, ${stops[0].colour}33 0%, ${parts.join(', ')})`
}

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
const toHex = (values: number[]) => `#${values.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`

/** The ramp's colour at a share of the maximum (0..1, clamped). */
export function heatColor(share: number): string {
  const t = Math.min(1, Math.max(0, Number.isFinite(share) ? share : 0))
  if (t <= stops[0].at) return stops[0].colour
  const upper = stops.findIndex((stop) => stop.at >= t)
  const low = stops[upper - 1]
  const high = stops[upper]
  const f = (t - low.at) / (high.at - low.at)
  const [a, b] = [channels(low.colour), channels(high.colour)]
  return toHex(a.map((v, i) => v + (b[i] - v) * f))
}

export const MIN_POINT_RADIUS = 5
export const MAX_POINT_RADIUS = 20

/** A raw point's radius in pixels: its area grows with its weight. */
export function pointRadius(weight: number, max: number): number {
  if (!(max > 0) || !(weight > 0)) return MIN_POINT_RADIUS
  const share = Math.min(1, weight / max)
  return Math.round((MIN_POINT_RADIUS + (MAX_POINT_RADIUS - MIN_POINT_RADIUS) * Math.sqrt(share)) * 10) / 10
}

/** Heat layer intensities: each weight as a share of the largest one. */
export function heatIntensities(points: { lat: number; lng: number; weight: number }[], max: number): [number, number, number][] {
  if (!(max > 0)) return []
  return points.filter((p) => p.weight > 0).map((p) => [p.lat, p.lng, Math.min(1, p.weight / max)])
}
