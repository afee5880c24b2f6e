import { describe, expect, it } from 'vitest'
import { AppError } from '#app/utils/errors.ts'
import { heatPoints, maxWeight, monthsBefore, resolvePeriod } from './heatmap.ts'

describe('monthsBefore', () => {
  it('steps across years both ways', () => {
    expect(monthsBefore('2026-03', 11)).toBe('2025-04')
    expect(monthsBefore('2026-01', 1)).toBe('2025-12')
    expect(monthsBefore('2025-12', -1)).toBe('2026-01')
    expect(monthsBefore('2025-05', 0)).toBe('2025-05')
  })
})

describe('resolvePeriod', () => {
  const now = new Date('2026-02-10T12:00:00Z')

  it('defaults to the current month and the eleven before it', () => {
    expect(resolvePeriod({}, now)).toEqual({ from: '2025-03', to: '2026-02', days: { from: '2025-03-01', to: '2026-02-31' } })
  })

  it('takes twelve months up to an asked end, and up to now from an asked start', () => {
    expect(resolvePeriod({ to: '2025-05' }, now)).toMatchObject({ from: '2024-06', to: '2025-05' })
    expect(resolvePeriod({ from: '2025-09' }, now)).toMatchObject({ from: '2025-09', to: '2026-02' })
    expect(resolvePeriod({ from: '2026-06' }, now)).toMatchObject({ from: '2026-06', to: '2026-06' })
  })

  it('accepts a single month and refuses a start after the end', () => {
    expect(resolvePeriod({ from: '2025-04', to: '2025-04' }, now).days).toEqual({ from: '2025-04-01', to: '2025-04-31' })
    expect(() => resolvePeriod({ from: '2025-05', to: '2025-04' }, now)).toThrow(AppError)
  })
})

describe('heatPoints', () => {
  const places = [
    { id: 1, name: 'A', lat: 46.5, lng: 6.6 },
    { id: 2, name: 'B', lat: 46.6, lng: 6.7 },
    { id: 3, name: 'C', lat: 46.7, lng: 6.8 },
    { id: 4, name: 'Quiet', lat: 46.8, lng: 6.9 },
  ]

  it('adds scans to the views each route shares equally among its stops, heaviest first', () => {
    const stops = [
      { walk_id: 10, place_id: 1 },
      { walk_id: 10, place_id: 2 },
      { walk_id: 20, place_id: 2 },
      { walk_id: 20, place_id: 3 },
      { walk_id: 20, place_id: 2 },
    ]
    const points = heatPoints(places, stops, new Map([[10, 9], [20, 10]]), new Map([[3, 4]]))
    expect(points).toEqual([
      // B: 4.5 from route 10, twice 3.333 from route 20 (a stop twice on one route).
      { place_id: 2, name: 'B', lat: 46.6, lng: 6.7, weight: 11.17, place_visits: 0, views: 11.17 },
      { place_id: 3, name: 'C', lat: 46.7, lng: 6.8, weight: 7.33, place_visits: 4, views: 3.33 },
      { place_id: 1, name: 'A', lat: 46.5, lng: 6.6, weight: 4.5, place_visits: 0, views: 4.5 },
    ])
    expect(maxWeight(points)).toBe(11.17)
  })

  it('leaves out places with nothing, and counts scans at places on no route', () => {
    const points = heatPoints(places, [], new Map([[10, 9]]), new Map([[4, 2]]))
    expect(points).toEqual([{ place_id: 4, name: 'Quiet', lat: 46.8, lng: 6.9, weight: 2, place_visits: 2, views: 0 }])
    expect(maxWeight([])).toBe(0)
  })
})
