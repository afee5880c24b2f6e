import { describe, expect, it } from 'vitest'
import { ProviderUnavailable } from '#app/platform/http/outbound-json.server.ts'
import { mapboxRouteUrl } from './mapbox.ts'
import { osrmRouteUrl } from './osrm.ts'
import { coordinatesPath, formatCoordinate, parseRouteAnswer } from './route-answer.ts'

const points = [
  { lat: 46.5197, lng: 6.6323 },
  { lat: 46.5225, lng: 6.6356 },
  { lat: -33.8568, lng: 151.2153 },
]

describe('request building', () => {
  it('writes coordinates with at most 6 decimals and never in exponent notation', () => {
    expect(formatCoordinate(6.6323)).toBe('6.6323')
    expect(formatCoordinate(46)).toBe('46')
    expect(formatCoordinate(-0.1278)).toBe('-0.1278')
    expect(formatCoordinate(1e-7)).toBe('0')
    expect(formatCoordinate(-1e-7)).toBe('0')
    expect(formatCoordinate(2.5e-5)).toBe('0.000025')
    expect(formatCoordinate(6.123456789)).toBe('6.123457')
    expect(formatCoordinate(-180)).toBe('-180')
  })

  it('joins the points as lng,lat pairs with ";"', () => {
    expect(coordinatesPath(points)).toBe('6.6323,46.5197;6.6356,46.5225;151.2153,-33.8568')
  })

  it('asks Mapbox for walking directions with the spec’s parameters and the token', () => {
    const url = new URL(mapboxRouteUrl('https://api.mapbox.com/', 'pk.test+token/=', points))
    expect(url.origin).toBe('https://api.mapbox.com')
    expect(url.pathname).toBe('/directions/v5/mapbox/walking/6.6323,46.5197;6.6356,46.5225;151.2153,-33.8568')
    expect([...url.searchParams]).toEqual([
      ['geometries', 'geojson'],
      ['steps', 'true'],
      ['overview', 'full'],
      ['exclude', 'ferry'],
      ['access_token', 'pk.test+token/='],
    ])
    // The token is encoded: a "+" in it must not turn into a space.
    expect(url.search).toContain('access_token=pk.test%2Btoken%2F%3D')
  })

  it('asks an OSRM server for the foot profile, under its own path', () => {
    const url = new URL(osrmRouteUrl('http://osrm.internal:5000/v1-proxy/', points.slice(0, 2)))
    expect(url.origin).toBe('http://osrm.internal:5000')
    expect(url.pathname).toBe('/v1-proxy/route/v1/foot/6.6323,46.5197;6.6356,46.5225')
    expect([...url.searchParams]).toEqual([
      ['geometries', 'geojson'],
      ['steps', 'true'],
      ['overview', 'full'],
    ])
  })
})

/** An answer as Mapbox and OSRM give it (trimmed steps), through 3 points. */
const answer = (overrides: Record<string, unknown> = {}) => ({
  code: 'Ok',
  uuid: 'abc',
  waypoints: [
    { distance: 2.1, name: 'Place de la Gare', location: [6.6323, 46.5197] },
    { distance: 0.4, name: 'Rue du Petit-Chêne', location: [6.6356, 46.5225] },
    { distance: 1.2, name: '', location: [6.6266, 46.5082] },
  ],
  routes: [
    {
      weight_name: 'pedestrian',
      weight: 2271.4,
      distance: 2380.6,
      duration: 1712.3,
      geometry: { type: 'LineString', coordinates: [[6.6323, 46.5197], [6.634, 46.521], [6.6356, 46.5225], [6.63, 46.515], [6.6266, 46.5082]] },
      legs: [
        { summary: 'Rue du Petit-Chêne', weight: 400.2, distance: 452.4, duration: 325.6, steps: [{ maneuver: { type: 'depart' } }] },
        { summary: 'Avenue de Cour', weight: 1871.2, distance: 1928.2, duration: 1386.7, steps: [] },
      ],
      ...overrides,
    },
  ],
})

describe('answer parsing', () => {
  it('reads routes[0]: distance, duration, weight, geometry and legs', () => {
    expect(parseRouteAnswer(answer(), 3)).toEqual({
      distance: 2380.6,
      duration: 1712.3,
      weight: 2271.4,
      coordinates: [[6.6323, 46.5197], [6.634, 46.521], [6.6356, 46.5225], [6.63, 46.515], [6.6266, 46.5082]],
      legs: [
        { distance: 452.4, duration: 325.6 },
        { distance: 1928.2, duration: 1386.7 },
      ],
    })
  })

  it('reads only the first route when there are alternatives, and drops elevations', () => {
    const body = answer({ geometry: { type: 'LineString', coordinates: [[6.6323, 46.5197, 372], [6.6266, 46.5082, 410]] } })
    body.routes.push({ ...body.routes[0], distance: 1 })
    const path = parseRouteAnswer(body, 3)
    expect(path.distance).toBe(2380.6)
    expect(path.coordinates).toEqual([[6.6323, 46.5197], [6.6266, 46.5082]])
  })

  it('has no weight when the server gives none', () => {
    expect(parseRouteAnswer(answer({ weight: undefined }), 3)).not.toHaveProperty('weight')
  })

  const unavailable = (body: unknown, pointCount = 3) => {
    try {
      parseRouteAnswer(body, pointCount)
    } catch (error) {
      expect(error).toBeInstanceOf(ProviderUnavailable)
      return (error as ProviderUnavailable).reason
    }
    throw new Error('parsed an answer it should refuse')
  }

  it.each([
    ['a refusal code (OSRM and Mapbox NoRoute)', { code: 'NoRoute', message: 'Impossible route between points' }, 'no_route'],
    ['NoSegment', { code: 'NoSegment', message: 'Could not find a matching segment for any coordinate' }, 'no_route'],
    ['Ok without routes', { code: 'Ok', routes: [] }, 'no_route'],
    ['no code at all', { routes: answer().routes }, 'malformed'],
    ['a JSON array', [], 'malformed'],
    ['null', null, 'malformed'],
    ['a negative distance', answer({ distance: -1 }), 'malformed'],
    ['a distance as text', answer({ distance: '2380' }), 'malformed'],
    ['an encoded polyline instead of GeoJSON', answer({ geometry: '_p~iF~ps|U_ulLnnqC' }), 'malformed'],
    ['a position off the Earth', answer({ geometry: { type: 'LineString', coordinates: [[6.6, 46.5], [6.6, 95]] } }), 'malformed'],
    ['a single position', answer({ geometry: { type: 'LineString', coordinates: [[6.6, 46.5]] } }), 'malformed'],
    ['legs missing', answer({ legs: undefined }), 'malformed'],
    ['fewer legs than pairs of points', answer({ legs: [{ distance: 1, duration: 1 }] }), 'malformed'],
  ])('refuses %s', (_case, body, reason) => {
    expect(unavailable(body)).toBe(reason)
  })
})
