import { describe, expect, it } from 'vitest'
import { LONG_LEG_M, routeWarnings } from './route-plausibility.ts'

// Lausanne's cathedral, the station (~800 m), Geneva (50 km), Zurich (175 km).
const cathedral = { lat: 46.5225, lng: 6.6355 }
const station = { lat: 46.5167, lng: 6.6291 }
const geneva = { lat: 46.2044, lng: 6.1432 }
const zurich = { lat: 47.3769, lng: 8.5417 }
const numbered = (...points: { lat: number; lng: number }[]) => points.map((p, i) => ({ ...p, number: i + 1 }))

describe('routeWarnings', () => {
  it('says nothing about a walk in town', () => {
    expect(routeWarnings({ stops: numbered(cathedral, station, cathedral), path: { distance: 2300, duration: 1700 } })).toEqual([])
    expect(routeWarnings({ stops: [], path: null })).toEqual([])
  })

  it('names each leg longer than 10 km by its stop numbers, the longest first', () => {
    const warnings = routeWarnings({ stops: numbered(cathedral, station, geneva, zurich), path: null })
    const legs = warnings.filter((w) => w.kind === 'leg')
    expect(legs.map((w) => [w.from, w.to])).toEqual([
      [3, 4],
      [2, 3],
    ])
    for (const leg of legs) expect(leg.metres).toBeGreaterThan(LONG_LEG_M)
  })

  it('keeps the numbers of the list when stops without a position are left out', () => {
    const stops = [
      { ...station, number: 1 },
      { ...geneva, number: 3 },
    ]
    expect(routeWarnings({ stops, path: null }).find((w) => w.kind === 'leg')).toMatchObject({ from: 1, to: 3 })
  })

  it('flags a route over 50 km or 10 hours on foot, from the computed path when there is one', () => {
    const long = routeWarnings({ stops: numbered(cathedral, station), path: { distance: 470_000, duration: 335_000 } })
    expect(long).toEqual([{ kind: 'route', metres: 470_000, seconds: 335_000 }])
    // Many short legs can add up: 80 legs of ~800 m.
    const zigzag = numbered(...Array.from({ length: 81 }, (_, i) => (i % 2 ? station : cathedral)))
    expect(routeWarnings({ stops: zigzag, path: null }).map((w) => w.kind)).toEqual(['route'])
    // A slow path (hilly, the provider says 11 hours) for 40 km.
    expect(routeWarnings({ stops: numbered(cathedral, station), path: { distance: 40_000, duration: 11 * 3600 } })[0]).toMatchObject({ kind: 'route' })
  })
})
