import { EARTH_RADIUS_M, haversineDistance, NEARBY_RADIUS_M, type LatLng } from '#app/modules/geo/geo.ts'

const METRES_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_M

/**
 * The category's places sorted by latitude: the places under 20 m of a point are found among
 * those in a narrow latitude band (a binary search), measured exactly by haversine. One read of
 * the category instead of one query per imported row.
 */
export class NearbyIndex<T extends LatLng> {
  private readonly sorted: T[]

  constructor(points: T[]) {
    this.sorted = [...points].sort((a, b) => a.lat - b.lat)
  }

  /** The nearest point strictly closer than `radius`, with its distance, or null. */
  nearest(point: LatLng, radius = NEARBY_RADIUS_M): { item: T; distance: number } | null {
    const band = (radius / METRES_PER_DEGREE) * 1.5
    let low = 0
    let high = this.sorted.length
    while (low < high) {
      const mid = (low + high) >> 1
      if (this.sorted[mid].lat < point.lat - band) low = mid + 1
      else high = mid
    }
    let best: { item: T; distance: number } | null = null
    for (let i = low; i < this.sorted.length && this.sorted[i].lat <= point.lat + band; i++) {
      const distance = haversineDistance(point, this.sorted[i])
      if (distance < radius && (!best || distance < best.distance)) best = { item: this.sorted[i], distance }
    }
    return best
  }
}
