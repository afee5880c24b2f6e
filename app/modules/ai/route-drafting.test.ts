import { describe, expect, it } from 'vitest'
import { haversineDistance, walkingDuration, type LatLng } from '#app/modules/geo/geo.ts'
import { draftRoute, extendNearestNeighbour, insertCheapest, lineThrough, MAX_DRAFT_PLACES, tourLength, twoOpt, type DraftPlace } from './route-drafting.ts'

/** A small deterministic generator (mulberry32), so every run checks the same sets. */
function seeded(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** `count` places scattered over about 2 km x 2 km around Lausanne. */
function randomPlaces(seed: number, count: number): DraftPlace[] {
  const random = seeded(seed)
  return Array.from({ length: count }, (_, i) => ({ id: i + 1, lat: 46.51 + random() * 0.018, lng: 6.62 + random() * 0.026 }))
}

const indexesOf = (places: DraftPlace[], ids: number[]) => ids.map((id) => places.findIndex((p) => p.id === id))

/** Do segments ab and cd cross (in the plane of lng/lat; fine at city scale)? */
function crosses(a: LatLng, b: LatLng, c: LatLng, d: LatLng): boolean {
  const side = (p: LatLng, q: LatLng, r: LatLng) => Math.sign((q.lng - p.lng) * (r.lat - p.lat) - (q.lat - p.lat) * (r.lng - p.lng))
  return side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0
}

function hasCrossing(path: LatLng[]): boolean {
  for (let i = 0; i + 1 < path.length; i++) {
    for (let j = i + 2; j + 1 < path.length; j++) if (crosses(path[i], path[i + 1], path[j], path[j + 1])) return true
  }
  return false
}

const seeds = [1, 2, 3, 7, 42, 1234, 2026, 99999]

describe('twoOpt', () => {
  it.each(seeds)('is never longer than nearest-neighbour alone on the same 30 places (seed %i)', (seed) => {
    const places = randomPlaces(seed, 30)
    const nearestNeighbour = extendNearestNeighbour(places, [0], Infinity)
    expect(nearestNeighbour).toHaveLength(30)
    const improved = twoOpt(places, nearestNeighbour)
    expect([...improved].sort((a, b) => a - b)).toEqual([...nearestNeighbour].sort((a, b) => a - b))
    expect(improved[0]).toBe(0)
    expect(tourLength(places, improved)).toBeLessThanOrEqual(tourLength(places, nearestNeighbour))
    expect(hasCrossing(improved.map((k) => places[k]))).toBe(false)
  })

  it('uncrosses the classic crossing of a square walked corner to opposite corner', () => {
    // Corners of a ~100 m square: A bottom-left, B top-left, C top-right, D bottom-right.
    const square: LatLng[] = [
      { lat: 46.5, lng: 6.6 },
      { lat: 46.5009, lng: 6.6 },
      { lat: 46.5009, lng: 6.6013 },
      { lat: 46.5, lng: 6.6013 },
    ]
    const crossing = [0, 2, 1, 3] // A -> C -> B -> D: the two diagonals cross
    expect(hasCrossing(crossing.map((k) => square[k]))).toBe(true)
    const uncrossed = twoOpt(square, crossing)
    expect(hasCrossing(uncrossed.map((k) => square[k]))).toBe(false)
    expect([[0, 1, 2, 3], [0, 3, 2, 1]]).toContainEqual(uncrossed)
    expect(tourLength(square, uncrossed)).toBeLessThan(tourLength(square, crossing))
  })

  it('keeps the first point first and leaves short paths alone', () => {
    const places = randomPlaces(5, 3)
    expect(twoOpt(places, [2])).toEqual([2])
    expect(twoOpt(places, [2, 0])).toEqual([2, 0])
    expect(twoOpt(places, [1, 0, 2])[0]).toBe(1)
  })
})

describe('draftRoute', () => {
  it.each(seeds)('with time for every place, orders all 30 no longer than nearest-neighbour (seed %i)', (seed) => {
    const places = randomPlaces(seed, 30)
    const draft = draftRoute(places, places[0].id, 1e9)
    expect(draft.placeIds).toHaveLength(30)
    expect(new Set(draft.placeIds).size).toBe(30)
    expect(draft.placeIds[0]).toBe(places[0].id)
    const nearestNeighbour = extendNearestNeighbour(places, [0], Infinity)
    expect(draft.distance).toBeLessThanOrEqual(tourLength(places, nearestNeighbour))
    expect(draft.distance).toBeCloseTo(tourLength(places, indexesOf(places, draft.placeIds)), 6)
    expect(draft.duration).toBeCloseTo(walkingDuration(draft.distance), 6)
  })

  it.each([5, 10, 20, 45, 90])('respects a target of %i minutes', (minutes) => {
    for (const seed of seeds) {
      const places = randomPlaces(seed, 30)
      const draft = draftRoute(places, places[3].id, minutes * 60)
      expect(draft.duration).toBeLessThanOrEqual(minutes * 60)
      expect(draft.placeIds[0]).toBe(places[3].id)
      expect(new Set(draft.placeIds).size).toBe(draft.placeIds.length)
    }
  })

  it('takes more places, never fewer, with more time', () => {
    const places = randomPlaces(11, 30)
    const counts = [5, 10, 20, 40, 80].map((m) => draftRoute(places, 1, m * 60).placeIds.length)
    expect(counts).toEqual([...counts].sort((a, b) => a - b))
    expect(counts[0]).toBeGreaterThan(1)
  })

  it('walks a line of places in order, as far as the time allows', () => {
    // Five places 100 m apart due north (0.0009° of latitude is about 100 m).
    const line = [0, 1, 2, 3, 4].map((k) => ({ id: 10 + k, lat: 46.5 + k * 0.0009, lng: 6.6 }))
    const leg = haversineDistance(line[0], line[1])
    const shuffled = [line[3], line[0], line[4], line[2], line[1]]
    expect(draftRoute(shuffled, 10, 1e6).placeIds).toEqual([10, 11, 12, 13, 14])
    // Time for two and a half legs: three places.
    const draft = draftRoute(shuffled, 10, walkingDuration(leg * 2.5))
    expect(draft.placeIds).toEqual([10, 11, 12])
    expect(draft.distance).toBeCloseTo(leg * 2, 6)
    // From the middle: the nearest first, then onwards.
    expect(draftRoute(shuffled, 12, 1e6).placeIds).toHaveLength(5)
  })

  it('fills the time left with a short detour to a place beside the path walked earlier', () => {
    // S, A, B due east, 111 m apart; Q 11 m off the middle of S–A. Appending Q after B costs
    // 170 m, a detour between S and A about 2 m.
    const points: LatLng[] = [
      { lat: 0, lng: 0 },
      { lat: 0, lng: 0.001 },
      { lat: 0, lng: 0.002 },
      { lat: 0.0001, lng: 0.0005 },
    ]
    const length = tourLength(points, [0, 1, 2])
    expect(insertCheapest(points, [0, 1, 2], length + 30)).toEqual([0, 3, 1, 2])
    expect(insertCheapest(points, [0, 1, 2], length + 1)).toEqual([0, 1, 2])
  })

  it('comes within 10% of the hour asked for when the category has places enough', () => {
    // Nearest-neighbour and 2-opt alone stopped at 76% (40 places, seed 6) and 79% (20 places).
    for (const count of [20, 40]) {
      for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
        const draft = draftRoute(randomPlaces(seed, count), 1, 3600)
        expect(draft.duration, `${count} places, seed ${seed}`).toBeLessThanOrEqual(3600)
        expect(draft.duration, `${count} places, seed ${seed}`).toBeGreaterThanOrEqual(0.9 * 3600)
      }
    }
  })

  it('re-adds places when 2-opt frees time', () => {
    // On a line (0.001° of longitude is about 111 m at the equator): nearest-neighbour from S
    // goes to A, back over S to B, then far east to C; no time is left for D. 2-opt walks
    // S, B, A, C instead, which frees enough time to append D.
    const places: DraftPlace[] = [
      { id: 1, lat: 0, lng: 0 }, // S
      { id: 2, lat: 0, lng: 0.001 }, // A
      { id: 3, lat: 0, lng: -0.0011 }, // B
      { id: 4, lat: 0, lng: 0.0035 }, // C
      { id: 5, lat: 0, lng: 0.0047 }, // D
    ]
    expect(extendNearestNeighbour(places, [0], Infinity)).toEqual([0, 1, 2, 3, 4])
    const budget = tourLength(places, [0, 1, 2, 3]) + 1
    expect(extendNearestNeighbour(places, [0], budget)).toEqual([0, 1, 2, 3])
    const draft = draftRoute(places, 1, walkingDuration(budget))
    expect(draft.placeIds).toEqual([1, 3, 2, 4, 5])
    expect(draft.distance).toBeLessThanOrEqual(budget)
  })

  it('answers the start alone when it is the only place, or nothing else fits', () => {
    const only = [{ id: 7, lat: 46.5, lng: 6.6 }]
    expect(draftRoute(only, 7, 3600)).toEqual({ placeIds: [7], distance: 0, duration: 0 })
    const far = [...only, { id: 8, lat: 46.6, lng: 6.6 }]
    expect(draftRoute(far, 7, 300)).toEqual({ placeIds: [7], distance: 0, duration: 0 })
  })

  it('refuses a start that is not among the places', () => {
    expect(() => draftRoute(randomPlaces(1, 5), 99, 3600)).toThrow(RangeError)
    expect(() => draftRoute([], 1, 3600)).toThrow(/start place 1/)
  })

  it(`stops at ${MAX_DRAFT_PLACES} places, so a draft can always be saved`, () => {
    const places = randomPlaces(3, MAX_DRAFT_PLACES + 20)
    expect(draftRoute(places, 1, 1e9).placeIds).toHaveLength(MAX_DRAFT_PLACES)
    expect(draftRoute(places, 1, 1e9, 12).placeIds).toHaveLength(12)
  })
})

describe('lineThrough', () => {
  it('draws one LineString through the places as [lng, lat]', () => {
    expect(lineThrough([{ lat: 46.5, lng: 6.6 }, { lat: 46.6, lng: 6.7 }])).toEqual({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: [[6.6, 46.5], [6.7, 46.6]] } }],
    })
  })

  it('draws nothing for a single place (a line needs two positions)', () => {
    expect(lineThrough([{ lat: 46.5, lng: 6.6 }])).toEqual({ type: 'FeatureCollection', features: [] })
  })
})
