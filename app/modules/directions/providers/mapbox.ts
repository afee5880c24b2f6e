import type { LatLng } from '#app/modules/geo/geo.ts'
import { coordinatesPath } from './route-answer.ts'

// Mapbox Directions API v5, walking profile: the request the spec describes (section 7).

/** Mapbox takes at most 25 coordinates per walking request; longer routes are asked in chunks. */
export const MAPBOX_MAX_WAYPOINTS = 25

/** The GET URL for one chunk of at most 25 points. It carries the token: never log it. */
export function mapboxRouteUrl(baseUrl: string, accessToken: string, points: LatLng[]): string {
  const query = new URLSearchParams({
    geometries: 'geojson',
    steps: 'true',
    overview: 'full',
    exclude: 'ferry',
    access_token: accessToken,
  })
  return `${baseUrl.replace(/\/+$/, '')}/directions/v5/mapbox/walking/${coordinatesPath(points)}?${query}`
}
