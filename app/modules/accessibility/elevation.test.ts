import { describe, expect, it } from 'vitest'
import type { FeatureCollection } from '#app/modules/geo/geojson.schema.ts'
import { ASCENT_THRESHOLD_M, climb, elevationOf, PROFILE_POINTS } from './elevation.ts'

const line = (coordinates: number[][]): FeatureCollection => ({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates } }] })

describe('climb', () => {
  it('counts a steady climb and descent in full', () => {
    expect(climb([400, 410, 420, 430, 420, 400])).toEqual({ ascent: 30, descent: 30 })
  })

  it('drops jitter below the threshold (a flat walk with GPS noise climbs nothing)', () => {
    const noisy = [500, 501.5, 499, 501, 500.5, 498.8, 500.9, 500]
    expect(climb(noisy)).toEqual({ ascent: 0, descent: 0 })
    // Summed naively the same noise would be several metres.
    const naive = noisy.slice(1).reduce((sum, e, i) => sum + Math.max(0, e - noisy[i]), 0)
    expect(naive).toBeGreaterThan(ASCENT_THRESHOLD_M)
  })

  it('counts a slow climb made of steps smaller than the threshold', () => {
    const slow = Array.from({ length: 21 }, (_, i) => 300 + i) // 1 m per point, 20 m in all
    expect(climb(slow).ascent).toBeGreaterThanOrEqual(18)
  })
})

describe('elevationOf', () => {
  it('is null without heights, or with a single one', () => {
    expect(elevationOf(null)).toBeNull()
    expect(elevationOf(line([[6.6, 46.5], [6.61, 46.51]]))).toBeNull()
    expect(elevationOf(line([[6.6, 46.5, 400], [6.61, 46.51]]))).toBeNull()
  })

  it('gives totals, extremes, the distance along the path and a thinned profile', () => {
    const coordinates = Array.from({ length: 500 }, (_, i) => [6.6 + i * 0.0001, 46.5, 400 + 50 * Math.sin((i / 499) * Math.PI)])
    const e = elevationOf(line(coordinates))!
    expect(e.min).toBe(400)
    expect(e.max).toBe(450)
    expect(e.ascent).toBeGreaterThanOrEqual(47)
    expect(e.ascent).toBeLessThanOrEqual(50)
    expect(e.descent).toBeGreaterThanOrEqual(47)
    expect(e.distance).toBeGreaterThan(3700) // 499 steps of ~7.7 m at this latitude
    expect(e.distance).toBeLessThan(3900)
    expect(e.profile).toHaveLength(PROFILE_POINTS)
    expect(e.profile[0]).toEqual([0, 400])
    expect(e.profile.at(-1)![0]).toBe(e.distance)
  })

  it('does not count the gap between two lines as a climb', () => {
    const fc: FeatureCollection = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'MultiLineString', coordinates: [[[6.6, 46.5, 400], [6.601, 46.5, 400]], [[6.602, 46.5, 600], [6.603, 46.5, 600]]] } },
      ],
    }
    expect(elevationOf(fc)).toMatchObject({ ascent: 0, descent: 0, min: 400, max: 600 })
  })
})
