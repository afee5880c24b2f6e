import { describe, expect, it } from 'vitest'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { owner } from './transfer.test-fixtures.ts'

// GET /api/public/categories/{slug} and /geojson: CORS-open, ETag, published content only.

/** Every key of a JSON value, nested ones too. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, into)
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      into.add(k)
      keysOf(v, into)
    }
  }
  return into
}

describe.each(testDialects)('open data on %s', (dialect) => {
  const { t } = useTestApi(dialect)

  async function world() {
    const m = await owner(t)
    const place = async (name: string, lat: number) => (await t.call('POST', '/places', { token: m.token, body: { place_category_id: m.category.id, name, lat, lng: 6.6 } })).json.data.id as number
    const a = await place('Square', 46.5)
    const b = await place('Bridge', 46.51)
    const hidden = await place('Secret garden', 46.52)
    // Private things around: an invitation, a place user's e-mail, a secret.
    await t.call('POST', `/place-categories/${m.category.id}/invitations`, { token: m.token, body: { email: 'invited@example.org', role: 'editor' } })
    await t.call('POST', `/places/${a}/invitations`, { token: m.token, body: { email: 'shop@example.org' } })
    await t.call('POST', `/places/${a}/secrets`, { token: m.token, body: { title: 'Tip', text: 'Hidden text' } })
    const published = (await t.call('POST', '/routes/store', { token: m.token, body: { name: 'Open walk', place_category_id: m.category.id, locale: 'fr' } })).json.data.uuid
    await t.call('PUT', '/routes/update', { token: m.token, body: { uuid: published, status: 'published', places: [{ id: a }, { id: b }], translations: { de: { name: 'Offener Weg' } } } })
    const draft = (await t.call('POST', '/routes/store', { token: m.token, body: { name: 'Draft walk', place_category_id: m.category.id } })).json.data.uuid
    await t.call('PUT', '/routes/update', { token: m.token, body: { uuid: draft, places: [{ id: hidden }] } })
    return { ...m, published, draft }
  }

  it('carries the CORS headers on every refusal, the ones made before its routes too (a NUL in the path, a bad body type)', async () => {
    for (const [method, path, headers] of [
      ['GET', '/public/categories/x%00', {}],
      ['GET', '/public/categories/x%00/geojson', {}],
      ['POST', '/public/reports', { 'Content-Type': 'application/xml' }],
    ] as const) {
      const res = await t.callOffContract(method, path, { headers: { Origin: 'https://tourism.example', ...headers }, body: method === 'POST' ? '<a/>' : undefined })
      expect([path, res.status >= 400 && res.status < 500, res.headers.get('access-control-allow-origin')]).toEqual([path, true, '*'])
      expect(res.json.message).toEqual(expect.any(String))
    }
  })

  it('answers the published routes to anyone, CORS-open, with public fields only', async () => {
    const w = await world()
    const res = await t.call('GET', `/public/categories/${w.category.slug}`, { headers: { Origin: 'https://tourism.example' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-expose-headers')).toContain('ETag')
    const data = res.json.data
    expect(data.routes.map((r: { name: string }) => r.name)).toEqual(['Open walk'])
    expect(data.routes[0]).toMatchObject({
      uuid: w.published,
      url: `http://localhost:3000/r/${w.category.slug}/open-walk`,
      map_url: `http://localhost:3000/m/${w.category.slug}/open-walk`,
      gpx_url: `http://localhost:3000/api/routes/${w.published}/gpx`,
      places_count: 2,
      translations: { de: { name: 'Offener Weg' }, fr: { name: 'Open walk' } },
    })
    expect([...keysOf(res.json)].sort()).toEqual(
      ['color', 'data', 'de', 'description', 'distance', 'duration', 'fr', 'geojson_url', 'gpx_url', 'kml_url', 'locale', 'map_url', 'name', 'photo', 'places_count', 'routes', 'slug', 'subtitle', 'translations', 'url', 'uuid'].sort(),
    )
    expect(res.text).not.toMatch(/@example\.org|Draft walk|Secret garden|Hidden text|invitation|member|email/i)
    // Texts in the asked language.
    const german = await t.call('GET', `/public/categories/${w.category.slug}?locale=de`)
    expect(german.json.data.routes[0].name).toBe('Offener Weg')
  })

  it('gives a GeoJSON of the published routes and the places they pass by, no draft, no other place', async () => {
    const w = await world()
    const res = await t.call('GET', `/public/categories/${w.category.slug}/geojson`)
    expect([res.status, res.headers.get('content-type'), res.headers.get('access-control-allow-origin')]).toEqual([200, 'application/geo+json', '*'])
    const collection = JSON.parse(res.text)
    expect(collection.type).toBe('FeatureCollection')
    expect(collection.features.map((f: { properties: { name: string } }) => f.properties.name)).toEqual(['Square', 'Bridge', 'Open walk'])
    expect(res.text).not.toMatch(/@example\.org|Draft walk|Secret garden|Hidden text/)
    expect([...keysOf(collection)].filter((k) => /mail|member|invit|user|secret|token/i.test(k))).toEqual([])
  })

  it('answers 304 to the ETag it gave until the content changes', async () => {
    const w = await world()
    const first = await t.call('GET', `/public/categories/${w.category.slug}/geojson`)
    const etag = first.headers.get('etag')!
    expect(first.headers.get('cache-control')).toBe('public, no-cache')
    const again = await t.call('GET', `/public/categories/${w.category.slug}/geojson`, { headers: { 'If-None-Match': etag } })
    expect([again.status, again.text, again.headers.get('access-control-allow-origin')]).toEqual([304, '', '*'])
    await t.call('PUT', '/routes/update', { token: w.token, body: { uuid: w.published, name: 'Renamed walk' } })
    const changed = await t.call('GET', `/public/categories/${w.category.slug}/geojson`, { headers: { 'If-None-Match': etag } })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
    expect(changed.text).toContain('Renamed walk')
  })

  it('answers a preflight, 404 with CORS for an unknown category, and rate-limits per client', async () => {
    const pre = await t.api.request('/public/categories/x', { method: 'OPTIONS', headers: { Origin: 'https://a.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'if-none-match' } })
    expect([pre.status, pre.headers.get('access-control-allow-origin'), pre.headers.get('access-control-allow-headers')]).toEqual([204, '*', 'If-None-Match, Accept-Language'])
    const missing = await t.call('GET', '/public/categories/no-such-category')
    expect([missing.status, missing.json, missing.headers.get('access-control-allow-origin')]).toEqual([404, { message: 'Not found.' }, '*'])
  })
})

describe('open data rate limit', () => {
  const { t } = useTestApi('sqlite', { RATE_LIMIT_OPEN_DATA: '2/60' })
  it('answers 429 with Retry-After (and CORS) past RATE_LIMIT_OPEN_DATA', async () => {
    const m = await owner(t)
    expect((await t.call('GET', `/public/categories/${m.category.slug}`)).status).toBe(200)
    expect((await t.call('GET', `/public/categories/${m.category.slug}/geojson`)).status).toBe(200)
    const over = await t.call('GET', `/public/categories/${m.category.slug}`)
    expect([over.status, over.headers.get('access-control-allow-origin')]).toEqual([429, '*'])
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
