import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createServices } from '#app/services.server.ts'
import { createLogger } from '#app/platform/observability/logger.server.ts'
import { createCategory, createUser } from '#tests/setup/factories.ts'
import { createTestApi, testConfig } from '#tests/setup/test-app.ts'
import { createTestDb, testDialects, type TestDb } from '#tests/setup/test-db.ts'
import { StatsRepo } from './stats.repo.server.ts'
import { insertWalk } from './stats.test-fixtures.ts'

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const visitor = (i: number) => ({ ip: `198.51.100.${i % 250}`, userAgent: BROWSER })

// The group commit of events (ADR 031): one writer at a time, every acknowledged event stored.
describe.each(testDialects)('group commit of events on %s', (dialect) => {
  let testDb: TestDb
  beforeAll(async () => {
    testDb = await createTestDb(dialect)
  })
  afterAll(() => testDb.destroy())
  beforeEach(async () => {
    for (const table of ['events', 'stat_days', 'stat_months'] as const) await testDb.db.deleteFrom(table).execute()
  })

  const overrides = { RATE_LIMIT_EVENTS: '1000000/60' }

  async function setup() {
    const { services } = createTestApi(testDb, overrides)
    const { user } = await createUser(services)
    const category = await createCategory(services, user)
    const walk = await insertWalk(testDb.db, category.id)
    return { services, category, walk }
  }

  const views = async (walkId: number) => {
    const events = await testDb.db.selectFrom('events').select((eb) => eb.fn.countAll<number | string>().as('n')).where('walk_id', '=', walkId).where('type', '=', 'view').executeTakeFirstOrThrow()
    const days = await testDb.db.selectFrom('stat_days').select((eb) => eb.fn.sum<number | string | null>('views').as('n')).where('walk_id', '=', walkId).executeTakeFirstOrThrow()
    const months = await testDb.db.selectFrom('stat_months').select((eb) => eb.fn.sum<number | string | null>('views').as('n')).where('category_id', '=', (await testDb.db.selectFrom('walks').select('category_id').where('id', '=', walkId).executeTakeFirstOrThrow()).category_id).executeTakeFirstOrThrow()
    return { events: Number(events.n), days: Number(days.n ?? 0), months: Number(months.n ?? 0) }
  }

  it('writes full chunks of events from a statement made once, every row as given', async () => {
    const { category, walk } = await setup()
    const rows = Array.from({ length: 2_345 }, (_, i) => ({
      category_id: category.id,
      walk_id: i % 7 === 0 ? null : walk.id,
      place_id: null,
      type: i % 3 === 0 ? ('time' as const) : ('view' as const),
      value: i,
      visitor_hash: i % 5 === 0 ? null : `hash-${i}`,
      qr_code_id: null,
      occurred_at: new Date(Date.UTC(2026, 10, 1 + (i % 28), 12, 0, i % 60)).toISOString(),
    }))
    testDb.queries.length = 0
    await new StatsRepo(testDb.db).insertEvents(rows)
    await new StatsRepo(testDb.db).insertEvents(rows.slice(0, 1_000).map((row) => ({ ...row, value: row.value + 10_000 })))
    // Two full chunks and the rest in three statements, then one more full chunk: the same text again.
    const inserts = testDb.queries.filter((q) => /^insert into "events"/i.test(q))
    expect(inserts).toHaveLength(4)
    expect(inserts[3]).toBe(inserts[0])
    const stored = await testDb.db.selectFrom('events').select(['category_id', 'walk_id', 'place_id', 'type', 'value', 'visitor_hash', 'qr_code_id', 'occurred_at']).orderBy('value').execute()
    const expected = [...rows, ...rows.slice(0, 1_000).map((row) => ({ ...row, value: row.value + 10_000 }))]
    expect(stored.map((row) => ({ ...row, value: Number(row.value), occurred_at: new Date(row.occurred_at).toISOString() }))).toEqual(expected)
  })

  it('counts every view of a burst, in a few transactions rather than one per view', async () => {
    const { services, category, walk } = await setup()
    testDb.queries.length = 0
    await Promise.all(Array.from({ length: 300 }, (_, i) => services.stats.ingestView({ id: walk.id, categoryId: category.id }, visitor(i))))
    expect(await views(walk.id)).toEqual({ events: 300, days: 300, months: 300 })
    // 300 views, each its own transaction before: far fewer event inserts now.
    const inserts = testDb.queries.filter((q) => /^insert into "events"/i.test(q)).length
    expect(inserts).toBeGreaterThan(0)
    expect(inserts).toBeLessThan(30)
  })

  it('keeps a burst of batches from many visitors whole: every event counted, the roll-ups agree', async () => {
    const { services, walk } = await setup()
    await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        services.stats.ingestBatch(
          Array.from({ length: 1 + (i % 7) }, () => ({ type: 'view' as const, route_uuid: walk.uuid })),
          visitor(i),
        ),
      ),
    )
    const expected = Array.from({ length: 120 }, (_, i) => 1 + (i % 7)).reduce((a, b) => a + b, 0)
    expect(await views(walk.id)).toEqual({ events: expected, days: expected, months: expected })
  })

  it('counts every view when two server processes write to the same day rows at once', async () => {
    const { services, category, walk } = await setup()
    const other = createServices({ config: testConfig(overrides), db: testDb.db, logger: createLogger('error') })
    const view = (i: number) => (i % 2 ? other : services).stats.ingestView({ id: walk.id, categoryId: category.id }, visitor(i))
    await Promise.all(Array.from({ length: 200 }, (_, i) => view(i)))
    expect(await views(walk.id)).toEqual({ events: 200, days: 200, months: 200 })
  })

  it('a failure in a group loses nothing acknowledged: the other requests are written on their own', async () => {
    const { services, category, walk } = await setup()
    // A category deleted between the page's check and the write (here: an id none has): its
    // event breaks the group's transaction (foreign key), the group is rolled back whole.
    const gone = { id: walk.id + 100_000, categoryId: category.id + 100_000 }
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => services.stats.ingestView(i === 17 ? gone : { id: walk.id, categoryId: category.id }, visitor(i))),
    )
    const acknowledged = results.filter((r) => r.status === 'fulfilled').length
    expect(results[17].status).toBe('rejected')
    expect(acknowledged).toBe(49)
    // Every acknowledged view is stored and rolled up; the failed one left nothing behind.
    expect(await views(walk.id)).toEqual({ events: 49, days: 49, months: 49 })
    const strays = await testDb.db.selectFrom('events').select('id').where('category_id', '=', gone.categoryId).execute()
    expect(strays).toEqual([])
    // And the writer goes on: the next views are counted.
    await Promise.all(Array.from({ length: 10 }, (_, i) => services.stats.ingestView({ id: walk.id, categoryId: category.id }, visitor(i))))
    expect((await views(walk.id)).events).toBe(59)
  })

  it('answers no view as counted when the database is down, and counts again once it is back', async () => {
    const { services, category, walk } = await setup()
    const broken = createTestApi({ ...testDb, db: testDb.db.withPlugin({ transformQuery: (args) => { if (args.node.kind === 'InsertQueryNode') throw new Error('database down'); return args.node }, transformResult: async (args) => args.result }) }, overrides).services
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => broken.stats.ingestView({ id: walk.id, categoryId: category.id }, visitor(i))))
    expect(results.every((r) => r.status === 'rejected')).toBe(true)
    expect((await views(walk.id)).events).toBe(0)
    await Promise.all(Array.from({ length: 20 }, (_, i) => services.stats.ingestView({ id: walk.id, categoryId: category.id }, visitor(i))))
    expect(await views(walk.id)).toEqual({ events: 20, days: 20, months: 20 })
  })
})
