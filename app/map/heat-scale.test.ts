import { describe, expect, it } from 'vitest'
import { HEAT_GRADIENT, heatColor, heatCssGradient, heatIntensities, MAX_POINT_RADIUS, MIN_POINT_RADIUS, pointRadius } from './heat-scale.ts'

describe('heatColor', () => {
  it('is the ramp’s colour at each stop, and the ends outside it', () => {
    expect(heatColor(1)).toBe(HEAT_GRADIENT[1])
    expect(heatColor(0.8)).toBe(HEAT_GRADIENT[0.8])
    expect(heatColor(0.4)).toBe(HEAT_GRADIENT[0.4])
    expect(heatColor(0)).toBe(HEAT_GRADIENT[0.4])
    expect(heatColor(-3)).toBe(HEAT_GRADIENT[0.4])
    expect(heatColor(7)).toBe(HEAT_GRADIENT[1])
    expect(heatColor(Number.NaN)).toBe(HEAT_GRADIENT[0.4])
  })

  it('blends between two stops', () => {
    // Half way from #facc15 to #dc2626.
    expect(heatColor(0.9)).toBe('#eb791e')
  })
})

describe('heatCssGradient', () => {
  it('runs low to high through every stop', () => {
    expect(heatCssGradient()).toBe('linear-gradient(to right, #2563eb33 0%, #2563eb 40%, #06b6d4 60%, #84cc16 70%, #facc15 80%, #dc2626 100%)')
  })
})

describe('pointRadius', () => {
  it('grows with the square root of the share, between the bounds', () => {
    expect(pointRadius(100, 100)).toBe(MAX_POINT_RADIUS)
    expect(pointRadius(25, 100)).toBe(12.5)
    expect(pointRadius(0, 100)).toBe(MIN_POINT_RADIUS)
    expect(pointRadius(5, 0)).toBe(MIN_POINT_RADIUS)
    expect(pointRadius(500, 100)).toBe(MAX_POINT_RADIUS)
  })
})

describe('heatIntensities', () => {
  it('gives each weight as a share of the maximum, without empty points', () => {
    expect(
      heatIntensities(
        [
          { lat: 1, lng: 2, weight: 10 },
          { lat: 3, lng: 4, weight: 2.5 },
          { lat: 5, lng: 6, weight: 0 },
        ],
        10,
      ),
    ).toEqual([
      [1, 2, 1],
      [3, 4, 0.25],
    ])
    expect(heatIntensities([{ lat: 1, lng: 2, weight: 3 }], 0)).toEqual([])
  })
})
