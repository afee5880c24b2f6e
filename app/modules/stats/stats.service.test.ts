import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { User } from '#app/db/schema.ts'
import { createServices, type Services } from '#app/services.server.ts'
import { createLogger } from '#app/platform/observability/logger.server.ts'
import { createCategory, createUser } from '#tests/setup/factories.ts'
import { createTestApi, testConfig } from '#tests/setup/test-app.ts'
import { createTestDb, testDialects, type TestDb } from '#tests/setup/test-db.ts'
import type { NewEvent } from './stats.service.server.ts'
import { countRows, insertPlace, insertWalk } from './stats.test-fixtures.ts'

const months = (views: Record<number, number>) => Array.from({ length: 12 }, (_, i) => ({ x: i + 1, y: views[i + 1] ?? 0 }))
const times = (n: number, event: NewEvent) => Array.from({ length: n }, () => ({ ...event }))

describe.each(testDialects)('StatsService on %s', (dialect) => {
  let testDb: TestDb
  let services: Services

  beforeAll(async () => {
    testDb = await createTestDb(dialect)
  })
  afterAll(async () => {
    await testDb.destroy()
  })
  beforeEach(async () => {
    for (const table of ['events', 'stat_days', 'stat_salts'] as const) await testDb.db.deleteFrom(table).execute()
    services = createTestApi(testDb).services
  })

  /**
   * Known events over 2024 and 2025, three routes (one draft, never counted here), two places,
   * and a second category whose figures must never show in the first one's.
   */
  async function seed() {
    const { user } = await createUser(services)
    const category = await createCategory(services, user, { fallback_locale: 'fr' })
    const other = await createCategory(services, user)
    const db = testDb.db
    const w1 = await insertWalk(db, category.id, { names: { fr: 'Vieille ville', en: 'Old town' } })
    const w2 = await insertWalk(db, category.id, { names: { en: 'Lakeside' } })
    const p1 = await insertPlace(db, category.id, 'Cathedral')
    const p2 = await insertPlace(db, category.id, 'Harbour')
    const c = category.id
    const at = (occurredAt: string, event: Omit<NewEvent, 'categoryId' | 'occurredAt'>): NewEvent => ({ categoryId: c, occurredAt, ...event })
    const events: NewEvent[] = [
      // 2024-03: route 1 (3 views, sessions of 60 and 120 s, 1 like), route 2 (2 views, a QR scan at place 1)
      ...times(3, at('2024-03-05T09:00:00.000Z', { type: 'view', walkId: w1.id })),
      at('2024-03-05T09:01:00.000Z', { type: 'time', walkId: w1.id, value: 60 }),
      at('2024-03-05T09:02:00.000Z', { type: 'time', walkId: w1.id, value: 120 }),
      at('2024-03-05T09:03:00.000Z', { type: 'like', walkId: w1.id }),
      ...times(2, at('2024-03-20T15:00:00.000Z', { type: 'view', walkId: w2.id })),
      at('2024-03-20T15:05:00.000Z', { type: 'place_visit', walkId: w2.id, placeId: p1 }),
      // 2024-11: a view of place 2's page and a secret written there (the last second of a UTC day)
      at('2024-11-30T23:59:59.000Z', { type: 'view', placeId: p2 }),
      at('2024-11-30T23:59:59.999Z', { type: 'contribution', placeId: p2 }),
      // 2025-01: route 1 (4 views, sessions of 30, 45 and 90 s, 2 likes)
      ...times(4, at('2025-01-15T08:00:00.000Z', { type: 'view', walkId: w1.id })),
      at('2025-01-15T08:10:00.000Z', { type: 'time', walkId: w1.id, value: 30 }),
      at('2025-01-15T08:11:00.000Z', { type: 'time', walkId: w1.id, value: 45 }),
      at('2025-01-15T08:12:00.000Z', { type: 'time', walkId: w1.id, value: 90 }),
      ...times(2, at('2025-01-15T08:13:00.000Z', { type: 'like', walkId: w1.id })),
      // 2025-03: route 2 (1 view), two QR scans at place 1 without a route, a secret at place 1
      at('2025-03-01T00:00:00.000Z', { type: 'view', walkId: w2.id }),
      ...times(2, at('2025-03-01T10:00:00.000Z', { type: 'place_visit', placeId: p1 })),
      at('2025-03-01T11:00:00.000Z', { type: 'contribution', placeId: p1 }),
      // 2025-12: route 1 (5 views), a 200 s session on route 2
      ...times(5, at('2025-12-31T23:00:00.000Z', { type: 'view', walkId: w1.id })),
      at('2025-12-31T23:30:00.000Z', { type: 'time', walkId: w2.id, value: 200 }),
      // Another category, same months: never counted above.
      ...times(7, { categoryId: other.id, type: 'view', occurredAt: '2025-03-01T12:00:00.000Z' }),
      { categoryId: other.id, type: 'time', value: 999, occurredAt: '2024-03-05T12:00:00.000Z' },
    ]
    // Recorded in three batches, so some day rows are updated by a later batch.
    await services.stats.record(events.slice(0, 10))
    await services.stats.record(events.slice(10, 25))
    await services.stats.record(events.slice(25))
    return { user, category, other, w1, w2, p1, p2 }
  }

  const expected2024 = {
    views: 6,
    total_time: 180,
    likes: 1,
    contributions: 1,
    place_visits: 1,
    visits: months({ 3: 5, 11: 1 }),
    averageTimePerSession: 90,
    years: ['total', 2025, 2024],
    plaque_views: 0,
    plaque_visits: months({}),
    scans: 0,
    scans_by_month: months({}),
  }
  const expected2025 = {
    views: 10,
    total_time: 365,
    likes: 2,
    contributions: 1,
    place_visits: 2,
    visits: months({ 1: 4, 3: 1, 12: 5 }),
    averageTimePerSession: 91, // 365 / 4 = 91.25
    years: ['total', 2025, 2024],
    plaque_views: 0,
    plaque_visits: months({}),
    scans: 0,
    scans_by_month: months({}),
  }
  const expectedTotal = {
    views: 16,
    total_time: 545,
    likes: 3,
    contributions: 2,
    place_visits: 3,
    visits: months({ 1: 4, 3: 6, 11: 1, 12: 5 }),
    averageTimePerSession: 91, // 545 / 6 = 90.83
    years: ['total', 2025, 2024],
    plaque_views: 0,
    plaque_visits: months({}),
    scans: 0,
    scans_by_month: months({}),
  }

  async function answers(user: User, categoryId: number) {
    return {
      y2024: await services.stats.fetchStatistic(user, categoryId, 2024),
      y2025: await services.stats.fetchStatistic(user, categoryId, 2025),
      total: await services.stats.fetchStatistic(user, categoryId, 'total'),
      breakdown: await services.stats.breakdown(user, categoryId, 'total'),
      breakdown2025: await services.stats.breakdown(user, categoryId, 2025),
    }
  }

  const allDayRows = () =>
    testDb.db.selectFrom('stat_days').selectAll().orderBy('category_id').orderBy('walk_id').orderBy('place_id').orderBy('day').execute()

  describe('fetchStatistic', () => {
    it('answers every figure of a year and of all years from the recorded events', async () => {
      const { user, category } = await seed()
      expect(await services.stats.fetchStatistic(user, category.id, 2024)).toEqual(expected2024)
      expect(await services.stats.fetchStatistic(user, category.id, 2025)).toEqual(expected2025)
      expect(await services.stats.fetchStatistic(user, category.id, 'total')).toEqual(expectedTotal)
    })

    it('answers zeros for a year without data and for a category without events', async () => {
      const { user, category } = await seed()
      expect(await services.stats.fetchStatistic(user, category.id, 2023)).toEqual({
        views: 0,
        total_time: 0,
        likes: 0,
        contributions: 0,
        place_visits: 0,
        visits: months({}),
        averageTimePerSession: 0,
        years: ['total', 2025, 2024],
        plaque_views: 0,
        plaque_visits: months({}),
        scans: 0,
        scans_by_month: months({}),
      })
      const empty = await createCategory(services, user)
      expect(await services.stats.fetchStatistic(user, empty.id, 'total')).toEqual({
        views: 0,
        total_time: 0,
        likes: 0,
        contributions: 0,
        place_visits: 0,
        visits: months({}),
        averageTimePerSession: 0,
        years: ['total'],
        plaque_views: 0,
        plaque_visits: months({}),
        scans: 0,
        scans_by_month: months({}),
      })
    })

    it('keeps one day row per category, route, place and day', async () => {
      const { category, w1 } = await seed()
      const rows = await testDb.db.selectFrom('stat_days').selectAll().where('category_id', '=', category.id).execute()
      expect(rows).toHaveLength(9)
      const march5 = rows.find((r) => r.walk_id === w1.id && r.day === '2024-03-05')
      expect(march5).toEqual({ category_id: category.id, walk_id: w1.id, place_id: 0, day: '2024-03-05', views: 3, total_time: 180, sessions: 2, likes: 1, contributions: 0, place_visits: 0, plaque_views: 0, audio_plays: 0 })
    })

    it('runs the same four queries however much data there is, none of them on raw events', async () => {
      const { user, category, w1 } = await seed()
      testDb.queries.length = 0
      await services.stats.fetchStatistic(user, category.id, 'total')
      const few = [...testDb.queries]
      expect(few).toHaveLength(4) // membership, monthly sums, years, the plaques' monthly scans
      expect(few.some((q) => /\bevents\b/.test(q))).toBe(false)

      const more: NewEvent[] = Array.from({ length: 300 }, (_, i) => ({
        categoryId: category.id,
        type: 'view',
        walkId: w1.id,
        occurredAt: new Date(Date.UTC(2019 + (i % 5), i % 12, 1 + (i % 28))).toISOString(),
      }))
      await services.stats.record(more)
      testDb.queries.length = 0
      await services.stats.fetchStatistic(user, category.id, 2021)
      expect(testDb.queries).toHaveLength(few.length)
    })

    it('answers 404 to a user who is not a member of the category', async () => {
      const { category } = await seed()
      const { user: stranger } = await createUser(services)
      await expect(services.stats.fetchStatistic(stranger, category.id, 'total')).rejects.toMatchObject({ status: 404 })
    })
  })

  describe('breakdown', () => {
    const zero = { views: 0, plaque_views: 0, total_time: 0, sessions: 0, averageTimePerSession: 0, likes: 0, contributions: 0, place_visits: 0, audio_plays: 0 }

    it('answers totals per route (named in the category’s fallback language, else any language it has) and per place', async () => {
      const { user, category, w1, w2, p1, p2 } = await seed()
      expect(await services.stats.breakdown(user, category.id, 'total')).toEqual({
        routes: [
          { ...zero, walk_id: w1.id, uuid: w1.uuid, slug: expect.any(String), name: 'Vieille ville', views: 12, total_time: 345, sessions: 5, averageTimePerSession: 69, likes: 3 },
          { ...zero, walk_id: w2.id, uuid: w2.uuid, slug: expect.any(String), name: 'Lakeside', views: 3, total_time: 200, sessions: 1, averageTimePerSession: 200, place_visits: 1 },
        ],
        places: [
          { ...zero, place_id: p2, name: 'Harbour', views: 1, contributions: 1 },
          { ...zero, place_id: p1, name: 'Cathedral', place_visits: 3, contributions: 1 },
        ],
        plaques: [],
      })
      expect(await services.stats.breakdown(user, category.id, 2025)).toEqual({
        routes: [
          { ...zero, walk_id: w1.id, uuid: w1.uuid, slug: expect.any(String), name: 'Vieille ville', views: 9, total_time: 165, sessions: 3, averageTimePerSession: 55, likes: 2 },
          { ...zero, walk_id: w2.id, uuid: w2.uuid, slug: expect.any(String), name: 'Lakeside', views: 1, total_time: 200, sessions: 1, averageTimePerSession: 200 },
        ],
        places: [{ ...zero, place_id: p1, name: 'Cathedral', place_visits: 2, contributions: 1 }],
        plaques: [],
      })
    })

    it('answers 404 to a user who is not a member of the category', async () => {
      const { category } = await seed()
      const { user: stranger } = await createUser(services)
      await expect(services.stats.breakdown(stranger, category.id, 'total')).rejects.toMatchObject({ status: 404 })
    })
  })

  describe('rebuild', () => {
    it('recomputes identical roll-ups and answers from the raw events', async () => {
      const { user, category } = await seed()
      const before = await answers(user, category.id)
      const rowsBefore = await allDayRows()
      await testDb.db.updateTable('stat_days').set({ views: 999, likes: 0 }).execute()
      await testDb.db.insertInto('stat_days').values({ category_id: category.id, walk_id: 0, place_id: 0, day: '2020-01-01', views: 5, total_time: 0, sessions: 0, likes: 0, contributions: 0, place_visits: 0 }).execute()

      const result = await services.stats.rebuild()
      expect(result).toEqual({ events: 38, rows: 11, scanRows: 0 })
      expect(await allDayRows()).toEqual(rowsBefore)
      expect(await answers(user, category.id)).toEqual(before)
      expect(before.y2024).toEqual(expected2024)
    })

    it('rebuilds one category and leaves the others alone', async () => {
      const { user, category, other } = await seed()
      const before = await answers(user, category.id)
      await testDb.db.updateTable('stat_days').set({ views: 999 }).execute()
      // The figures are read from the month roll-ups, which the rebuild recomputes from the days.
      await testDb.db.updateTable('stat_months').set({ views: 999 }).execute()
      const otherMonths = await testDb.db.selectFrom('stat_months').select('month').where('category_id', '=', other.id).execute()

      expect(await services.stats.rebuild(category.id)).toEqual({ events: 30, rows: 9, scanRows: 0 })
      expect(await answers(user, category.id)).toEqual(before)
      expect((await services.stats.fetchStatistic(user, other.id, 'total')).views).toBe(999 * otherMonths.length)
    })
  })

  describe('record', () => {
    it('writes nothing when the caller’s transaction fails after it', async () => {
      const { category, w1 } = await seed()
      const events = await countRows(testDb.db, 'events')
      const rows = await allDayRows()
      await expect(
        testDb.db.transaction().execute(async (trx) => {
          await services.stats.on(trx).record([{ categoryId: category.id, type: 'view', walkId: w1.id }, { categoryId: category.id, type: 'view', occurredAt: '2026-01-01T00:00:00.000Z' }])
          throw new Error('the secret could not be saved')
        }),
      ).rejects.toThrow('the secret could not be saved')
      expect(await countRows(testDb.db, 'events')).toBe(events)
      expect(await allDayRows()).toEqual(rows)
    })

    it('writes nothing of a batch when one of its events fails', async () => {
      const { category } = await seed()
      const events = await countRows(testDb.db, 'events')
      const rows = await allDayRows()
      await expect(
        services.stats.record([
          { categoryId: category.id, type: 'view', occurredAt: '2026-02-02T00:00:00.000Z' },
          { categoryId: 2_000_000_000, type: 'view' }, // no such category: the foreign key refuses it
        ]),
      ).rejects.toThrow()
      expect(await countRows(testDb.db, 'events')).toBe(events)
      expect(await allDayRows()).toEqual(rows)
    })

    it('stores each event with its value, 1 for counts, and a UTC timestamp', async () => {
      const { user } = await createUser(services)
      const category = await createCategory(services, user)
      await services.stats.record([
        { categoryId: category.id, type: 'time', value: 42.4, occurredAt: '2025-06-01T01:30:00+02:00' },
        { categoryId: category.id, type: 'like', visitorHash: 'abc' },
      ])
      const rows = await testDb.db.selectFrom('events').selectAll().where('category_id', '=', category.id).orderBy('id').execute()
      expect(rows.map((r) => [r.type, r.value, r.walk_id, r.place_id, r.visitor_hash])).toEqual([
        ['time', 42, null, null, null],
        ['like', 1, null, null, 'abc'],
      ])
      expect(rows[0].occurred_at).toBe('2025-05-31T23:30:00.000Z')
      const day = await testDb.db.selectFrom('stat_days').selectAll().where('category_id', '=', category.id).where('day', '=', '2025-05-31').executeTakeFirstOrThrow()
      expect([day.total_time, day.sessions]).toEqual([42, 1])
    })

    // The rate itself is a benchmark row (npm run bench), not a timed test.
    it('records 20,000 events in batches of 1,000, none lost', async () => {
      const { user } = await createUser(services)
      const category = await createCategory(services, user)
      const walks = await Promise.all([1, 2, 3, 4, 5].map(() => insertWalk(testDb.db, category.id)))
      const types = ['view', 'view', 'view', 'time', 'like', 'place_visit'] as const
      const batch = (b: number): NewEvent[] =>
        Array.from({ length: 1000 }, (_, i) => ({
          categoryId: category.id,
          type: types[i % types.length],
          walkId: walks[i % 5].id,
          value: i % types.length === 3 ? 1 + (i % 300) : undefined,
          visitorHash: 'f'.repeat(64),
          occurredAt: new Date(Date.UTC(2025, 0, 1 + ((b * 7 + i) % 30), 12)).toISOString(),
        }))
      for (let b = 0; b < 20; b++) await services.stats.record(batch(b))
      expect((await services.stats.fetchStatistic(user, category.id, 2025)).views).toBe(20 * 501) // i % 6 in 0..2 of i < 1000
    })
  })

  describe('visitorHash', () => {
    const ip = '203.0.113.7'
    const agent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)'

    it('is the same for one visitor on one day and differs on another day or for another visitor', async () => {
      const morning = await services.stats.visitorHash(ip, agent, new Date('2026-05-01T06:00:00Z'))
      expect(morning).toMatch(/^[0-9a-f]{64}$/)
      expect(morning).not.toContain(ip)
      expect(await services.stats.visitorHash(ip, agent, new Date('2026-05-01T23:59:00Z'))).toBe(morning)
      expect(await services.stats.visitorHash(ip, agent, new Date('2026-05-02T00:01:00Z'))).not.toBe(morning)
      expect(await services.stats.visitorHash('203.0.113.8', agent, new Date('2026-05-01T06:00:00Z'))).not.toBe(morning)
      expect(await services.stats.visitorHash(ip, `${agent} X`, new Date('2026-05-01T06:00:00Z'))).not.toBe(morning)
    })

    it('agrees between server processes, which share the day’s salt through the database', async () => {
      const at = new Date('2026-05-01T10:00:00Z')
      const otherProcess = createServices({ config: testConfig(), db: testDb.db, logger: createLogger('silent') })
      const [a, b] = await Promise.all([services.stats.visitorHash(ip, agent, at), otherProcess.stats.visitorHash(ip, agent, at)])
      expect(a).toBe(b)
      expect(await testDb.db.selectFrom('stat_salts').selectAll().execute()).toEqual([{ day: '2026-05-01', salt: expect.stringMatching(/^[0-9a-f]{64}$/) }])
    })

    it('keeps the salts of the last two days only', async () => {
      for (const day of ['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-04']) {
        await services.stats.visitorHash(ip, agent, new Date(`${day}T12:00:00Z`))
      }
      const days = await testDb.db.selectFrom('stat_salts').select('day').orderBy('day').execute()
      expect(days.map((d) => d.day)).toEqual(['2026-05-02', '2026-05-03', '2026-05-04'])
    })
  })
})
