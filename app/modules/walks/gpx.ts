import type { LatLng } from '#app/modules/geo/geo.ts'
import { writeGpx } from '#app/modules/geo/gpx-write.ts'

export { xmlEscape } from '#app/modules/geo/gpx-write.ts'

// GPX 1.1 of a route, through the app's one GPX writer (geo/gpx-write.ts): pure, so it is
// tested without I/O.

interface GpxPlace extends LatLng {
  name: string
  placeSortId: number
  ele?: number | null
}

export interface GpxRoute {
  name: string
  /** The page the route lives on, written as the file's link. */
  url?: string
  places: GpxPlace[]
  /** The drawn path (a track); without it, the places in order make a route (<rte>). */
  paths: (LatLng & { ele?: number })[][] | null
}

/** Waypoints for the places, then the walked line as a track or as a route through the places. */
export function buildGpx(route: GpxRoute): string {
  const paths = (route.paths ?? []).filter((path) => path.length >= 2)
  const link = route.url ? { href: route.url, text: route.name } : undefined
  return writeGpx({
    name: route.name,
    link,
    waypoints: route.places.map((p) => ({ lat: p.lat, lng: p.lng, ele: p.ele, name: `${p.placeSortId}. ${p.name}` })),
    routes: paths.length === 0 && route.places.length > 0 ? [{ name: route.name, points: route.places.map((p) => ({ lat: p.lat, lng: p.lng, ele: p.ele, name: p.name })) }] : [],
    tracks: paths.length > 0 ? [{ name: route.name, segments: paths }] : [],
  })
}
