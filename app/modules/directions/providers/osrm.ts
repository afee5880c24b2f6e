import type { LatLng } from '#app/modules/geo/geo.ts'
import { coordinatesPath } from './route-answer.ts'

// Any OSRM-compatible server (osrm-routed, or a hosted one), foot profile.

/**
 * Points per request. osrm-routed accepts 500 by default (--max-viaroute-size), but 100 keeps
 * the URL under the 8 KiB many proxies allow in front of it.
 */
export const OSRM_MAX_WAYPOINTS = 100

/** The GET URL for one chunk of points. */
export function osrmRouteUrl(baseUrl: string, points: LatLng[]): string {
  const query = new URLSearchParams({ geometries: 'geojson', steps: 'true', overview: 'full' })
  return `${baseUrl.replace(/\/+$/, '')}/route/v1/foot/${coordinatesPath(points)}?${query}`
}
