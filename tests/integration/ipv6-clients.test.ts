import { afterEach, describe, expect, it } from 'vitest'
import { solidImage } from '#app/platform/images/images.test-fixtures.ts'
import { insertPlace, manager, storeRoute } from '#app/modules/walks/walks.test-fixtures.ts'
import { action as unsubscribeAction } from '#app/routes/monthly-report-unsubscribe.tsx'
import { loader as qrLoader } from '#app/routes/public/qr.tsx'
import { createUser } from '#tests/setup/factories.ts'
import { createTestApi, useTestApi, type TestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'

// Every per-client limit counts an IPv6 client by its /64 (RateLimiter.hitClient/enforceClient,
// clientNetwork): a client that takes a fresh address of its /64 for every request meets each
// limit as one client; a neighbour in another /64 keeps its own budget. Windows of an hour: a
// fixed window that ends during a test would start the count again.

/** The i-th address of one home's /64, each one different. */
const home = (i: number) => `2001:db8:5:7:${(i + 1).toString(16)}:${(i * 7 + 3).toString(16)}::${(i + 9).toString(16)}`
const neighbour = '2001:db8:5:8::1'
const phoneUa = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1'

describe.each(testDialects)('IPv6 clients counted by their /64 on %s', (dialect) => {
  const { testDb } = useTestApi(dialect)
  let opened: TestApi[] = []
  const api = (overrides: Record<string, string>) => {
    const t = createTestApi(testDb, { TRUST_PROXY: 'on', ...overrides })
    opened.push(t)
    return t
  }
  afterEach(async () => {
    await Promise.all(opened.map((t) => t.services.rateLimiter.close()))
    opened = []
    await testDb.db.deleteFrom('rate_limits').execute()
  })
  const from = (ip: string) => ({ 'X-Forwarded-For': ip, 'User-Agent': phoneUa })

  /** A published route through a place: what visitors' limits are about. */
  async function published(t: TestApi) {
    const m = await manager(t)
    const placeId = await insertPlace(testDb.db, m.category.id, { name: 'Fountain' })
    const route = await storeRoute(t, m.token, m.category.id, { name: 'Old town' })
    expect((await t.call('PUT', '/routes/update', { token: m.token, body: { uuid: route.uuid, status: 'published', places: [{ id: placeId }] } })).status).toBe(200)
    return { ...m, placeId, route: route as { uuid: string; slug: string } }
  }

  /** Statuses of `count` calls, the i-th from the i-th address of the home /64. */
  async function fromHome(count: number, call: (ip: string, i: number) => Promise<number>) {
    const statuses: number[] = []
    for (let i = 0; i < count; i++) statuses.push(await call(home(i), i))
    return statuses
  }

  it('RATE_LIMIT_EVENTS', async () => {
    const t = api({ RATE_LIMIT_EVENTS: '3/3600' })
    const { route } = await published(t)
    const send = async (ip: string) => (await t.call('POST', '/events', { body: { type: 'view', route_uuid: route.uuid }, headers: from(ip) })).status
    expect(await fromHome(5, send)).toEqual([202, 202, 202, 429, 429])
    expect(await send(neighbour)).toBe(202)
  })

  it('RATE_LIMIT_LIKES', async () => {
    const t = api({ RATE_LIMIT_LIKES: '2/3600' })
    const { route } = await published(t)
    const like = async (ip: string) => (await t.call('POST', '/events', { body: { type: 'like', route_uuid: route.uuid }, headers: from(ip) })).status
    expect(await fromHome(4, like)).toEqual([202, 202, 429, 429])
    expect(await like(neighbour)).toBe(202)
  })

  it('RATE_LIMIT_QR_SCANS (scans past it lead to the page, uncounted)', async () => {
    const t = api({ RATE_LIMIT_QR_SCANS: '3/3600' })
    const { token, category, placeId } = await published(t)
    const [qr] = (await t.call('POST', '/qr-codes/batch', { token, body: { place_category_id: category.id, count: 1 } })).json.data
    expect((await t.call('PUT', `/qr-codes/${qr.code}/add-location`, { token, body: { place_id: placeId } })).status).toBe(200)
    const scan = async (ip: string) => {
      try {
        await qrLoader({
          context: { services: t.services, user: null, token: null, clientIp: ip, categorySlug: null },
          request: new Request(`http://localhost:3000/q/${qr.code}`, { headers: { 'user-agent': phoneUa } }),
          params: { code: qr.code },
        } as never)
      } catch (thrown) {
        if (thrown instanceof Response) return thrown.status
        throw thrown
      }
      return 200
    }
    const visits = async () =>
      Number((await testDb.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).where('place_id', '=', placeId).where('type', '=', 'place_visit').executeTakeFirstOrThrow()).n)
    expect(await fromHome(6, scan)).toEqual([302, 302, 302, 302, 302, 302])
    expect(await visits()).toBe(3)
    await scan(neighbour)
    expect(await visits()).toBe(4)
  })

  it('RATE_LIMIT_QR_IMAGES (the socket’s address, no proxy)', async () => {
    const t = createTestApi(testDb, { RATE_LIMIT_QR_IMAGES: '2/3600' })
    opened.push(t)
    const { token, category } = await manager(t)
    const codes: string[] = (await t.call('POST', '/qr-codes/batch', { token, body: { place_category_id: category.id, count: 5 } })).json.data.map((qr: { code: string }) => qr.code)
    const get = async (ip: string, i: number) => (await t.api.request(`/qr-codes/${codes[i]}/image.png?size=128`, {}, { incoming: { socket: { remoteAddress: ip } } })).status
    expect(await fromHome(4, get)).toEqual([200, 200, 429, 429])
    expect(await get(neighbour, 4)).toBe(200)
  })

  it('RATE_LIMIT_OPEN_DATA', async () => {
    const t = api({ RATE_LIMIT_OPEN_DATA: '3/3600' })
    const { category } = await published(t)
    const get = async (ip: string) => (await t.call('GET', `/public/categories/${category.slug}`, { headers: from(ip) })).status
    expect(await fromHome(5, get)).toEqual([200, 200, 200, 429, 429])
    expect(await get(neighbour)).toBe(200)
  })

  it('RATE_LIMIT_SHARE_IMAGES (counted when a picture is drawn)', async () => {
    const t = api({ RATE_LIMIT_SHARE_IMAGES: '2/3600' })
    const { token, route } = await published(t)
    // Each request asks for a picture not drawn yet: the route renamed before it.
    const get = async (ip: string, i: number) => {
      expect((await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, name: `Old town ${i}` } })).status).toBe(200)
      return (await t.api.request(`/routes/${route.uuid}/share-image.png`, { headers: from(ip) })).status
    }
    expect(await fromHome(4, get)).toEqual([200, 200, 429, 429])
    expect(await get(neighbour, 4)).toBe(200)
  })

  it('RATE_LIMIT_UPLOADS', async () => {
    const t = api({ RATE_LIMIT_UPLOADS: '2/3600' })
    const { token } = await createUser(t.services)
    const image = await solidImage(10, 10)
    const send = async (ip: string) => {
      const body = new FormData()
      body.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'image.png')
      return (await t.api.request('/auth/user/avatar', { method: 'POST', body, headers: { Authorization: `Bearer ${token}`, ...from(ip) } })).status
    }
    expect(await fromHome(4, send)).toEqual([200, 200, 429, 429])
    expect(await send(neighbour)).toBe(200)
  })

  it('RATE_LIMIT_UNSUBSCRIBE', async () => {
    const t = api({ RATE_LIMIT_UNSUBSCRIBE: '2/3600' })
    const post = async (ip: string) => {
      const answer = (await unsubscribeAction({
        context: { services: t.services, user: null, token: null, clientIp: ip, categorySlug: null },
        request: new Request('http://localhost:3000/monthly-report/unsubscribe/1.nope', { method: 'POST' }),
        params: { token: '1.nope' },
      } as never)) as { init?: { status?: number } }
      return answer.init?.status ?? 200
    }
    // An unknown token is a 404; past the limit, a 429 before the token is looked at.
    expect(await fromHome(4, post)).toEqual([404, 404, 429, 429])
    expect(await post(neighbour)).toBe(404)
  })

  it('RATE_LIMIT_LOGIN and RATE_LIMIT_REPORTS', async () => {
    const t = api({ RATE_LIMIT_LOGIN: '2/3600', RATE_LIMIT_REPORTS: '2/3600' })
    const { user } = await createUser(t.services)
    const login = async (ip: string) => (await t.call('POST', '/auth/login', { body: { email: user.email, password: 'wrong password' }, headers: from(ip) })).status
    expect(await fromHome(4, login)).toEqual([422, 422, 429, 429])
    expect(await login(neighbour)).toBe(422)
    const report = async (ip: string) => (await t.callOffContract('POST', '/public/reports', { body: {}, headers: { ...from(ip), Origin: 'http://localhost:3000' } })).status
    expect(await fromHome(4, report)).toEqual([422, 422, 429, 429])
    expect(await report(neighbour)).toBe(422)
  })
})
