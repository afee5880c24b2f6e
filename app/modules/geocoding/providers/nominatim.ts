import { ProviderUnavailable, requestJson } from '#app/platform/http/outbound-json.server.ts'
import { result, type GeocodingProvider } from '../geocoding-provider.ts'
import type { GeocodeResult } from '../geocoding.schema.ts'

// OpenStreetMap's Nominatim (or any server speaking its /search API). The public server's usage
// policy (https://operations.osmfoundation.org/policies/nominatim/) asks for an identifying
// User-Agent and at most one request per second: both are kept here.

/** Identifies the installation, as the policy asks: the app and the site it serves. */
export const nominatimUserAgent = (baseUrl: string) => `Trailguide map editor (+${baseUrl})`
/** The policy's "absolute maximum of 1 request per second", per server process (shared fairly between managers). */
const NOMINATIM_MIN_INTERVAL_MS = 1000

export function nominatimSearchUrl(baseUrl: string, query: string, language: string, limit: number): string {
  const params = new URLSearchParams({ format: 'jsonv2', q: query, limit: String(limit), 'accept-language': language })
  return `${baseUrl.replace(/\/+$/, '')}/search?${params}`
}

/** jsonv2: [{display_name, lat: "46.46", lon: "6.84", boundingbox: [south, north, west, east]}] (numbers as strings). */
export function parseNominatimAnswer(body: unknown, limit: number): GeocodeResult[] {
  if (!Array.isArray(body)) throw new ProviderUnavailable('malformed', { fields: 'not a list' })
  return body
    .map((item: Record<string, unknown> | null) => {
      if (typeof item !== 'object' || item === null) return null
      const b = Array.isArray(item.boundingbox) ? item.boundingbox : undefined
      return result(item.display_name, item.lat, item.lon, b ? [b[2], b[0], b[3], b[1]] : undefined)
    })
    .filter((r) => r !== null)
    .slice(0, limit)
}

/** Searches one person may have waiting for a turn; more are refused at once ('busy'). */
const MAX_WAITING_PER_CLIENT = 3

interface Waiter {
  client: string
  resolve(): void
  reject(error: Error): void
  timer: ReturnType<typeof setTimeout>
}

/**
 * Turns at least `intervalMs` apart for the whole process, shared fairly: the people waiting
 * are served in rotation, one search each per round, so one manager's burst of searches delays
 * another's by one turn, not by the whole burst. A search not served within its `maxWaitMs`, or
 * beyond a person's MAX_WAITING_PER_CLIENT, is refused ('busy'): a crowd never builds an endless
 * queue.
 */
export function fairTurns(intervalMs: number) {
  // Map order is the rotation: a person served goes to the back while they still wait.
  const waiting = new Map<string, Waiter[]>()
  let next = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  const drop = (waiter: Waiter, error: Error) => {
    const queue = waiting.get(waiter.client)
    const index = queue?.indexOf(waiter) ?? -1
    if (index < 0) return
    queue!.splice(index, 1)
    if (queue!.length === 0) waiting.delete(waiter.client)
    clearTimeout(waiter.timer)
    waiter.reject(error)
  }
  const grant = () => {
    timer = undefined
    const first = waiting.entries().next()
    if (first.done) return
    const [client, queue] = first.value
    waiting.delete(client)
    const waiter = queue.shift()!
    if (queue.length > 0) waiting.set(client, queue)
    clearTimeout(waiter.timer)
    next = Date.now() + intervalMs
    waiter.resolve()
    schedule()
  }
  const schedule = () => {
    if (timer === undefined && waiting.size > 0) timer = setTimeout(grant, Math.max(0, next - Date.now()))
  }

  return function turn(client: string, maxWaitMs: number, signal?: AbortSignal): Promise<void> {
    if (waiting.size === 0 && Date.now() >= next) {
      next = Date.now() + intervalMs
      return Promise.resolve()
    }
    const queue = waiting.get(client) ?? []
    if (queue.length >= MAX_WAITING_PER_CLIENT) return Promise.reject(new ProviderUnavailable('busy', { waiting: queue.length }))
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { client, resolve, reject, timer: setTimeout(() => drop(waiter, new ProviderUnavailable('busy', { wait_ms: maxWaitMs })), maxWaitMs) }
      signal?.addEventListener('abort', () => drop(waiter, new ProviderUnavailable('aborted')), { once: true })
      queue.push(waiter)
      if (!waiting.has(client)) waiting.set(client, queue)
      schedule()
    })
  }
}

export function nominatimProvider(config: { baseUrl: string; userAgent: string; timeoutMs: number; minIntervalMs?: number }): GeocodingProvider {
  const turn = fairTurns(config.minIntervalMs ?? NOMINATIM_MIN_INTERVAL_MS)
  return {
    name: 'nominatim',
    async search(query, { language, limit, signal, client }) {
      await turn(client, config.timeoutMs, signal)
      const body = await requestJson(nominatimSearchUrl(config.baseUrl, query, language, limit), { headers: { 'User-Agent': config.userAgent }, timeoutMs: config.timeoutMs, signal })
      return parseNominatimAnswer(body, limit)
    },
  }
}
