import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { closedPort } from '#app/modules/ai/ai.test-fixtures.ts'
import { haversineDistance, type LatLng } from '#app/modules/geo/geo.ts'
import { insertPlace, manager, storeRoute } from '#app/modules/walks/walks.test-fixtures.ts'
import { createUser } from '#tests/setup/factories.ts'
import { createTestApi, useTestApi, type TestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { MAPBOX_TOKEN, requestedPoints, routeAnswer, startFakeRouter, type FakeRouter, type RouterBehaviour } from './directions.test-fixtures.ts'

// POST /directions with each provider: straight (the default, offline) and, against a real local
// HTTP server speaking their protocols, Mapbox and OSRM.

const ERROR = { message: 'Error fetching directions' }

/** Gare → Petit-Chêne → Cathédrale, Lausanne. */
const lausanne: LatLng[] = [
  { lat: 46.5167, lng: 6.6291 },
  { lat: 46.5197, lng: 6.6323 },
  { lat: 46.5225, lng: 6.6356 },
]

/** `n` points along a street, 0.001° of longitude apart. */
const street = (n: number): LatLng[] => Array.from({ length: n }, (_, i) => ({ lat: 46.52, lng: Number((6.6 + i * 0.001).toFixed(3)) }))

const pathOf = (points: LatLng[]) => points.map((p) => `${p.lng},${p.lat}`).join(';')

describe.each(testDialects)('directions API on %s', (dialect) => {
  // `t` has the default settings (straight lines); `withProvider()` is the same database behind an
  // API configured for the fake router.
  const { t, testDb } = useTestApi(dialect)
  let router: FakeRouter

  beforeAll(async () => {
    router = await startFakeRouter()
  })
  afterAll(async () => {
    await router.close()
  })
  beforeEach(() => {
    router.requests.length = 0
    router.behave({ kind: 'answer' })
  })

  const mapbox = (overrides: Record<string, string> = {}) =>
    createTestApi(testDb, { DIRECTIONS_PROVIDER: 'mapbox', MAPBOX_ACCESS_TOKEN: MAPBOX_TOKEN, MAPBOX_BASE_URL: router.baseUrl, ...overrides })
  const osrm = (overrides: Record<string, string> = {}) =>
    createTestApi(testDb, { DIRECTIONS_PROVIDER: 'osrm', OSRM_URL: `${router.baseUrl}/osrm/`, ...overrides })

  const directions = (api: TestApi, token: string | undefined, body: unknown) => api.callOffContract('POST', '/directions', { token, body })
  const signedIn = async (api: TestApi) => (await createUser(api.services)).token

  describe('straight lines (the default)', () => {
    it('answers great-circle legs at 1.4 m/s through the points, without asking anyone', async () => {
      const token = await signedIn(t)
      const res = await directions(t, token, { coordinates: lausanne })
      expect(res.status, JSON.stringify(res.json)).toBe(200)
      const legs = [haversineDistance(lausanne[0], lausanne[1]), haversineDistance(lausanne[1], lausanne[2])]
      const total = legs[0] + legs[1]
      expect(res.json).toEqual({
        data: {
          provider: 'straight',
          distance: Math.round(total),
          duration: Math.round(total / 1.4),
          geometry: { type: 'LineString', coordinates: lausanne.map((p) => [p.lng, p.lat]) },
          legs: legs.map((d) => ({ distance: Math.round(d), duration: Math.round(d / 1.4) })),
        },
      })
      // 413.8 m + 400.9 m (computed independently): 815 m in 582 s.
      expect([res.json.data.distance, res.json.data.duration]).toEqual([815, 582])
      expect(router.requests).toHaveLength(0)
    })

    it('takes 500 points', async () => {
      const res = await directions(t, await signedIn(t), { coordinates: street(500) })
      expect(res.status).toBe(200)
      expect(res.json.data.legs).toHaveLength(499)
      expect(res.json.data.geometry.coordinates).toHaveLength(500)
    })
  })

  describe('Mapbox', () => {
    it('asks for walking directions with the spec’s parameters and reads routes[0]', async () => {
      const api = mapbox()
      const res = await directions(api, await signedIn(api), { coordinates: lausanne })
      expect(res.status, JSON.stringify(res.json)).toBe(200)

      expect(router.requests).toEqual([
        {
          method: 'GET',
          path: '/directions/v5/mapbox/walking/6.6291,46.5167;6.6323,46.5197;6.6356,46.5225',
          query: [
            ['geometries', 'geojson'],
            ['steps', 'true'],
            ['overview', 'full'],
            ['exclude', 'ferry'],
            ['access_token', MAPBOX_TOKEN],
          ],
        },
      ])
      const route = routeAnswer(lausanne, 'mapbox').routes[0]
      expect(res.json).toEqual({
        data: {
          provider: 'mapbox',
          distance: Math.round(route.distance),
          duration: Math.round(route.duration),
          weight: route.weight,
          geometry: route.geometry,
          legs: route.legs.map((leg) => ({ distance: Math.round(leg.distance), duration: Math.round(leg.duration) })),
        },
      })
      // Not the straight line: 25 % longer, with a bend in each leg.
      expect(res.json.data.distance).toBe(Math.round(814.659 * 1.25))
      expect(res.json.data.geometry.coordinates).toHaveLength(5)
      // The token never reaches the browser.
      expect(res.text).not.toContain(MAPBOX_TOKEN)
    })

    it('asks a long route in chunks of 25 points that share their boundary point, and joins them', async () => {
      const api = mapbox()
      const points = street(30)
      const res = await directions(api, await signedIn(api), { coordinates: points })
      expect(res.status, JSON.stringify(res.json)).toBe(200)

      const paths = router.requests.map((r) => r.path).sort((a, b) => requestedPoints(a)[0].lng - requestedPoints(b)[0].lng)
      expect(paths).toEqual([`/directions/v5/mapbox/walking/${pathOf(points.slice(0, 25))}`, `/directions/v5/mapbox/walking/${pathOf(points.slice(24))}`])

      const parts = [routeAnswer(points.slice(0, 25), 'mapbox').routes[0], routeAnswer(points.slice(24), 'mapbox').routes[0]]
      const data = res.json.data
      expect(data.legs).toHaveLength(29)
      expect(data.distance).toBe(Math.round(parts[0].distance + parts[1].distance))
      expect(data.duration).toBe(Math.round(parts[0].duration + parts[1].duration))
      expect(data.weight).toBeCloseTo(parts[0].weight + parts[1].weight, 6)
      // 24 + 5 legs, 2 positions each after the first: the shared point is drawn once.
      expect(data.geometry.coordinates).toEqual([...parts[0].geometry.coordinates, ...parts[1].geometry.coordinates.slice(1)])
      expect(data.geometry.coordinates).toHaveLength(1 + 29 * 2)
    })

    it('asks 500 points in 21 requests', async () => {
      const api = mapbox()
      const res = await directions(api, await signedIn(api), { coordinates: street(500) })
      expect(res.status).toBe(200)
      expect(router.requests).toHaveLength(21)
      expect(router.requests.every((r) => requestedPoints(r.path).length <= 25)).toBe(true)
      expect(res.json.data.legs).toHaveLength(499)
    })

    it('is refused at boot without an access token', () => {
      expect(() => mapbox({ MAPBOX_ACCESS_TOKEN: '' })).toThrow('MAPBOX_ACCESS_TOKEN: is required when DIRECTIONS_PROVIDER=mapbox')
    })
  })

  describe('OSRM', () => {
    it('asks the foot profile under the server’s path and reads routes[0]', async () => {
      const api = osrm()
      const res = await directions(api, await signedIn(api), { coordinates: lausanne })
      expect(res.status, JSON.stringify(res.json)).toBe(200)
      expect(router.requests).toEqual([
        {
          method: 'GET',
          path: '/osrm/route/v1/foot/6.6291,46.5167;6.6323,46.5197;6.6356,46.5225',
          query: [
            ['geometries', 'geojson'],
            ['steps', 'true'],
            ['overview', 'full'],
          ],
        },
      ])
      const route = routeAnswer(lausanne, 'osrm').routes[0]
      expect(res.json.data).toEqual({
        provider: 'osrm',
        distance: Math.round(route.distance),
        duration: Math.round(route.duration),
        weight: route.weight,
        geometry: route.geometry,
        legs: route.legs.map((leg) => ({ distance: Math.round(leg.distance), duration: Math.round(leg.duration) })),
      })
    })

    it('asks 150 points in 2 requests of at most 100', async () => {
      const api = osrm()
      const res = await directions(api, await signedIn(api), { coordinates: street(150) })
      expect(res.status).toBe(200)
      expect(router.requests.map((r) => requestedPoints(r.path).length).sort()).toEqual([100, 51])
      expect(res.json.data.legs).toHaveLength(149)
    })

    it('is refused at boot without a server URL', () => {
      expect(() => osrm({ OSRM_URL: '' })).toThrow('OSRM_URL: is required when DIRECTIONS_PROVIDER=osrm')
    })
  })

  const failures: [string, RouterBehaviour][] = [
    ['an error status', { kind: 'status', status: 500 }],
    ['a gateway error page', { kind: 'status', status: 502 }],
    ['a body that is not JSON', { kind: 'raw', body: '{"code":"Ok","routes":[' }],
    ['JSON that is not a route', { kind: 'raw', body: '{"code":"Ok","routes":[{"distance":"far"}]}' }],
    ['NoRoute with status 200 (Mapbox)', { kind: 'refuse', status: 200, code: 'NoRoute', message: 'No route found' }],
    ['NoRoute with status 400 (OSRM)', { kind: 'refuse', status: 400, code: 'NoRoute', message: 'Impossible route between points' }],
    ['NoSegment', { kind: 'refuse', status: 422, code: 'NoSegment', message: 'Could not find a matching segment' }],
    ['Ok without routes', { kind: 'raw', body: '{"code":"Ok","routes":[],"waypoints":[]}' }],
    ['no answer within the timeout', { kind: 'slow', delayMs: 3_000 }],
  ]

  describe.each([
    ['Mapbox', mapbox],
    ['OSRM', osrm],
  ])('%s failures', (_name, configured) => {
    it.each(failures)('answers %s from the provider with 502 "Error fetching directions"', async (_case, behaviour) => {
      const api = configured({ DIRECTIONS_TIMEOUT_MS: '300' })
      const token = await signedIn(api)
      router.behave(behaviour)
      const res = await directions(api, token, { coordinates: lausanne })
      expect([res.status, res.json]).toEqual([502, ERROR])
      expect(router.requests).toHaveLength(1)
    })

    it('answers 502 when the provider cannot be reached', async () => {
      const port = await closedPort()
      const api = configured({ MAPBOX_BASE_URL: `http://127.0.0.1:${port}`, OSRM_URL: `http://127.0.0.1:${port}` })
      const res = await directions(api, await signedIn(api), { coordinates: lausanne })
      expect([res.status, res.json]).toEqual([502, ERROR])
    })

    it('answers 502 when one chunk of a long route fails', async () => {
      const api = configured()
      const token = await signedIn(api)
      router.behave({ kind: 'refuse', status: 400, code: 'NoRoute', message: 'No route found' })
      const res = await directions(api, token, { coordinates: street(260) })
      expect([res.status, res.json]).toEqual([502, ERROR])
    })

    it('keeps answering after a failure', async () => {
      const api = configured()
      const token = await signedIn(api)
      router.behave({ kind: 'status', status: 500 })
      expect((await directions(api, token, { coordinates: lausanne })).status).toBe(502)
      router.behave({ kind: 'answer' })
      expect((await directions(api, token, { coordinates: lausanne })).status).toBe(200)
    })
  })

  it('bounds each user’s requests to a remote provider (RATE_LIMIT_DIRECTIONS)', async () => {
    const api = mapbox({ RATE_LIMIT_DIRECTIONS: '2/60' })
    const [first, second] = [await signedIn(api), await signedIn(api)]
    expect((await directions(api, first, { coordinates: lausanne })).status).toBe(200)
    expect((await directions(api, first, { coordinates: lausanne })).status).toBe(200)
    const refused = await directions(api, first, { coordinates: lausanne })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(router.requests).toHaveLength(2)
    // Another user has their own allowance.
    expect((await directions(api, second, { coordinates: lausanne })).status).toBe(200)
  })

  it('answers 401 Unauthenticated. to anonymous callers and asks no one', async () => {
    const api = mapbox()
    const res = await directions(api, undefined, { coordinates: lausanne })
    expect([res.status, res.json]).toEqual([401, { message: 'Unauthenticated.' }])
    expect(router.requests).toHaveLength(0)
  })

  const badBodies: [string, unknown, string][] = [
    ['no coordinates', {}, 'coordinates'],
    ['coordinates that are not a list', { coordinates: '6.6,46.5;6.61,46.51' }, 'coordinates'],
    ['a single point', { coordinates: [lausanne[0]] }, 'coordinates'],
    ['501 points', { coordinates: street(501) }, 'coordinates'],
    ['a latitude above 90', { coordinates: [lausanne[0], { lat: 91, lng: 6.6 }] }, 'coordinates.1.lat'],
    ['a longitude below -180', { coordinates: [{ lat: 46.5, lng: -180.5 }, lausanne[0]] }, 'coordinates.0.lng'],
    ['a coordinate as text', { coordinates: [lausanne[0], { lat: '46.5', lng: 6.6 }] }, 'coordinates.1.lat'],
    ['a missing longitude', { coordinates: [lausanne[0], { lat: 46.5 }] }, 'coordinates.1.lng'],
    ['an unknown field', { coordinates: lausanne, profile: 'driving' }, 'profile'],
  ]

  it.each(badBodies)('answers 422 to %s and asks no one', async (_case, body, field) => {
    const api = mapbox()
    const res = await directions(api, await signedIn(api), body)
    expect(res.status, JSON.stringify(res.json)).toBe(422)
    expect(res.json.errors).toHaveProperty([field])
    expect(router.requests).toHaveLength(0)
  })

  it('names the 2 to 500 points rule in its message', async () => {
    const res = await directions(t, await signedIn(t), { coordinates: [lausanne[0]] })
    expect(res.json).toEqual({
      message: 'Send between 2 and 500 points to compute directions.',
      errors: { coordinates: ['Send between 2 and 500 points to compute directions.'] },
    })
  })

  it('answers a path the route can be saved with, as the map editor does', async () => {
    const api = mapbox()
    const owner = await manager(api)
    const ids = await Promise.all(lausanne.map((p, i) => insertPlace(testDb.db, owner.category.id, { name: `Stop ${i + 1}`, ...p })))
    const route = await storeRoute(api, owner.token, owner.category.id, { name: 'Vieille ville' })
    const computed = (await directions(api, owner.token, { coordinates: lausanne })).json.data
    const saved = await api.call('PUT', '/routes/update', {
      token: owner.token,
      body: {
        uuid: route.uuid,
        places: ids.map((id) => ({ id })),
        distance: computed.distance,
        duration: computed.duration,
        features_collection: { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: computed.geometry, properties: {} }] },
      },
    })
    expect(saved.status, JSON.stringify(saved.json)).toBe(200)
    const read = (await api.call('GET', `/routes/${route.uuid}/get-route`, { token: owner.token })).json.data
    expect(read).toMatchObject({ distance: computed.distance, duration: computed.duration })
    expect(read.features_collection!.features[0].geometry).toEqual(computed.geometry)
  })
})
