import { describe, expect, it } from 'vitest'
import { chunkPoints, joinPaths, toDirections, type MeasuredPath } from './directions-provider.ts'

const range = (n: number) => Array.from({ length: n }, (_, i) => i)

describe('chunkPoints', () => {
  it('keeps a route that fits in one request whole', () => {
    expect(chunkPoints(range(2), 25)).toEqual([range(2)])
    expect(chunkPoints(range(25), 25)).toEqual([range(25)])
  })

  it('splits longer routes into chunks that share their boundary point', () => {
    expect(chunkPoints(range(26), 25)).toEqual([range(25), [24, 25]])
    expect(chunkPoints(range(49), 25)).toEqual([range(25), range(25).map((i) => i + 24)])
    const chunks = chunkPoints(range(500), 25)
    expect(chunks).toHaveLength(21)
    expect(chunks.every((c) => c.length >= 2 && c.length <= 25)).toBe(true)
    // Every leg (i, i+1) is asked exactly once.
    const legs = chunks.flatMap((c) => c.slice(1).map((p, i) => `${c[i]}-${p}`))
    expect(legs).toEqual(range(499).map((i) => `${i}-${i + 1}`))
  })

  it('refuses a chunk size that cannot hold a leg', () => {
    expect(() => chunkPoints(range(3), 1)).toThrow()
  })
})

describe('joinPaths', () => {
  const first: MeasuredPath = {
    distance: 100.4,
    duration: 80.2,
    weight: 90,
    coordinates: [[6.6, 46.5], [6.61, 46.51], [6.62, 46.52]],
    legs: [
      { distance: 40.2, duration: 30.1 },
      { distance: 60.2, duration: 50.1 },
    ],
  }
  const second: MeasuredPath = {
    distance: 50.3,
    duration: 40.4,
    weight: 45.5,
    coordinates: [[6.62, 46.52], [6.63, 46.53]],
    legs: [{ distance: 50.3, duration: 40.4 }],
  }

  it('sums the measures, keeps the legs in order and draws the shared point once', () => {
    expect(joinPaths([first, second])).toEqual({
      distance: expect.closeTo(150.7, 9),
      duration: expect.closeTo(120.6, 9),
      weight: 135.5,
      coordinates: [[6.6, 46.5], [6.61, 46.51], [6.62, 46.52], [6.63, 46.53]],
      legs: [...first.legs, ...second.legs],
    })
  })

  it('keeps both ends when the provider snapped the shared point to two different spots', () => {
    const snapped = { ...second, coordinates: [[6.62001, 46.52], [6.63, 46.53]] as [number, number][] }
    expect(joinPaths([first, snapped]).coordinates).toHaveLength(5)
  })

  it('has no weight when a part has none', () => {
    expect(joinPaths([first, { ...second, weight: undefined }])).not.toHaveProperty('weight')
  })
})

describe('toDirections', () => {
  it('rounds to whole metres and seconds, the total from the exact sum', () => {
    const path: MeasuredPath = {
      distance: 1.4 + 1.4,
      duration: 2.4 + 2.4,
      coordinates: [[0, 0], [0, 1], [0, 2]],
      legs: [
        { distance: 1.4, duration: 2.4 },
        { distance: 1.4, duration: 2.4 },
      ],
    }
    expect(toDirections('osrm', path)).toEqual({
      provider: 'osrm',
      distance: 3,
      duration: 5,
      geometry: { type: 'LineString', coordinates: [[0, 0], [0, 1], [0, 2]] },
      legs: [
        { distance: 1, duration: 2 },
        { distance: 1, duration: 2 },
      ],
    })
  })
})
