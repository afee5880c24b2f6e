import { describe, expect, it } from 'vitest'
import { createTestApi, useTestApi } from '#tests/setup/test-app.ts'
import { createUser } from '#tests/setup/factories.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { isOwnOrigin } from './middleware.server.ts'

// The test API's BASE_URL is http://localhost:3000.
const own = 'http://localhost:3000'
const foreign = 'https://evil.example'

describe.each(testDialects)('cross-site request refusal on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect)

  const categoryCount = async () =>
    Number((await testDb.db.selectFrom('place_categories').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
  const slug = () => `town-${Math.random().toString(36).slice(2, 10)}`
  /** POST /place-categories as a browser would, with the session cookie and the given headers. */
  const createWithCookie = async (headers: Record<string, string>, api = t) => {
    const { token } = await createUser(api.services)
    return api.call('POST', '/place-categories', { body: { name: 'Lausanne', slug: slug() }, headers: { cookie: `token=${token}`, ...headers } })
  }

  it('refuses a cookie-authenticated write from a foreign Origin with 403, and writes nothing', async () => {
    const before = await categoryCount()
    const res = await createWithCookie({ origin: foreign })
    expect(res.status).toBe(403)
    expect(res.json).toEqual({ message: 'Cross-site request refused.' })
    expect(await categoryCount()).toBe(before)
  })

  it('refuses an Origin of "null" (sandboxed frame) with the cookie', async () => {
    const before = await categoryCount()
    const res = await createWithCookie({ origin: 'null' })
    expect(res.status).toBe(403)
    expect(await categoryCount()).toBe(before)
  })

  it('lets a cookie-authenticated write from the app’s own Origin through', async () => {
    const before = await categoryCount()
    const res = await createWithCookie({ origin: own })
    expect(res.status).toBe(201)
    expect(await categoryCount()).toBe(before + 1)
  })

  it('falls back to Sec-Fetch-Site without Origin: cross-site is refused, same-origin passes', async () => {
    const before = await categoryCount()
    const refused = await createWithCookie({ 'sec-fetch-site': 'cross-site' })
    expect(refused.status).toBe(403)
    expect(refused.json).toEqual({ message: 'Cross-site request refused.' })
    expect(await categoryCount()).toBe(before)
    const passed = await createWithCookie({ 'sec-fetch-site': 'same-origin' })
    expect(passed.status).toBe(201)
  })

  it('lets a cookie write without Origin or Sec-Fetch-Site through (not a browser)', async () => {
    const res = await createWithCookie({})
    expect(res.status).toBe(201)
  })

  it('leaves Bearer-token calls alone, whatever their Origin', async () => {
    const { token } = await createUser(t.services)
    const before = await categoryCount()
    const res = await t.call('POST', '/place-categories', { body: { name: 'Lausanne', slug: slug() }, token, headers: { origin: foreign, 'sec-fetch-site': 'cross-site' } })
    expect(res.status).toBe(201)
    expect(await categoryCount()).toBe(before + 1)
  })

  it('leaves reads alone, and writes without the cookie (a beacon from another site)', async () => {
    const { token } = await createUser(t.services)
    const read = await t.call('GET', '/auth/user', { headers: { cookie: `token=${token}`, origin: foreign } })
    expect(read.status).toBe(200)
    const beacon = await t.call('POST', '/events', { body: '{}', headers: { 'content-type': 'text/plain', origin: foreign } })
    expect(beacon.status).not.toBe(403)
  })

  it('lets a beacon from the app’s own page through even with the cookie', async () => {
    const { token } = await createUser(t.services)
    const res = await t.call('POST', '/events', { body: '{}', headers: { 'content-type': 'text/plain', cookie: `token=${token}`, origin: own } })
    expect(res.status).not.toBe(403)
  })

  describe('GET /qr-codes/{code}/detach-place (a GET that writes)', () => {
    /** A manager's category with a plaque linked to a place; answers the code and the manager. */
    async function linkedPlaque() {
      const { token } = await createUser(t.services)
      const category = (await t.call('POST', '/place-categories', { token, body: { name: 'Bern', slug: slug() } })).json.data
      const [qr] = (await t.call('POST', '/qr-codes/batch', { token, body: { place_category_id: category.id, count: 1 } })).json.data
      const linked = await t.call('PUT', `/qr-codes/${qr.code}/add-location`, { token, body: { lat: 46.95, lng: 7.44, name: 'Zytglogge' } })
      expect(linked.status).toBe(200)
      return { token, code: qr.code as string }
    }
    const placeOf = async (code: string) => (await testDb.db.selectFrom('qr_codes').select('place_id').where('code', '=', code).executeTakeFirstOrThrow()).place_id

    it.each([
      ['a link on another site (top-level navigation)', { 'sec-fetch-site': 'cross-site' }],
      ['a foreign Origin', { origin: foreign }],
      ['a sibling site', { 'sec-fetch-site': 'same-site' }],
      ['no proof of origin at all (old browser)', {}],
    ])('refuses the cookie alone from %s with 403, and leaves the plaque linked', async (_label, headers: Record<string, string>) => {
      const { token, code } = await linkedPlaque()
      const res = await t.call('GET', `/qr-codes/${code}/detach-place`, { headers: { cookie: `token=${token}`, ...headers } })
      expect(res.status).toBe(403)
      expect(res.json).toEqual({ message: 'Cross-site request refused.' })
      expect(await placeOf(code)).not.toBeNull()
    })

    it('lets the app’s own page (cookie, same-origin) and a Bearer caller from anywhere through', async () => {
      const first = await linkedPlaque()
      const own = await t.call('GET', `/qr-codes/${first.code}/detach-place`, { headers: { cookie: `token=${first.token}`, 'sec-fetch-site': 'same-origin' } })
      expect(own.status).toBe(200)
      expect(await placeOf(first.code)).toBeNull()
      const second = await linkedPlaque()
      const bearer = await t.call('GET', `/qr-codes/${second.code}/detach-place`, { token: second.token, headers: { 'sec-fetch-site': 'cross-site' } })
      expect(bearer.status).toBe(200)
      expect(await placeOf(second.code)).toBeNull()
    })

    it('keeps POST for the cookie from the app’s own origin', async () => {
      const { token, code } = await linkedPlaque()
      const res = await t.call('POST', `/qr-codes/${code}/detach-place`, { headers: { cookie: `token=${token}`, origin: own } })
      expect(res.status).toBe(200)
      expect(await placeOf(code)).toBeNull()
    })
  })

  it('accepts a category subdomain Origin only when subdomain routing is on', async () => {
    const origin = 'https://lausanne.example.org'
    const off = createTestApi(testDb, { BASE_URL: 'https://example.org' })
    const refused = await createWithCookie({ origin }, off)
    expect(refused.status).toBe(403)
    const on = createTestApi(testDb, { BASE_URL: 'https://example.org', SUBDOMAIN_ROUTING: 'true' })
    const passed = await createWithCookie({ origin }, on)
    expect(passed.status).toBe(201)
    const other = await createWithCookie({ origin: 'https://lausanne.example.org.evil.example' }, on)
    expect(other.status).toBe(403)
  })
})

describe('isOwnOrigin', () => {
  const config = { BASE_URL: 'https://example.org', SUBDOMAIN_ROUTING: true }
  it.each([
    ['https://example.org', true],
    ['https://lausanne.example.org', true],
    ['http://lausanne.example.org', false],
    ['https://lausanne.example.org:8443', false],
    ['https://a.b.example.org', false],
    ['https://notexample.org', false],
    ['null', false],
    ['', false],
  ])('%s → %s', (origin, expected) => {
    expect(isOwnOrigin(origin, config)).toBe(expected)
  })
  it('accepts only the base origin when subdomain routing is off', () => {
    expect(isOwnOrigin('https://lausanne.example.org', { ...config, SUBDOMAIN_ROUTING: false })).toBe(false)
    expect(isOwnOrigin('https://example.org', { ...config, SUBDOMAIN_ROUTING: false })).toBe(true)
  })
})
