import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { insertPlace, manager, storeRoute } from '#app/modules/walks/walks.test-fixtures.ts'
import { importBuiltApp, type BuiltApp } from '#tests/setup/built-app.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { root } from '../tests/e2e/server.ts'

// The visitor's hot path costs no database statement (issue 28, ADR 071): kept /r, /m, /c, open
// data, a page event and a plaque scan, once warm, are answered from memory; what they count is
// written at the next flush (here: at close), every view, event and scan of them.

let built: BuiltApp
const clientDir = path.join(root, 'build/client')
beforeAll(async () => {
  built = await importBuiltApp()
})

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36'

function request(url: string, options: { method?: string; body?: string } = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: { 'user-agent': BROWSER, 'accept-encoding': 'gzip', ...(options.body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(options.body)) } : {}) } }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode!))
    })
    req.on('error', reject)
    req.end(options.body)
  })
}

describe.each(testDialects)('the visitor hot path on %s', (dialect) => {
  // Counted in memory, written only when asked (close) within this test.
  const ctx = useTestApi(dialect, { EVENTS_FLUSH_MS: '60000', RATE_LIMIT_EVENTS: '100000/60' }, () => built)
  let server: http.Server | undefined
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve))
    server = undefined
  })

  it('answers kept pages, open data, events and scans without a database statement, and then stores every one', async () => {
    const { t } = ctx
    const m = await manager(t, { fallback_locale: 'en' })
    const placeId = await insertPlace(ctx.testDb.db, m.category.id, { name: 'Fountain' })
    const route = await storeRoute(t, m.token, m.category.id, { name: 'Old town' })
    expect((await t.call('PUT', '/routes/update', { token: m.token, body: { uuid: route.uuid, status: 'published', places: [{ id: placeId }] } })).status).toBe(200)
    const [qr] = (await t.call('POST', '/qr-codes/batch', { token: m.token, body: { place_category_id: m.category.id, count: 1 } })).json.data
    expect((await t.call('PUT', `/qr-codes/${qr.code}/add-location`, { token: m.token, body: { place_id: placeId } })).status).toBe(200)
    const walk = await ctx.testDb.db.selectFrom('walks').select(['id', 'slug']).where('uuid', '=', route.uuid).executeTakeFirstOrThrow()
    server = http.createServer(built.createRequestListener({ services: t.services, build: built, mode: 'production', clientDir }))
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const event = JSON.stringify({ type: 'time', route_uuid: route.uuid, value: 12 })
    const hot: Array<[string, { method?: string; body?: string }]> = [
      [`/r/${m.category.slug}/${walk.slug}`, {}],
      [`/m/${m.category.slug}/${walk.slug}`, {}],
      [`/c/${m.category.slug}`, {}],
      [`/api/public/categories/${m.category.slug}`, {}],
      ['/api/events', { method: 'POST', body: event }],
      [`/q/${qr.code}`, {}],
    ]
    // Warm: each page rendered and kept, the route, the day's salt and the versions read once.
    for (const [url, options] of hot) expect(await request(`${base}${url}`, options), url).toBeLessThan(300)
    await t.services.stats.close()
    const count = async (type: 'view' | 'time' | 'place_visit') =>
      Number((await ctx.testDb.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).where('walk_id', '=', walk.id).where('type', '=', type).executeTakeFirstOrThrow()).n)
    const before = { views: await count('view'), times: await count('time'), scans: await count('place_visit') }

    ctx.testDb.queries.length = 0
    for (let i = 0; i < 20; i++) for (const [url, options] of hot) expect(await request(`${base}${url}`, options), url).toBeLessThan(300)
    expect([...new Set(ctx.testDb.queries)].map((q) => q.slice(0, 140))).toEqual([])

    // Every one of them is stored at the next write (the shutdown's, here).
    await t.services.stats.close()
    // 20 landing views and 20 views opened by a scan.
    expect(await count('view')).toBe(before.views + 40)
    expect(await count('time')).toBe(before.times + 20)
    expect(await count('place_visit')).toBe(before.scans + 20)
  })
})
