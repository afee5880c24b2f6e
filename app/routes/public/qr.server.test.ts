import { describe, expect, it } from 'vitest'
import type { User } from '#app/db/schema.ts'
import { RateLimiter } from '#app/platform/rate-limit/rate-limit.server.ts'
import { StatsService } from '#app/modules/stats/stats.service.server.ts'
import { insertPlace, manager, storeRoute } from '#app/modules/walks/walks.test-fixtures.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { loader } from './qr.tsx'

// The /q/{code} page's loader as React Router calls it, over a test database.

const phoneUa = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1'

describe.each(testDialects)('QR code page (loader) on %s', (dialect) => {
  const ctx = useTestApi(dialect)

  /** A published route through an activated plaque's place. */
  async function plaque() {
    const { t } = ctx
    const m = await manager(t)
    const placeId = await insertPlace(ctx.testDb.db, m.category.id, { name: 'Fountain' })
    const route = await storeRoute(t, m.token, m.category.id, { name: 'Old town' })
    expect((await t.call('PUT', '/routes/update', { token: m.token, body: { uuid: route.uuid, status: 'published', places: [{ id: placeId }] } })).status).toBe(200)
    const [qr] = (await t.call('POST', '/qr-codes/batch', { token: m.token, body: { place_category_id: m.category.id, count: 1 } })).json.data
    expect((await t.call('PUT', `/qr-codes/${qr.code}/add-location`, { token: m.token, body: { place_id: placeId } })).status).toBe(200)
    return { ...m, placeId, route, code: qr.code as string }
  }

  /** Scans the code; answers the redirect's status and Location. */
  async function scan(code: string, options: { ip?: string; ua?: string; user?: User | null; lang?: string; services?: typeof ctx.t.services } = {}) {
    const path = `${options.lang ? `/${options.lang}` : ''}/q/${code}`
    try {
      await loader({
        context: { services: options.services ?? ctx.t.services, user: options.user ?? null, token: null, clientIp: options.ip ?? '203.0.113.50', categorySlug: null },
        request: new Request(`http://localhost:3000${path}`, { headers: { 'user-agent': options.ua ?? phoneUa } }),
        params: { code, ...(options.lang ? { lang: options.lang } : {}) },
      } as never)
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('location') }
      throw thrown
    }
    return { status: 200, location: null }
  }

  const visits = async (placeId: number) =>
    Number((await ctx.testDb.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).where('place_id', '=', placeId).where('type', '=', 'place_visit').executeTakeFirstOrThrow()).n)

  it('goes to the canonical map page of the route, focused on the place, whatever the case typed', async () => {
    const { category, route, placeId, code } = await plaque()
    expect(code).toMatch(/^[A-Z2-9]{8}$/)
    expect(await scan(code)).toEqual({ status: 302, location: `/m/${category.slug}/${route.slug}?place=${placeId}` })
    expect(await scan(code.toLowerCase(), { lang: 'fr' })).toEqual({ status: 302, location: `/fr/m/${category.slug}/${route.slug}?place=${placeId}` })
    expect(await visits(placeId)).toBe(2)
  })

  it('counts at most RATE_LIMIT_QR_SCANS of 2,000 scans from one address in 5 s, and redirects every one', async () => {
    const { placeId, code } = await plaque()
    const { limit } = ctx.t.config.RATE_LIMIT_QR_SCANS
    const answers: { status: number }[] = []
    // As fast as they go (a few seconds), twenty at a time, rotating the user agent: one address.
    for (let i = 0; i < 2000; i += 20) {
      answers.push(...(await Promise.all(Array.from({ length: 20 }, (_, j) => scan(code, { ip: '198.51.100.59', ua: `${phoneUa} rotation/${i + j}` })))))
    }
    expect(answers.every((a) => a.status === 302)).toBe(true)
    expect(await visits(placeId)).toBe(limit)
    // Another address still counts.
    await scan(code, { ip: '198.51.100.60' })
    expect(await visits(placeId)).toBe(limit + 1)
  }, 60_000)

  it('fails closed: with the counters unreachable a scan still leads to the page, and is not counted', async () => {
    const { placeId, code } = await plaque()
    const down = new RateLimiter({ increment: () => Promise.reject(new Error('connection refused')), close: async () => {} }, () => 'a-secret-of-at-least-32-characters-for-tests')
    const services = { ...ctx.t.services, stats: new StatsService({ ...ctx.t.services.stats.deps, rateLimiter: down }) }
    expect((await scan(code, { services })).status).toBe(302)
    expect(await visits(placeId)).toBe(0)
  })
})
