import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { User } from '#app/db/schema.ts'
import { loader } from '#app/routes/public/qr.tsx'
import { insertPlace, manager, storeRoute } from '#app/modules/walks/walks.test-fixtures.ts'
import { addMember, createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import type { NewEvent } from './stats.service.server.ts'

// Scans per plaque (ADR 025): counted at the /q/{code} resolve, rolled up in the
// scan's transaction, rebuilt from the raw events, answered by fetch-qr-codes and /statistics.

const phoneUa = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1'
const botUa = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const months = (points: Record<number, number>) => Array.from({ length: 12 }, (_, i) => ({ x: i + 1, y: points[i + 1] ?? 0 }))
const SCAN_LIMIT = 3

describe.each(testDialects)('scans per plaque on %s', (dialect) => {
  const ctx = useTestApi(dialect, { RATE_LIMIT_QR_SCANS: `${SCAN_LIMIT}/600` })
  let nextIp = 1
  /** A fresh address per scan unless one is given: the per-client limit stays out of the way. */
  const freshIp = () => `198.51.100.${(nextIp++ % 250) + 1}`

  /** A category with a published route through a place, and three codes: on that place, on a place without route, in the drawer. */
  async function category(options: { names?: [string | null, string | null] } = {}) {
    const { t, testDb } = ctx
    const m = await manager(t)
    const onRoute = await insertPlace(testDb.db, m.category.id, { name: 'Fountain' })
    const offRoute = await insertPlace(testDb.db, m.category.id, { name: 'Old mill' })
    const route = await storeRoute(t, m.token, m.category.id, { name: 'Old town' })
    expect((await t.call('PUT', '/routes/update', { token: m.token, body: { uuid: route.uuid, status: 'published', places: [{ id: onRoute }] } })).status).toBe(200)
    const batch = await t.call('POST', '/qr-codes/batch', { token: m.token, body: { place_category_id: m.category.id, count: 3 } })
    const [a, b, drawer] = batch.json.data as { id: number; code: string }[]
    for (const [qr, placeId] of [
      [a, onRoute],
      [b, offRoute],
    ] as const) {
      expect((await t.call('PUT', `/qr-codes/${qr.code}/add-location`, { token: m.token, body: { place_id: placeId } })).status).toBe(200)
    }
    const [nameA, nameB] = options.names ?? [null, null]
    if (nameA) await t.call('PUT', `/qr-codes/${a.code}`, { token: m.token, body: { name: nameA } })
    if (nameB) await t.call('PUT', `/qr-codes/${b.code}`, { token: m.token, body: { name: nameB } })
    const walk = await testDb.db.selectFrom('walks').select('id').where('uuid', '=', route.uuid).executeTakeFirstOrThrow()
    return { ...m, onRoute, offRoute, walkId: walk.id, a, b, drawer }
  }

  /** Opens /q/{code} as React Router would; answers the status and where it leads. */
  async function scan(code: string, options: { ip?: string; ua?: string; user?: User | null } = {}) {
    try {
      await loader({
        context: { services: ctx.t.services, user: options.user ?? null, token: null, clientIp: options.ip ?? freshIp(), categorySlug: null },
        request: new Request(`http://localhost:3000/q/${code}`, { headers: { 'user-agent': options.ua ?? phoneUa } }),
        params: { code },
      } as never)
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('location') }
      throw thrown
    }
    return { status: 200, location: null }
  }

  const scanEvents = (categoryId: number) =>
    ctx.testDb.db.selectFrom('events').select(['type', 'walk_id', 'place_id', 'qr_code_id']).where('category_id', '=', categoryId).orderBy('id').execute()
  const totals = async (qrCodeId: number) => (await ctx.testDb.db.selectFrom('qr_scan_totals').selectAll().where('qr_code_id', '=', qrCodeId).executeTakeFirst()) ?? null
  const fetchQrCodes = async (token: string, categoryId: number) => {
    const res = await ctx.t.call('GET', `/place-categories/${categoryId}/fetch-qr-codes`, { token })
    expect(res.status).toBe(200)
    return res.json.data as { id: number; code: string; scans: number; last_scanned_at: string | null }[]
  }

  /** The roll-ups as rows, and the same figures counted from the raw events: they must agree. */
  async function rollUpsAndRaw(categoryIds: number[]) {
    const db = ctx.testDb.db
    const day = sql<string>`substr(events.occurred_at, 1, 10)`
    const [days, rawDays, totalRows, rawTotals, plaqueViews, rawPlaqueViews] = await Promise.all([
      db.selectFrom('stat_qr_days').select(['qr_code_id', 'category_id', 'day', 'scans']).where('category_id', 'in', categoryIds).orderBy('qr_code_id').orderBy('day').execute(),
      db
        .selectFrom('events')
        .innerJoin('qr_codes', 'qr_codes.id', 'events.qr_code_id')
        .select(['events.qr_code_id', 'qr_codes.category_id', day.as('day'), (eb) => eb.fn.countAll().as('scans')])
        .where('events.type', '=', 'place_visit')
        .where('qr_codes.category_id', 'in', categoryIds)
        .groupBy(['events.qr_code_id', 'qr_codes.category_id', day])
        .orderBy('events.qr_code_id')
        .orderBy(day)
        .execute(),
      db.selectFrom('qr_scan_totals').select(['qr_code_id', 'category_id', 'scans', 'last_scanned_at']).where('category_id', 'in', categoryIds).orderBy('qr_code_id').execute(),
      db
        .selectFrom('events')
        .innerJoin('qr_codes', 'qr_codes.id', 'events.qr_code_id')
        .select(['events.qr_code_id', 'qr_codes.category_id', (eb) => eb.fn.countAll().as('scans'), (eb) => eb.fn.max('events.occurred_at').as('last_scanned_at')])
        .where('events.type', '=', 'place_visit')
        .where('qr_codes.category_id', 'in', categoryIds)
        .groupBy(['events.qr_code_id', 'qr_codes.category_id'])
        .orderBy('events.qr_code_id')
        .execute(),
      db.selectFrom('stat_days').select((eb) => eb.fn.sum('plaque_views').as('n')).where('category_id', 'in', categoryIds).executeTakeFirstOrThrow(),
      db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('category_id', 'in', categoryIds)
        .where('type', '=', 'view')
        .where('qr_code_id', 'is not', null)
        .executeTakeFirstOrThrow(),
    ])
    const numbers = <T extends Record<string, unknown>>(rows: T[]) => rows.map((r) => ({ ...r, scans: Number(r.scans) }))
    return {
      rollUps: { days: numbers(days), totals: numbers(totalRows), plaqueViews: Number(plaqueViews.n ?? 0) },
      raw: { days: numbers(rawDays), totals: numbers(rawTotals), plaqueViews: Number(rawPlaqueViews.n) },
    }
  }

  describe('counting at /q/{code}', () => {
    it('counts one scan per resolve: a place visit and the route view it opens, both naming the plaque', async () => {
      const { token, category: c, a, b, drawer, walkId, onRoute, offRoute } = await category()
      expect((await scan(a.code)).status).toBe(302)
      expect((await scan(a.code.toLowerCase())).status).toBe(302)
      expect((await scan(b.code)).status).toBe(200) // a place card: no route to open
      expect((await scan(drawer.code)).status).toBe(200) // not active yet: no place, no scan
      expect(await scanEvents(c.id)).toEqual([
        { type: 'place_visit', walk_id: walkId, place_id: onRoute, qr_code_id: a.id },
        { type: 'view', walk_id: walkId, place_id: null, qr_code_id: a.id },
        { type: 'place_visit', walk_id: walkId, place_id: onRoute, qr_code_id: a.id },
        { type: 'view', walk_id: walkId, place_id: null, qr_code_id: a.id },
        { type: 'place_visit', walk_id: null, place_id: offRoute, qr_code_id: b.id },
      ])
      expect(await totals(a.id)).toEqual({ qr_code_id: a.id, category_id: c.id, scans: 2, last_scanned_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })
      expect(await totals(b.id)).toMatchObject({ scans: 1 })
      expect(await totals(drawer.id)).toBeNull()

      const listed = await fetchQrCodes(token, c.id)
      const byId = new Map(listed.map((q) => [q.id, q]))
      expect(byId.get(a.id)).toMatchObject({ scans: 2, last_scanned_at: (await totals(a.id))!.last_scanned_at })
      expect(byId.get(b.id)).toMatchObject({ scans: 1 })
      expect(byId.get(drawer.id)).toMatchObject({ scans: 0, last_scanned_at: null })
      // One code answers the same.
      expect((await ctx.t.call('GET', `/qr-codes/${a.code}`, { token })).json.data).toMatchObject({ scans: 2 })

      const statistic = (await ctx.t.call('GET', `/place-categories/${c.id}/fetch-statistic`, { token })).json.data
      expect(statistic).toMatchObject({ views: 2, plaque_views: 2, place_visits: 3, scans: 3 })
      const month = new Date().getUTCMonth() + 1
      expect(statistic.scans_by_month).toEqual(months({ [month]: 3 }))
      expect(statistic.plaque_visits).toEqual(months({ [month]: 2 }))
    })

    it('counts neither bots nor the category’s own members, and counts a signed-in stranger', async () => {
      const { t } = ctx
      const { user: owner, category: c, a } = await category()
      const editor = await createUser(t.services)
      await addMember(t.services, c.id, editor.user, 'editor')
      const stranger = await createUser(t.services)
      expect((await scan(a.code, { ua: botUa })).status).toBe(302)
      expect((await scan(a.code, { user: owner })).status).toBe(302)
      expect((await scan(a.code, { user: editor.user })).status).toBe(302)
      expect(await totals(a.id)).toBeNull()
      expect(await scanEvents(c.id)).toEqual([])
      await scan(a.code, { user: stranger.user })
      expect(await totals(a.id)).toMatchObject({ scans: 1 })
    })

    it(`counts at most RATE_LIMIT_QR_SCANS (${SCAN_LIMIT}) scans of one address, rotating its user agent, and still leads every one to the page`, async () => {
      const { category: c, a, b } = await category()
      const answers = []
      for (let i = 0; i < 8; i++) answers.push(await scan(i % 2 ? a.code : b.code, { ip: '203.0.113.77', ua: `${phoneUa} rotation/${i}` }))
      expect(answers.map((r) => r.status)).toEqual([200, 302, 200, 302, 200, 302, 200, 302])
      const counted = (await scanEvents(c.id)).filter((e) => e.type === 'place_visit')
      expect(counted).toHaveLength(SCAN_LIMIT)
      expect(Number((await totals(a.id))?.scans ?? 0) + Number((await totals(b.id))?.scans ?? 0)).toBe(SCAN_LIMIT)
      await scan(a.code, { ip: '203.0.113.78' })
      expect((await scanEvents(c.id)).filter((e) => e.type === 'place_visit')).toHaveLength(SCAN_LIMIT + 1)
    })

    it('writes a scan’s events and roll-ups together, or nothing', async () => {
      const { category: c, a } = await category()
      // A plaque that does not exist: its roll-up row is refused, and the events with it.
      await expect(ctx.t.services.stats.record([{ categoryId: c.id, type: 'place_visit', placeId: null, qrCodeId: 2_000_000_000 }])).rejects.toThrow()
      expect(await scanEvents(c.id)).toEqual([])
      await scan(a.code)
      const { rollUps, raw } = await rollUpsAndRaw([c.id])
      expect(rollUps).toEqual(raw)
    })
  })

  describe('roll-ups', () => {
    it('equal the raw counts, after live scans, a taken-back scan, and the rebuild of npm run stats:rebuild', async () => {
      const { t, testDb } = ctx
      const one = await category()
      const two = await category()
      for (const code of [one.a.code, one.a.code, one.b.code, two.a.code]) await scan(code)
      // Scans over two years, several per day, recorded in batches that update each other's rows.
      const at = (n: number) => new Date(Date.UTC(2025, n % 14, 1 + (n % 27), 6 + (n % 15))).toISOString()
      const plaques = [one.a, one.b, two.a, two.b]
      const batch = (from: number): NewEvent[] =>
        Array.from({ length: 40 }, (_, i) => {
          const n = from + i
          const plaque = plaques[n % plaques.length]
          const owner = plaque === one.a || plaque === one.b ? one : two
          return { categoryId: owner.category.id, type: n % 3 === 0 ? 'view' : 'place_visit', placeId: n % 3 === 0 ? null : owner.onRoute, walkId: owner.walkId, qrCodeId: plaque.id, occurredAt: at(n) }
        })
      await t.services.stats.record(batch(0))
      await t.services.stats.record(batch(40))
      const both = [one.category.id, two.category.id]
      let { rollUps, raw } = await rollUpsAndRaw(both)
      expect(rollUps).toEqual(raw)
      expect(raw.totals.length).toBe(4)

      // A scan taken back (as an undone like is) leaves the roll-ups equal to the events, last scan included.
      const latest = await testDb.db
        .selectFrom('events')
        .select('id')
        .where('qr_code_id', '=', one.b.id)
        .where('type', '=', 'place_visit')
        .orderBy('occurred_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
      await testDb.db.transaction().execute((trx) => t.services.stats.on(trx).retract([latest.id]))
      ;({ rollUps, raw } = await rollUpsAndRaw(both))
      expect(rollUps).toEqual(raw)

      // Roll-ups gone wrong (a lost row, a wrong count, a stray row): the rebuild puts them right.
      const before = rollUps
      await testDb.db.deleteFrom('stat_qr_days').where('qr_code_id', '=', one.a.id).execute()
      await testDb.db.updateTable('qr_scan_totals').set({ scans: 999, last_scanned_at: '1999-01-01T00:00:00.000Z' }).execute()
      await testDb.db.updateTable('stat_days').set({ plaque_views: 0 }).execute()
      await testDb.db.insertInto('stat_qr_days').values({ qr_code_id: two.drawer.id, category_id: two.category.id, day: '2020-01-01', scans: 5 }).execute()
      const result = await t.services.stats.rebuild()
      expect(result.scanRows).toBeGreaterThanOrEqual(before.days.length)
      ;({ rollUps, raw } = await rollUpsAndRaw(both))
      expect(rollUps).toEqual(raw)
      expect(rollUps).toEqual(before)

      // One category's rebuild leaves the other's roll-ups alone.
      await testDb.db.updateTable('qr_scan_totals').set({ scans: 999 }).execute()
      await t.services.stats.rebuild(one.category.id)
      expect(Number((await totals(one.a.id))!.scans)).toBe(raw.totals.find((r) => r.qr_code_id === one.a.id)!.scans)
      expect(Number((await totals(two.a.id))!.scans)).toBe(999)
    })

    it('lose a deleted plaque, whose scans stay place visits, and rebuild without it', async () => {
      const { t, testDb } = ctx
      const { token, category: c, a, b } = await category()
      await scan(a.code)
      await scan(b.code)
      // In the trash first (ADR 110), then deleted for good from there.
      const trashed = await t.call('DELETE', `/qr-codes/${b.code}`, { token })
      expect(trashed.status).toBe(200)
      expect((await t.call('DELETE', `/trash/${trashed.json.data.trash_id}`, { token })).status).toBe(200)
      expect(await totals(b.id)).toBeNull()
      await t.services.stats.rebuild(c.id)
      expect(await totals(b.id)).toBeNull()
      expect(await totals(a.id)).toMatchObject({ scans: 1 })
      const statistic = (await t.call('GET', `/place-categories/${c.id}/fetch-statistic`, { token })).json.data
      expect(statistic).toMatchObject({ place_visits: 2, scans: 1 })
      expect(await testDb.db.selectFrom('stat_qr_days').selectAll().where('qr_code_id', '=', b.id).execute()).toEqual([])
    })
  })

  describe('statistics by plaque', () => {
    it('answers the scans of a year and of all years per plaque, from the roll-ups, labelled by name, else place, else code', async () => {
      const { t, testDb } = ctx
      const m = await category({ names: ['North gate', null] })
      const { token, category: c, a, b, drawer } = m
      const record = (qr: { id: number }, occurredAt: string, extra: Partial<NewEvent> = {}) =>
        ({ categoryId: c.id, type: 'place_visit', placeId: m.onRoute, qrCodeId: qr.id, occurredAt, ...extra }) as NewEvent
      await t.services.stats.record([
        record(a, '2025-03-02T10:00:00.000Z'),
        record(a, '2025-03-09T10:00:00.000Z'),
        record(a, '2025-07-01T10:00:00.000Z'),
        record(a, '2025-07-01T10:00:00.000Z', { type: 'view', placeId: null, walkId: m.walkId }),
        record(b, '2025-07-04T10:00:00.000Z'),
        record(a, '2026-03-01T10:00:00.000Z'),
        // The drawer's code was on a wall once, then taken down: its scans still count.
        record(drawer, '2026-01-05T10:00:00.000Z'),
        // A route view by a shared link, in the same months.
        { categoryId: c.id, type: 'view', walkId: m.walkId, occurredAt: '2025-07-02T10:00:00.000Z' },
      ])
      // Read from the roll-ups: the raw events could be gone, the answer stays.
      const raw = await testDb.db.selectFrom('events').select('id').where('category_id', '=', c.id).execute()
      testDb.queries.length = 0
      const breakdown = async (year: string) => (await t.call('GET', `/place-categories/${c.id}/statistics/breakdown?year=${year}`, { token })).json.data
      const statistic = async (year: string) => (await t.call('GET', `/place-categories/${c.id}/fetch-statistic?year=${year}`, { token })).json.data

      expect(await statistic('2025')).toMatchObject({ views: 2, plaque_views: 1, scans: 4, scans_by_month: months({ 3: 2, 7: 2 }), plaque_visits: months({ 7: 1 }) })
      expect(await statistic('total')).toMatchObject({ scans: 6, scans_by_month: months({ 1: 1, 3: 3, 7: 2 }) })
      const y2025 = await breakdown('2025')
      expect(y2025.plaques).toEqual([
        { qr_code_id: a.id, code: a.code, name: 'North gate', place_id: m.onRoute, place_name: 'Fountain', label: 'North gate', scans: 3, last_scanned_at: '2026-03-01T10:00:00.000Z', months: months({ 3: 2, 7: 1 }) },
        { qr_code_id: b.id, code: b.code, name: null, place_id: m.offRoute, place_name: 'Old mill', label: 'Old mill', scans: 1, last_scanned_at: '2025-07-04T10:00:00.000Z', months: months({ 7: 1 }) },
      ])
      expect(y2025.routes[0]).toMatchObject({ walk_id: m.walkId, views: 2, plaque_views: 1 })
      const total = await breakdown('total')
      expect(total.plaques.map((p: { label: string; scans: number }) => [p.label, p.scans])).toEqual([
        ['North gate', 4],
        ['Old mill', 1],
        [drawer.code, 1],
      ])
      // A plaque on a wall that nobody scanned this year shows, with 0: the silent ones matter.
      const y2026 = await breakdown('2026')
      expect(y2026.plaques.map((p: { qr_code_id: number; scans: number }) => [p.qr_code_id, p.scans])).toEqual([
        [a.id, 1],
        [drawer.id, 1],
        [b.id, 0],
      ])
      expect(testDb.queries.some((q) => /\bfrom "stat_qr_days"/i.test(q))).toBe(true)
      expect(testDb.queries.some((q) => /\bfrom "events"|\bjoin "events"/i.test(q))).toBe(false)
      expect(raw.length).toBe(8)
    })
  })

  describe('tenancy', () => {
    it('never shows another tenant’s plaques, and answers 404 to a stranger', async () => {
      const { t } = ctx
      const mine = await category({ names: ['Mine', null] })
      const theirs = await category({ names: ['Theirs', null] })
      await scan(mine.a.code)
      await scan(theirs.a.code)
      await scan(theirs.b.code)
      const codes = await fetchQrCodes(mine.token, mine.category.id)
      expect(codes.map((q) => q.id).sort()).toEqual([mine.a.id, mine.b.id, mine.drawer.id].sort())
      const plaques = (await t.call('GET', `/place-categories/${mine.category.id}/statistics/breakdown`, { token: mine.token })).json.data.plaques as { qr_code_id: number }[]
      expect(plaques.map((p) => p.qr_code_id).sort()).toEqual([mine.a.id, mine.b.id].sort())
      expect((await t.call('GET', `/place-categories/${mine.category.id}/fetch-statistic`, { token: mine.token })).json.data.scans).toBe(1)
      for (const path of [`/place-categories/${mine.category.id}/fetch-qr-codes`, `/place-categories/${mine.category.id}/fetch-statistic`, `/place-categories/${mine.category.id}/statistics/breakdown`]) {
        expect((await t.callOffContract('GET', path, { token: theirs.token })).status, path).toBe(404)
      }
    })
  })
})
