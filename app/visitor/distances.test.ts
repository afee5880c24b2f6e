import { describe, expect, it } from 'vitest'
import { haversineDistance } from '#app/modules/geo/geo.ts'
import { arrivals, closestPlace, distanceLabel, distancesFrom } from './distances.ts'

const places = [
  { id: 1, lat: 46.52255, lng: 6.63567 },
  { id: 2, lat: 46.5197, lng: 6.6323 },
]

describe('visitor distances', () => {
  it('measures each place with haversine and picks the closest, by name', () => {
    const here = { lat: 46.5226, lng: 6.635 }
    const distances = distancesFrom(here, places)
    expect(distances.get(1)).toBeCloseTo(haversineDistance(here, places[0]), 6)
    expect(closestPlace(distances)).toEqual({ id: 1, distance: distances.get(1) })
  })

  it('is unknown without a position', () => {
    expect(distancesFrom(null, places).size).toBe(0)
    expect(closestPlace(new Map())).toBeNull()
    expect(distanceLabel(null, 'en', 'N/A')).toBe('N/A')
  })

  it('reads metres below a kilometre and kilometres with two decimals above', () => {
    expect(distanceLabel(52.4, 'en', 'N/A')).toBe('52\u00a0m')
    expect(distanceLabel(1234, 'en', 'N/A')).toBe('1.23\u00a0km')
  })

  it('announces a stop once, when the visitor comes within 20 m, closest first', () => {
    const near = new Map([
      [1, 19.9],
      [2, 12],
      [3, 20],
      [4, 250],
    ])
    expect(arrivals(near, new Set())).toEqual([2, 1])
    expect(arrivals(near, new Set([2]))).toEqual([1])
    expect(arrivals(near, new Set([1, 2]))).toEqual([])
    // 20 m exactly is not "under 20 m".
    expect(arrivals(new Map([[3, 20]]), new Set())).toEqual([])
  })
})
