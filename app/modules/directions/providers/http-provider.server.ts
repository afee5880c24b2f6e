import type { LatLng } from '#app/modules/geo/geo.ts'
import { ProviderUnavailable, requestJson } from '#app/platform/http/outbound-json.server.ts'
import type { DirectionsProviderName } from '../directions.schema.ts'
import {
  chunkPoints,
  joinPaths,
  toDirections,
  type DirectionsProvider,
  type MeasuredPath,
} from '../directions-provider.ts'
import { MAPBOX_MAX_WAYPOINTS, mapboxRouteUrl } from './mapbox.ts'
import { OSRM_MAX_WAYPOINTS, osrmRouteUrl } from './osrm.ts'
import { parseRouteAnswer } from './route-answer.ts'

// The fetching half of the Mapbox and OSRM providers: the URLs and the answers are built and
// read by the pure functions beside this file.

/** Requests in flight at once for a long route: quick, and far below Mapbox's 300 a minute. */
const CONCURRENT_REQUESTS = 4

interface HttpProviderOptions {
  name: Exclude<DirectionsProviderName, 'straight'>
  maxWaypoints: number
  url(points: LatLng[]): string
  /** Per request; a slower answer is a failure. */
  timeoutMs: number
}

function httpProvider(options: HttpProviderOptions): DirectionsProvider {
  return {
    name: options.name,
    async route(points, signal) {
      const chunks = chunkPoints(points, options.maxWaypoints)
      // One failed chunk fails the route: the others are cancelled rather than paid for.
      const cancel = new AbortController()
      const stop = signal ? AbortSignal.any([signal, cancel.signal]) : cancel.signal
      try {
        const paths = await inTurns(chunks, CONCURRENT_REQUESTS, (chunk) => fetchPath(options, chunk, stop))
        return toDirections(options.name, joinPaths(paths))
      } catch (error) {
        cancel.abort()
        throw error
      }
    },
  }
}

export const mapboxProvider = (config: { baseUrl: string; accessToken: string; timeoutMs: number }) =>
  httpProvider({
    name: 'mapbox',
    maxWaypoints: MAPBOX_MAX_WAYPOINTS,
    url: (points) => mapboxRouteUrl(config.baseUrl, config.accessToken, points),
    timeoutMs: config.timeoutMs,
  })

export const osrmProvider = (config: { baseUrl: string; timeoutMs: number }) =>
  httpProvider({ name: 'osrm', maxWaypoints: OSRM_MAX_WAYPOINTS, url: (points) => osrmRouteUrl(config.baseUrl, points), timeoutMs: config.timeoutMs })

async function fetchPath(options: HttpProviderOptions, points: LatLng[], stop: AbortSignal): Promise<MeasuredPath> {
  if (stop.aborted) throw new ProviderUnavailable('aborted')
  return parseRouteAnswer(await requestJson(options.url(points), { timeoutMs: options.timeoutMs, signal: stop }), points.length)
}

/** Runs `work` over the items with at most `limit` at a time; answers in the items' order. */
async function inTurns<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index])
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
