import type { LatLng } from '#app/modules/geo/geo.ts'

// Pure helpers for framing a map: no Leaflet here, so they run (and are tested) anywhere.

type LatLngTuple = [lat: number, lng: number]
/** South-west and north-east corners, as Leaflet's fitBounds takes them. */
export type BoundsTuple = [southWest: LatLngTuple, northEast: LatLngTuple]

const isPlaced = (p: LatLng) => Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180

/** The smallest box around the points with usable coordinates; null when there are none. */
export function boundsOf(points: LatLng[]): BoundsTuple | null {
  const placed = points.filter(isPlaced)
  if (placed.length === 0) return null
  let south = placed[0].lat
  let north = placed[0].lat
  let west = placed[0].lng
  let east = placed[0].lng
  for (const { lat, lng } of placed) {
    south = Math.min(south, lat)
    north = Math.max(north, lat)
    west = Math.min(west, lng)
    east = Math.max(east, lng)
  }
  return [
    [south, west],
    [north, east],
  ]
}

/** A stable key of the framed box, so a map refits only when the points really moved. */
export const boundsKey = (bounds: BoundsTuple | null) => (bounds ? bounds.flat().map((n) => n.toFixed(6)).join(',') : 'none')
