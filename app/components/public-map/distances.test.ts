import { describe, expect, it } from 'vitest'
import { haversineDistance } from '#app/modules/geo/geo.ts'
import { closestDistance, distanceLabel, distancesFrom } from './distances.ts'

const places = [
  { id: 1, lat: 46.52255, lng: 6.63567 },
  { id: 2, lat: 46.5197, lng: 6.6323 },
]

describe('visitor distances', () => {
  it('measures each place with haversine and picks the closest', () => {
    const here = { lat: 46.5226, lng: 6.635 }
    const distances = distancesFrom(here, places)
    expect(distances.get(1)).toBeCloseTo(haversineDistance(here, places[0]), 6)
    expect(closestDistance(distances)).toBe(distances.get(1))
  })

  it('is unknown without a position', () => {
    expect(distancesFrom(null, places).size).toBe(0)
    expect(closestDistance(new Map())).toBeNull()
    expect(distanceLabel(null, 'en', 'N/A')).toBe('N/A')
  })

  it('reads metres below a kilometre and kilometres with two decimals above', () => {
    expect(distanceLabel(52.4, 'en', 'N/A')).toBe('52\u00a0m')
    expect(distanceLabel(1234, 'en', 'N/A')).toBe('1.23\u00a0km')
  })
})
