import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDb, testDialects, type TestDb } from '#tests/setup/test-db.ts'
import { DbRateLimitStore } from './db-store.server.ts'

// One key's hits coalesced into one upsert (ADR 031): the counts stay exact, as if written one by one.
describe.each(testDialects)('database rate-limit store on %s', (dialect) => {
  let testDb: TestDb
  beforeAll(async () => {
    testDb = await createTestDb(dialect)
  })
  afterAll(() => testDb.destroy())

  const stored = async (key: string) => Number((await testDb.db.selectFrom('rate_limits').select('hits').where('key', '=', key).executeTakeFirst())?.hits ?? 0)

  it('counts a burst on one key in a few upserts, each caller its own running count', async () => {
    const store = new DbRateLimitStore(testDb.db)
    const weights = Array.from({ length: 200 }, (_, i) => 1 + (i % 3))
    testDb.queries.length = 0
    const results = await Promise.all(weights.map((w) => store.increment('events:burst', 60_000, w)))
    const upserts = testDb.queries.filter((q) => /insert into "rate_limits"/i.test(q)).length
    expect(upserts).toBeGreaterThan(0)
    expect(upserts).toBeLessThan(20)
    // In call order the counts are the running sums of the weights (the limit sees every hit).
    let sum = 0
    expect(results.map((r) => r.hits)).toEqual(weights.map((w) => (sum += w)))
    expect(await stored('events:burst')).toBe(sum)
  })

  it('writes a burst on many keys (many visitors) in one upsert, each key counted apart', async () => {
    const store = new DbRateLimitStore(testDb.db)
    testDb.queries.length = 0
    const results = await Promise.all(Array.from({ length: 300 }, (_, i) => store.increment(`events:visitor-${i % 150}`, 60_000)))
    expect(testDb.queries.filter((q) => /insert into "rate_limits"/i.test(q)).length).toBeLessThan(5)
    // Each visitor's two hits: 1 then 2, in call order.
    expect(results.map((r) => r.hits)).toEqual(Array.from({ length: 300 }, (_, i) => (i < 150 ? 1 : 2)))
    for (const i of [0, 77, 149]) expect(await stored(`events:visitor-${i}`)).toBe(2)
  })

  it('keeps keys apart and shares the counters with another process', async () => {
    const one = new DbRateLimitStore(testDb.db)
    const other = new DbRateLimitStore(testDb.db)
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? other : one).increment(`login:${i % 4}`, 60_000)))
    for (let k = 0; k < 4; k++) {
      const counts = results.filter((_, i) => i % 4 === k).map((r) => r.hits)
      // Every hit of a key has its own count, 1..25, whichever process counted it.
      expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1))
      expect(await stored(`login:${k}`)).toBe(25)
    }
  })

  it('starts a key’s window at its first hit: a burst across a minute of the clock is one window', async () => {
    let now = 120_000 - 1
    const store = new DbRateLimitStore(testDb.db, () => now)
    const before = store.increment('reset:burst', 60_000, 2)
    now = 120_000
    const after = store.increment('reset:burst', 60_000, 3)
    expect((await before).hits).toBe(2)
    expect(await after).toEqual({ hits: 5, resetInMs: 60_000 - 1 })
    // Another process, a written statement later, still in the window: counted in it.
    now = 120_000 + 59_998
    expect(await new DbRateLimitStore(testDb.db, () => now).increment('reset:burst', 60_000)).toEqual({ hits: 6, resetInMs: 1 })
    // At the window's end a new one starts, at that hit.
    now = 120_000 - 1 + 60_000
    expect(await store.increment('reset:burst', 60_000, 4)).toEqual({ hits: 4, resetInMs: 60_000 })
    expect(await stored('reset:burst')).toBe(4)
  })

  it('refuses every hit of a burst when the store cannot write (nothing counted as allowed)', async () => {
    const broken = await createTestDb(dialect)
    const store = new DbRateLimitStore(broken.db)
    await broken.destroy()
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => store.increment('events:down', 60_000)))
    expect(results.every((r) => r.status === 'rejected')).toBe(true)
  })
})
