import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createCategory, createUser } from '#tests/setup/factories.ts'
import { createTestApi } from '#tests/setup/test-app.ts'
import { createTestDb, testDialects, type TestDb } from '#tests/setup/test-db.ts'
import { insertWalk } from './stats.test-fixtures.ts'

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const visitor = (i: number) => ({ ip: `198.51.100.${i % 250}`, userAgent: BROWSER })

// Views, events and scans counted in memory and written in groups (ADR 071): answered with no
// database round trip, written within EVENTS_FLUSH_MS, all of them, roll-ups equal to a rebuild.
describe.each(testDialects)('visitor events counted in memory on %s', (dialect) => {
  let testDb: TestDb
  beforeAll(async () => {
    testDb = await createTestDb(dialect)
  })
  afterAll(() => testDb.destroy())
  beforeEach(async () => {
    for (const table of ['events', 'stat_days', 'stat_months', 'rate_limits'] as const) await testDb.db.deleteFrom(table).execute()
  })

  async function setup(overrides: Record<string, string> = {}) {
    const { services } = createTestApi(testDb, { EVENTS_FLUSH_MS: '200', RATE_LIMIT_EVENTS: '1000000/60', ...overrides })
    const { user } = await createUser(services)
    const category = await createCategory(services, user)
    const walk = await insertWalk(testDb.db, category.id)
    const uuid = (await testDb.db.selectFrom('walks').select('uuid').where('id', '=', walk.id).executeTakeFirstOrThrow()).uuid
    return { services, category, walk, uuid }
  }

  const stored = async (walkId: number) => {
    const count = async (type: 'view' | 'time') =>
      Number((await testDb.db.selectFrom('events').select((eb) => eb.fn.countAll<number | string>().as('n')).where('walk_id', '=', walkId).where('type', '=', type).executeTakeFirstOrThrow()).n)
    const days = await testDb.db
      .selectFrom('stat_days')
      .select((eb) => [eb.fn.sum<number | string | null>('views').as('views'), eb.fn.sum<number | string | null>('sessions').as('sessions')])
      .where('walk_id', '=', walkId)
      .executeTakeFirstOrThrow()
    return { views: await count('view'), times: await count('time'), rolledViews: Number(days.views ?? 0), rolledSessions: Number(days.sessions ?? 0) }
  }

  it('answers views and events without a database statement, and writes them all within the interval', async () => {
    const { services, category, walk, uuid } = await setup()
    // The route and the day's salt known (the first event reads them), then nothing more is read.
    await services.stats.ingest({ type: 'time', route_uuid: uuid, value: 5 }, visitor(0))
    await services.stats.close()
    testDb.queries.length = 0
    await Promise.all(Array.from({ length: 200 }, (_, i) => services.stats.ingestView({ id: walk.id, categoryId: category.id }, visitor(i))))
    await Promise.all(Array.from({ length: 100 }, (_, i) => services.stats.ingest({ type: 'time', route_uuid: uuid, value: 30 }, visitor(i))))
    expect(testDb.queries).toEqual([])
    expect(await stored(walk.id)).toEqual({ views: 0, times: 1, rolledViews: 0, rolledSessions: 1 })
    // Within the interval (200 ms here), without anyone asking.
    await expect.poll(() => stored(walk.id), { timeout: 3000, interval: 50 }).toEqual({ views: 200, times: 101, rolledViews: 200, rolledSessions: 101 })
    // In a few group commits, not one per event.
    expect(testDb.queries.filter((q) => /^insert into "events"/i.test(q)).length).toBeLessThan(10)
    // The roll-ups equal the raw events (what `npm run stats:rebuild` recomputes).
    const before = await stored(walk.id)
    await services.stats.rebuild(category.id)
    expect(await stored(walk.id)).toEqual(before)
  })

  it("counts a kept page's view at once (no promise) once the day's salt is known, as ingestView would", async () => {
    const { services, category, walk } = await setup({ RATE_LIMIT_EVENTS: '3/60' })
    const at = { id: walk.id, categoryId: category.id }
    // The day's salt not read yet: the caller takes ingestView's way.
    expect(services.stats.countViewNow(at, visitor(1))).toBe(false)
    await services.stats.ingestView(at, visitor(1))
    testDb.queries.length = 0
    // Then at once, without a statement: counted under the same per-client limit (3 a minute: the
    // view above and two of these; the third is over it, dealt with and not counted), and a bot's
    // view dealt with and not counted.
    expect([1, 2, 3].map(() => services.stats.countViewNow(at, visitor(1)))).toEqual([true, true, true])
    expect(services.stats.countViewNow(at, { ip: '198.51.100.9', userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).toBe(true)
    expect(testDb.queries).toEqual([])
    await services.stats.close()
    expect(await stored(walk.id)).toMatchObject({ views: 3, rolledViews: 3 })
    // The same visitor under the same daily hash as ingestView's.
    const hashes = await testDb.db.selectFrom('events').select('visitor_hash').distinct().where('walk_id', '=', walk.id).execute()
    expect(hashes).toHaveLength(1)
    // Written before the answer (EVENTS_FLUSH_MS=0): never at once.
    const written = await setup({ EVENTS_FLUSH_MS: '0' })
    await written.services.stats.ingestView({ id: written.walk.id, categoryId: written.category.id }, visitor(2))
    expect(written.services.stats.countViewNow({ id: written.walk.id, categoryId: written.category.id }, visitor(2))).toBe(false)
  })

  it("counts a page's events at once (no promise) once its route and the day's salt are known, as ingest would", async () => {
    const { services, walk, uuid } = await setup({ RATE_LIMIT_EVENTS: '5/60' })
    const time = { type: 'time' as const, route_uuid: uuid, value: 30 }
    // Neither the route nor the salt read yet: the caller takes ingest's way.
    expect(services.stats.ingestNow([time], visitor(1))).toBe(false)
    await services.stats.ingest(time, visitor(1))
    testDb.queries.length = 0
    // Then at once, without a statement, under the same per-client limit (5 a minute: the event
    // above and four of these, two in one batch), the next refused with ingest's 429; a bot's dealt with, not counted.
    expect([1, 2].map(() => services.stats.ingestNow([time], visitor(1)))).toEqual([true, true])
    expect(services.stats.ingestNow([time, { ...time, value: 5 }], visitor(1))).toBe(true)
    expect(() => services.stats.ingestNow([time], visitor(1))).toThrow(expect.objectContaining({ status: 429 }))
    expect(services.stats.ingestNow([time], { ip: '198.51.100.9', userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).toBe(true)
    // What it does not take at once: a like, a place (read from the database), an unknown route.
    expect(services.stats.ingestNow([{ type: 'like', route_uuid: uuid }], visitor(2))).toBe(false)
    expect(services.stats.ingestNow([{ type: 'place_visit', place_id: 1 }], visitor(2))).toBe(false)
    expect(services.stats.ingestNow([{ ...time, route_uuid: 'not-a-route' }], visitor(2))).toBe(false)
    expect(testDb.queries).toEqual([])
    await services.stats.close()
    const times = await testDb.db.selectFrom('events').select(['value', 'visitor_hash']).where('walk_id', '=', walk.id).where('type', '=', 'time').execute()
    expect(times.map((row) => Number(row.value)).sort((a, b) => a - b)).toEqual([5, 30, 30, 30, 30])
    // The same visitor under the same daily hash as ingest's.
    expect(new Set(times.map((row) => row.visitor_hash)).size).toBe(1)
  })

  it('writes everything counted at close (the shutdown), what arrives while writing too', async () => {
    const { services, category, walk } = await setup({ EVENTS_FLUSH_MS: '60000' })
    const views = Array.from({ length: 500 }, (_, i) => services.stats.ingestView({ id: walk.id, categoryId: category.id }, visitor(i)))
    await Promise.all(views)
    expect((await stored(walk.id)).views).toBe(0)
    const closing = services.stats.close()
    await services.stats.ingestView({ id: walk.id, categoryId: category.id }, visitor(1))
    await closing
    await services.stats.close()
    expect(await stored(walk.id)).toMatchObject({ views: 501, rolledViews: 501 })
  })

  it('keeps the per-client limit: 429 over RATE_LIMIT_EVENTS, counted in memory and written to the shared counters', async () => {
    const { services, uuid, walk } = await setup({ RATE_LIMIT_EVENTS: '5/60' })
    const answers = await Promise.allSettled(Array.from({ length: 8 }, () => services.stats.ingest({ type: 'time', route_uuid: uuid, value: 1 }, visitor(7))))
    expect(answers.filter((a) => a.status === 'fulfilled').length).toBe(5)
    const refused = answers.find((a) => a.status === 'rejected') as PromiseRejectedResult
    expect(refused.reason).toMatchObject({ status: 429 })
    await services.stats.close()
    expect((await stored(walk.id)).times).toBe(5)
    // The hits reached the shared counters (another process reads them there).
    const rows = await testDb.db.selectFrom('rate_limits').select(['key', 'hits']).where('key', 'like', 'events:%').execute()
    expect(rows.map((r) => Number(r.hits))).toEqual([8])
    // A second process of the same database starts from that count: no fresh allowance.
    const other = createTestApi(testDb, { EVENTS_FLUSH_MS: '200', RATE_LIMIT_EVENTS: '5/60' }).services
    await other.stats.ingest({ type: 'time', route_uuid: uuid, value: 1 }, visitor(7)).catch(() => undefined)
    await other.stats.close()
    await expect(other.stats.ingest({ type: 'time', route_uuid: uuid, value: 1 }, visitor(7))).rejects.toMatchObject({ status: 429 })
  })

  it('drops only the events of a category deleted before the write, and keeps the others', async () => {
    const { services, category, walk } = await setup({ EVENTS_FLUSH_MS: '60000' })
    const { user } = await createUser(services)
    const other = await createCategory(services, user)
    const gone = await insertWalk(testDb.db, other.id)
    await services.stats.ingestView({ id: walk.id, categoryId: category.id }, visitor(1))
    await services.stats.ingestView({ id: gone.id, categoryId: other.id }, visitor(2))
    await testDb.db.deleteFrom('place_categories').where('id', '=', other.id).execute()
    await services.stats.close()
    expect((await stored(walk.id)).views).toBe(1)
    expect((await stored(gone.id)).views).toBe(0)
  })
  it('writes what was counted in groups of whole requests, with a turn of the event loop between groups', async () => {
    const { services, category, walk, uuid } = await setup({ EVENTS_FLUSH_MS: '60000' })
    await Promise.all(Array.from({ length: 500 }, (_, i) => services.stats.ingestView({ id: walk.id, categoryId: category.id }, visitor(i))))
    // A page's three events at once: never split between two groups.
    await Promise.all(Array.from({ length: 40 }, (_, i) => services.stats.ingestBatch(Array.from({ length: 3 }, () => ({ type: 'time' as const, route_uuid: uuid, value: 10 })), visitor(i))))
    testDb.queries.length = 0
    // Marks every turn of the event loop among the statements while the groups are written.
    let marking = true
    const mark = () => {
      if (!marking) return
      testDb.queries.push('-- turn')
      setImmediate(mark)
    }
    setImmediate(mark)
    await services.stats.close()
    marking = false
    const steps = testDb.queries.filter((q) => q === '-- turn' || /^insert into "events"/i.test(q))
    const inserts = steps.flatMap((q, i) => (q === '-- turn' ? [] : [i]))
    // 620 events, 250 at most a group: three groups, each its own transaction.
    expect(inserts).toHaveLength(3)
    for (let g = 1; g < inserts.length; g++) expect(steps.slice(inserts[g - 1], inserts[g])).toContain('-- turn')
    expect(await stored(walk.id)).toEqual({ views: 500, times: 120, rolledViews: 500, rolledSessions: 120 })
  })

  it('keeps every request while the database refuses the events, and writes them all once it takes them again', async () => {
    let refusing = false
    const refusingDb = testDb.db.withPlugin({
      transformQuery: (args) => {
        const node = args.node
        if (refusing && node.kind === 'InsertQueryNode' && (node as { into?: { table: { identifier: { name: string } } } }).into?.table.identifier.name === 'events') throw new Error('database down')
        return node
      },
      transformResult: async (args) => args.result,
    })
    const { services } = createTestApi({ ...testDb, db: refusingDb }, { EVENTS_FLUSH_MS: '60000', RATE_LIMIT_EVENTS: '1000000/60' })
    const { user } = await createUser(services)
    const category = await createCategory(services, user)
    const walk = await insertWalk(testDb.db, category.id)
    await services.stats.ingestView({ id: walk.id, categoryId: category.id }, visitor(0))
    await services.stats.close()
    refusing = true
    await Promise.all(Array.from({ length: 600 }, (_, i) => services.stats.ingestView({ id: walk.id, categoryId: category.id }, visitor(i))))
    await services.stats.flush()
    await services.stats.flush()
    expect(await stored(walk.id)).toMatchObject({ views: 1, rolledViews: 1 })
    refusing = false
    await services.stats.close()
    expect(await stored(walk.id)).toMatchObject({ views: 601, rolledViews: 601 })
  })
})
