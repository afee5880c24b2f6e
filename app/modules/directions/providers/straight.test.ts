import { describe, expect, it } from 'vitest'
import { straightPath, straightProvider } from './straight.ts'

// Figures computed independently (Python, haversine with R = 6371008.8 m, 1.4 m/s).

describe('the straight provider', () => {
  it('measures great-circle legs: a degree of a meridian, then a degree of longitude at the equator', async () => {
    const directions = await straightProvider.route([
      { lat: 0, lng: 0 },
      { lat: 1, lng: 0 },
      { lat: 1, lng: 1 },
    ])
    expect(directions).toEqual({
      provider: 'straight',
      distance: 222_373,
      duration: 158_838,
      geometry: { type: 'LineString', coordinates: [[0, 0], [0, 1], [1, 1]] },
      // 111195.08 m each; the second leg is along the parallel at 1°N, barely shorter than at the equator.
      legs: [
        { distance: 111_195, duration: 79_425 },
        { distance: 111_178, duration: 79_413 },
      ],
    })
  })

  it('measures a walk across Lausanne: 401 m then 1733 m, 2134 m in 1524 s', async () => {
    const path = straightPath([
      { lat: 46.5197, lng: 6.6323 },
      { lat: 46.5225, lng: 6.6356 },
      { lat: 46.5082, lng: 6.6266 },
    ])
    expect(path.legs.map((l) => l.distance)).toEqual([expect.closeTo(400.858, 3), expect.closeTo(1732.82, 2)])
    expect(path.distance).toBeCloseTo(2133.678, 3)
    expect(path.duration).toBeCloseTo(1524.056, 3)
    const directions = await straightProvider.route([
      { lat: 46.5197, lng: 6.6323 },
      { lat: 46.5225, lng: 6.6356 },
      { lat: 46.5082, lng: 6.6266 },
    ])
    expect([directions.distance, directions.duration]).toEqual([2134, 1524])
    expect(directions.legs).toEqual([
      { distance: 401, duration: 286 },
      { distance: 1733, duration: 1238 },
    ])
    expect(directions).not.toHaveProperty('weight')
  })

  it('answers a zero-length path for the same point twice (a line of two equal positions)', async () => {
    const directions = await straightProvider.route([
      { lat: 46.5, lng: 6.6 },
      { lat: 46.5, lng: 6.6 },
    ])
    expect(directions).toMatchObject({ distance: 0, duration: 0, legs: [{ distance: 0, duration: 0 }] })
    expect(directions.geometry.coordinates).toEqual([[6.6, 46.5], [6.6, 46.5]])
  })
})
