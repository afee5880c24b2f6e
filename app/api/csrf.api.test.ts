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
