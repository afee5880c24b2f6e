import { fetchJson, GeocodingUnavailable, result, type GeocodingProvider } from '../geocoding-provider.ts'
import type { GeocodeResult } from '../geocoding.schema.ts'

// OpenStreetMap's Nominatim (or any server speaking its /search API). The public server's usage
// policy (https://operations.osmfoundation.org/policies/nominatim/) asks for an identifying
// User-Agent and at most one request per second: both are kept here.

/** Identifies the installation, as the policy asks: the app and the site it serves. */
export const nominatimUserAgent = (baseUrl: string) => `Trailguide map editor (+${baseUrl})`
/** The policy's "absolute maximum of 1 request per second", per server process. */
const NOMINATIM_MIN_INTERVAL_MS = 1000

export function nominatimSearchUrl(baseUrl: string, query: string, language: string, limit: number): string {
  const params = new URLSearchParams({ format: 'jsonv2', q: query, limit: String(limit), 'accept-language': language })
  return `${baseUrl.replace(/\/+$/, '')}/search?${params}`
}

/** jsonv2: [{display_name, lat: "46.46", lon: "6.84", boundingbox: [south, north, west, east]}] (numbers as strings). */
export function parseNominatimAnswer(body: unknown, limit: number): GeocodeResult[] {
  if (!Array.isArray(body)) throw new GeocodingUnavailable('malformed', { fields: 'not a list' })
  return body
    .map((item: Record<string, unknown> | null) => {
      if (typeof item !== 'object' || item === null) return null
      const b = Array.isArray(item.boundingbox) ? item.boundingbox : undefined
      return result(item.display_name, item.lat, item.lon, b ? [b[2], b[0], b[3], b[1]] : undefined)
    })
    .filter((r) => r !== null)
    .slice(0, limit)
}

/**
 * Spaces the calls of one process at least `intervalMs` apart (they wait their turn in order).
 * A call whose turn is further than `maxWaitMs` away is refused at once ('busy'), so a crowd
 * never builds an endless queue.
 */
export function throttle(intervalMs: number, now = () => Date.now()) {
  let next = 0
  return async function turn(maxWaitMs: number, signal?: AbortSignal): Promise<void> {
    const at = Math.max(now(), next)
    const wait = at - now()
    if (wait > maxWaitMs) throw new GeocodingUnavailable('busy', { wait_ms: wait })
    next = at + intervalMs
    if (wait <= 0) return
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, wait)
      signal?.addEventListener('abort', () => {
        clearTimeout(timer)
        reject(new GeocodingUnavailable('aborted'))
      })
    })
  }
}

export function nominatimProvider(config: { baseUrl: string; userAgent: string; timeoutMs: number; minIntervalMs?: number }): GeocodingProvider {
  const turn = throttle(config.minIntervalMs ?? NOMINATIM_MIN_INTERVAL_MS)
  return {
    name: 'nominatim',
    async search(query, { language, limit, signal }) {
      await turn(config.timeoutMs, signal)
      const body = await fetchJson(nominatimSearchUrl(config.baseUrl, query, language, limit), { 'User-Agent': config.userAgent }, config.timeoutMs, signal)
      return parseNominatimAnswer(body, limit)
    },
  }
}
