import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { closedPort } from '#app/modules/ai/ai.test-fixtures.ts'
import { manager } from '#app/modules/walks/walks.test-fixtures.ts'
import { createUser } from '#tests/setup/factories.ts'
import { createTestApi, useTestApi, type OpenApiPaths, type TestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { GEOCODER_MAPBOX_TOKEN, startFakeGeocoder, type FakeGeocoder } from './geocoding.test-fixtures.ts'

// GET /geocode against a real local HTTP server speaking Nominatim's and Mapbox's protocols:
// never the internet.

const UNAVAILABLE = { message: 'The outside service is not available right now. Please try again in a moment.' }

/** A local HTTP server for one test. */
async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  }
}

describe.each(testDialects)('geocoding API on %s', (dialect) => {
  const { testDb } = useTestApi(dialect)
  let geocoder: FakeGeocoder

  beforeAll(async () => {
    geocoder = await startFakeGeocoder()
  })
  afterAll(async () => {
    await geocoder.close()
  })
  beforeEach(() => {
    geocoder.requests.length = 0
    geocoder.behave({ kind: 'answer' })
  })

  const nominatim = (overrides: Record<string, string> = {}) => createTestApi(testDb, { GEOCODER: 'nominatim', NOMINATIM_URL: `${geocoder.baseUrl}/`, ...overrides })
  const mapbox = (overrides: Record<string, string> = {}) =>
    createTestApi(testDb, { GEOCODER: 'mapbox', MAPBOX_ACCESS_TOKEN: GEOCODER_MAPBOX_TOKEN, MAPBOX_BASE_URL: geocoder.baseUrl, ...overrides })
  const search = (api: TestApi, token: string | undefined, q: string | null, headers: Record<string, string> = {}, extra: '' | `&${string}` = '') =>
    q === null ? api.call('GET', `/geocode${extra.replace('&', '?')}` as '/geocode' | `/geocode?${string}`, { token, headers }) : api.call('GET', `/geocode?q=${encodeURIComponent(q)}${extra}`, { token, headers })

  describe('Nominatim (the default)', () => {
    it('answers a town with its area and an address with its point, labelled in the caller’s language', async () => {
      const api = nominatim()
      const { token } = await manager(api)
      const res = await search(api, token, 'Vevey', { 'Accept-Language': 'de-CH,de;q=0.9' })
      expect(res.status, JSON.stringify(res.json)).toBe(200)
      expect(res.json).toEqual({
        data: [
          { label: 'Vevey, Bezirk Riviera-Pays-d’Enhaut, Waadt, Schweiz', lat: 46.4602, lng: 6.8419, bbox: [6.8296, 46.4512, 6.8663, 46.4739] },
        ],
      })
      expect(geocoder.requests).toHaveLength(1)
      const [asked] = geocoder.requests
      expect(asked.path).toBe('/search')
      expect(asked.query).toEqual({ format: 'jsonv2', q: 'Vevey', limit: '5', 'accept-language': 'de' })
      // The usage policy asks for an identifying User-Agent.
      expect(asked.userAgent).toBe('Trailguide map editor (+http://localhost:3000)')

      const address = await search(api, token, '  Rue du Lac 5, Vevey ', {}, '&locale=fr')
      expect(address.json.data[0]).toEqual({ label: '5, Rue du Lac, Vevey, Vaud, 1800, Suisse', lat: 46.4588, lng: 6.8452 })
      expect(geocoder.requests[1].query.q).toBe('Rue du Lac 5, Vevey')
      expect(geocoder.requests[1].query['accept-language']).toBe('fr')
    })

    it('asks the server at most once a second per process, whoever asks', async () => {
      const api = nominatim()
      const [a, b] = [await manager(api), await manager(api)]
      const answers = await Promise.all([search(api, a.token, 'Vevey'), search(api, b.token, 'Corseaux'), search(api, a.token, 'Zermatt')])
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200])
      const times = geocoder.requests.map((r) => r.at).sort((x, y) => x - y)
      expect(times).toHaveLength(3)
      // The throttle spaces departures by 1 s; arrivals at the stand-in server also carry each
      // request's own delay on the way (up to ~150 ms seen on a loaded 2-core CI machine), hence
      // the margins. Without the throttle the three arrive within a few milliseconds.
      expect(times[1] - times[0]).toBeGreaterThanOrEqual(700)
      expect(times[2] - times[1]).toBeGreaterThanOrEqual(700)
      expect(times[2] - times[0]).toBeGreaterThanOrEqual(1700)
    })

    it('shares the pace fairly: one manager’s burst of 30 searches does not make another’s fail', async () => {
      const api = nominatim()
      const [a, b] = [await manager(api), await manager(api)]
      const burst = Array.from({ length: 30 }, (_, i) => search(api, a.token, `Vevey ${i}`))
      await new Promise((resolve) => setTimeout(resolve, 50))
      const started = Date.now()
      const other = await search(api, b.token, 'Corseaux')
      expect(other.status).toBe(200)
      // Behind one or two of the burst's turns (a second apart), not behind the whole burst.
      expect(Date.now() - started).toBeLessThan(3_500)
      const statuses = (await Promise.all(burst)).map((r) => r.status)
      // The burst gets its share (the first at once, the few it may keep waiting); the rest 502.
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2)
      expect(statuses.filter((s) => s !== 200).every((s) => s === 502)).toBe(true)
    }, 20_000)

    it('answers an empty list when nothing is found', async () => {
      const api = nominatim()
      const res = await search(api, (await manager(api)).token, 'Nowhere at all')
      expect([res.status, res.json]).toEqual([200, { data: [] }])
    })
  })

  it('speaks Mapbox’s geocoding API with the server’s token, never sent to the browser', async () => {
    const api = mapbox()
    const { token } = await manager(api)
    const res = await search(api, token, 'Vevey', {}, '&locale=it')
    expect(res.status, JSON.stringify(res.json)).toBe(200)
    expect(res.json.data).toEqual([
      { label: 'Vevey, Distretto di Riviera-Pays-d’Enhaut, Vaud, Svizzera', lat: 46.4602, lng: 6.8419, bbox: [6.8296, 46.4512, 6.8663, 46.4739] },
    ])
    expect(geocoder.requests[0].path).toBe('/geocoding/v5/mapbox.places/Vevey.json')
    expect(geocoder.requests[0].query).toEqual({ access_token: GEOCODER_MAPBOX_TOKEN, limit: '5', language: 'it', autocomplete: 'false' })
    expect(res.text).not.toContain(GEOCODER_MAPBOX_TOKEN)
    const address = await search(api, token, 'Rue du Lac 5, Vevey', {}, '&locale=en')
    expect(address.json.data[0]).toEqual({ label: '5, Rue du Lac, Vevey, Vaud, 1800, Switzerland', lat: 46.4588, lng: 6.8452 })
  })

  describe.each([
    ['Nominatim', nominatim],
    ['Mapbox', mapbox],
  ])('%s down', (_name, configured) => {
    it.each([
      ['a 500', { kind: 'status', status: 500 }],
      ['a 429 of its own', { kind: 'status', status: 429 }],
      ['an answer that is not JSON', { kind: 'raw', body: '<html>busy</html>' }],
      ['JSON of another shape', { kind: 'raw', body: '{"error":"nope"}' }],
      ['no answer within the timeout', { kind: 'slow', delayMs: 2_000 }],
    ] as const)('answers 502 in the caller’s language to %s', async (_case, behaviour) => {
      const api = configured({ GEOCODER_TIMEOUT_MS: '300' })
      const { token } = await manager(api)
      geocoder.behave(behaviour)
      const res = await search(api, token, 'Vevey')
      expect([res.status, res.json]).toEqual([502, UNAVAILABLE])
      const fr = await search(api, token, 'Vevey', {}, '&locale=fr')
      expect(fr.status).toBe(502)
      expect(fr.json.message).toBe('Le service externe n’est pas disponible pour le moment. Réessayez dans un instant.')
    })

    it('answers 502 to a redirect to another host (never followed) and to a 30 MB answer (not read whole)', async () => {
      let internalHits = 0
      const internal = await listen((_req, res) => {
        internalHits++
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('[{"display_name":"Internal secret","lat":"1","lon":"1"}]')
      })
      let written = 0
      const hostile = await listen((req, res) => {
        if (!(req.url ?? '').includes('huge')) return void res.writeHead(302, { Location: `${internal.url}/search?internal=1` }).end()
        res.writeHead(200, { 'Content-Type': 'application/json' })
        const chunk = Buffer.alloc(64 * 1024, 0x20)
        const pump = () => {
          while (written < 30 * 1024 * 1024) {
            written += chunk.length
            if (!res.write(chunk)) return void res.once('drain', pump)
          }
          res.end('[]')
        }
        pump()
      })
      try {
        const redirected = configured({ NOMINATIM_URL: hostile.url, MAPBOX_BASE_URL: hostile.url })
        const res = await search(redirected, (await manager(redirected)).token, 'Vevey')
        expect([res.status, res.json]).toEqual([502, UNAVAILABLE])
        expect(internalHits).toBe(0)
        const huge = configured({ NOMINATIM_URL: `${hostile.url}/huge`, MAPBOX_BASE_URL: `${hostile.url}/huge` })
        const big = await search(huge, (await manager(huge)).token, 'Vevey')
        expect([big.status, big.json]).toEqual([502, UNAVAILABLE])
        expect(written).toBeLessThan(15 * 1024 * 1024)
      } finally {
        await Promise.all([internal.close(), hostile.close()])
      }
    })

    it('answers 502 when the server cannot be reached', async () => {
      const port = await closedPort()
      const api = configured({ NOMINATIM_URL: `http://127.0.0.1:${port}`, MAPBOX_BASE_URL: `http://127.0.0.1:${port}` })
      const res = await search(api, (await manager(api)).token, 'Vevey')
      expect([res.status, res.json]).toEqual([502, UNAVAILABLE])
    })
  })

  it('bounds each user’s searches (RATE_LIMIT_GEOCODE)', async () => {
    const api = mapbox({ RATE_LIMIT_GEOCODE: '2/60' })
    const [first, second] = [await manager(api), await manager(api)]
    expect((await search(api, first.token, 'Vevey')).status).toBe(200)
    expect((await search(api, first.token, 'Vevey')).status).toBe(200)
    const refused = await search(api, first.token, 'Vevey')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(geocoder.requests).toHaveLength(2)
    expect((await search(api, second.token, 'Vevey')).status).toBe(200)
  })

  it('answers 401 to anonymous callers and 403 to a user who manages no category, asking no one', async () => {
    const api = nominatim()
    expect([(await search(api, undefined, 'Vevey')).status, (await search(api, undefined, 'Vevey')).json]).toEqual([401, { message: 'Unauthenticated.' }])
    const { token } = await createUser(api.services)
    expect((await search(api, token, 'Vevey')).status).toBe(403)
    expect(geocoder.requests).toHaveLength(0)
  })

  it.each([
    ['no q', null],
    ['an empty q', ''],
    ['one character', 'V'],
    ['only spaces', '     '],
    ['201 characters', 'x'.repeat(201)],
  ])('answers 422 to %s, in the caller’s language, and asks no one', async (_case, q) => {
    const api = nominatim()
    const { token } = await manager(api)
    const res = await search(api, token, q, { 'Accept-Language': 'de' })
    expect(res.status, JSON.stringify(res.json)).toBe(422)
    expect(res.json.errors.q[0]).toMatch(/^Das Feld q (ist erforderlich|muss mindestens 2 Zeichen|darf höchstens 200 Zeichen)/)
    expect(geocoder.requests).toHaveLength(0)
  })

  it('takes 200 characters', async () => {
    const api = mapbox()
    const res = await search(api, (await manager(api)).token, `${'x'.repeat(194)} Vevey`)
    expect(res.status).toBe(200)
  })

  it('is in the OpenAPI document with its query and answers', async () => {
    const doc = (await nominatim().callOffContract<OpenApiPaths>('GET', '/openapi.json')).json
    const operation = doc.paths['/geocode'].get
    expect(operation.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['locale', 'q'])
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '401', '403', '422', '429', '502', '503'])
  })

  it('answers 503 when the search is off, and says so to the editor', async () => {
    const api = createTestApi(testDb, { GEOCODER: 'off' })
    const { token } = await manager(api)
    const res = await search(api, token, 'Vevey', {}, '&locale=it')
    expect([res.status, res.json]).toEqual([503, { message: 'La ricerca di indirizzi è disattivata su questo server.' }])
    expect(api.services.geocoding.enabled).toBe(false)
  })
})
