import { haversineDistance, walkingDuration, type LatLng } from '#app/modules/geo/geo.ts'
import { toDirections, type DirectionsProvider, type MeasuredPath } from '../directions-provider.ts'

// The default provider: straight (great-circle) legs between consecutive points, walked at
// 1.4 m/s. Offline, free and instant; the path crosses buildings and water.

/** The straight path through the points, measured leg by leg. */
export function straightPath(points: LatLng[]): MeasuredPath {
  const legs = points.slice(1).map((point, i) => {
    const distance = haversineDistance(points[i], point)
    return { distance, duration: walkingDuration(distance) }
  })
  const distance = legs.reduce((sum, leg) => sum + leg.distance, 0)
  return {
    distance,
    duration: walkingDuration(distance),
    coordinates: points.map((p) => [p.lng, p.lat]),
    legs,
  }
}

export const straightProvider: DirectionsProvider = {
  name: 'straight',
  route: async (points) => toDirections('straight', straightPath(points)),
}
