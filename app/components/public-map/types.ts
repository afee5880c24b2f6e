import type { PublicSecret } from '#app/modules/places/public-places.server.ts'

/** A stop of the route as the map page shows it. */
export interface MapPagePlace {
  id: number
  /** placeSortId: the stop's number on the route, from 1. */
  number: number
  name: string
  lat: number
  lng: number
  secrets: PublicSecret[]
}
