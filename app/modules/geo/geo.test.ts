import { describe, expect, it } from 'vitest'
import { haversineDistance, hasCoordinates, pathLength, walkingDuration } from './geo.ts'

describe('geo', () => {
  it('measures great-circle distances with the spec’s Earth radius', () => {
    // One degree of latitude: 2πR/360 = 111195.08 m with R = 6371008.8 m.
    expect(haversineDistance({ lat: 46, lng: 6.6 }, { lat: 47, lng: 6.6 })).toBeCloseTo(111195.08, 1)
    expect(haversineDistance({ lat: 46.5, lng: 6.6 }, { lat: 46.5, lng: 6.6 })).toBe(0)
  })

  it('sums a path and turns metres into walking seconds at 1.4 m/s', () => {
    const a = { lat: 46.5, lng: 6.6 }
    const b = { lat: 46.501, lng: 6.6 }
    expect(pathLength([a, b, a])).toBeCloseTo(2 * haversineDistance(a, b), 6)
    expect(walkingDuration(1400)).toBeCloseTo(1000, 9)
  })

  it('keeps only places with both coordinates', () => {
    expect(hasCoordinates({ lat: 1, lng: 2 })).toBe(true)
    expect(hasCoordinates({ lat: null, lng: 2 })).toBe(false)
    expect(hasCoordinates({ lat: 1, lng: undefined })).toBe(false)
  })
})
