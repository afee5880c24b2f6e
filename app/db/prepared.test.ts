import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, type DB } from './db.server.ts'
import { sharedRead } from './shared-read.server.ts'
import { createPostgresTestDatabase } from '#tests/setup/test-db.ts'

const url = process.env.TEST_DATABASE_URL

// The PostgreSQL pool's prepared statements and shared reads (ADR 031).
describe.skipIf(!url)('PostgreSQL statements prepared by the pool', () => {
  let db: DB
  let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>
  beforeAll(async () => {
    database = await createPostgresTestDatabase()
    db = createDb({ url: database.url, prepared: true, poolSize: 2 })
  })
  afterAll(async () => {
    await db.destroy()
    await database.drop()
  })

  it('prepares a statement run again and again, and answers it right with new parameters each time', async () => {
    for (let i = 0; i < 20; i++) {
      await db.insertInto('rate_limits').values({ key: `k${i}`, window_start: i, hits: i }).execute()
    }
    for (let i = 0; i < 20; i++) {
      const row = await db.selectFrom('rate_limits').select('hits').where('key', '=', `k${i}`).executeTakeFirstOrThrow()
      expect(Number(row.hits)).toBe(i)
    }
    // In a transaction too (one connection), and side by side on the pool's connections.
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 5; i++) expect(Number((await trx.selectFrom('rate_limits').select('hits').where('key', '=', `k${i}`).executeTakeFirstOrThrow()).hits)).toBe(i)
      const prepared = await sql<{ name: string }>`select name from pg_prepared_statements where name like 'tg_%'`.execute(trx)
      expect(prepared.rows.length).toBeGreaterThan(0)
    })
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => db.selectFrom('rate_limits').select('hits').where('key', '=', `k${i}`).executeTakeFirstOrThrow()))
    expect(all.map((r) => Number(r.hits))).toEqual(Array.from({ length: 20 }, (_, i) => i))
  })

  it('prepares afresh after a schema change made a statement stale (another process migrated)', async () => {
    const read = () => db.selectFrom('rate_limits').selectAll().where('key', '=', 'k1').executeTakeFirstOrThrow()
    for (let i = 0; i < 5; i++) await read()
    await sql`alter table rate_limits add column extra integer`.execute(db)
    // PostgreSQL refuses the stale statement (0A000): at most once per connection of the pool
    // (2 here), then the new columns.
    let failures = 0
    for (let i = 0; i < 6; i++) await read().catch(() => failures++)
    expect(failures).toBeGreaterThanOrEqual(1)
    expect(failures).toBeLessThanOrEqual(2)
    expect(Object.keys(await read())).toContain('extra')
    await sql`alter table rate_limits drop column extra`.execute(db)
  })

  it('shares one read between the callers of one turn, and never joins a read already sent', async () => {
    let reads = 0
    const read = () => {
      reads++
      return db.selectFrom('rate_limits').select('hits').where('key', '=', 'k3').executeTakeFirstOrThrow()
    }
    const first = await Promise.all(Array.from({ length: 10 }, () => sharedRead(db, 'k3', read)))
    expect(reads).toBe(1)
    expect(first.every((r) => Number(r.hits) === 3)).toBe(true)
    // A write committed after the first read was sent is seen by a caller arriving after it.
    const before = sharedRead(db, 'k3', read)
    await before
    await db.updateTable('rate_limits').set({ hits: 33 }).where('key', '=', 'k3').execute()
    expect(Number((await sharedRead(db, 'k3', read)).hits)).toBe(33)
    expect(reads).toBe(3)
  })
})

describe('shared reads on SQLite', () => {
  it('runs every read at once: a read there is a function call, nothing to share', async () => {
    const db = createDb({ url: ':memory:' })
    let reads = 0
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => sharedRead(db, 'same', async () => (reads++, i))))
    expect(results).toEqual([0, 1, 2, 3, 4])
    expect(reads).toBe(5)
    await db.destroy()
  })
})
