import { afterEach, describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import type { DB } from '#app/db/db.server.ts'
import { createTestDb, testDialects, type TestDb } from '#tests/setup/test-db.ts'

// The migrations of issue 12 (items 2 and 16), run on data written before them.

const BEFORE = '2026-11-23T1000-qr-code-case'
const now = '2026-11-01T08:00:00.000Z'

describe.each(testDialects)('security migrations on %s', (dialect) => {
  let testDb: TestDb | undefined
  afterEach(async () => {
    await testDb?.destroy()
    testDb = undefined
  })

  async function before(): Promise<DB> {
    testDb = await createTestDb(dialect, { upTo: BEFORE })
    return testDb.db
  }

  async function category(db: DB, slug: string, parentId: number | null = null) {
    const row = await db
      .insertInto('place_categories')
      .values({ parent_id: parentId, slug, name: slug, fallback_locale: 'en', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }
  const parents = async (db: DB) =>
    Object.fromEntries((await db.selectFrom('place_categories').select(['slug', 'parent_id']).execute()).map((r) => [r.slug, r.parent_id]))

  it('cuts every stored cycle above its lowest id, and leaves sound branches and what hangs below a cycle alone', async () => {
    const db = await before()
    const root = await category(db, 'root')
    await category(db, 'child', root)
    const a = await category(db, 'a')
    const b = await category(db, 'b')
    const c = await category(db, 'c')
    await category(db, 'below', b)
    const self = await category(db, 'self')
    const x = await category(db, 'x')
    const y = await category(db, 'y')
    const set = (id: number, parent: number) => db.updateTable('place_categories').set({ parent_id: parent }).where('id', '=', id).execute()
    // a → b → c → a, a category its own parent, and x ↔ y.
    await set(a, b)
    await set(b, c)
    await set(c, a)
    await set(self, self)
    await set(x, y)
    await set(y, x)

    await testDb!.migrateToLatest()

    expect(await parents(db)).toEqual({ root: null, child: root, a: null, b: c, c: a, below: b, self: null, x: null, y: x })
  })

  it('drops the rate-limit counters kept under raw client addresses', async () => {
    const db = await before()
    await db.insertInto('rate_limits').values([{ key: 'login:203.0.113.7', window_start: 0, hits: 3 }, { key: 'register:2001:db8::1', window_start: 0, hits: 1 }]).execute()
    await testDb!.migrateToLatest()
    expect(await db.selectFrom('rate_limits').selectAll().execute()).toEqual([])
  })

  it('run on a database that already ran a migration dated after them', async () => {
    testDb = await createTestDb(dialect)
    const db = testDb.db as unknown as Kysely<{ kysely_migration: { name: string } }>
    // As on a server updated before these two were merged: the later place texts already ran.
    await db.deleteFrom('kysely_migration').where('name', 'in', ['2026-11-24T1000-category-cycles', '2026-11-24T1010-rate-limit-keys']).execute()
    await testDb.db.insertInto('rate_limits').values({ key: 'login:203.0.113.7', window_start: 0, hits: 3 }).execute()
    await testDb.migrateToLatest()
    expect(await testDb.db.selectFrom('rate_limits').selectAll().execute()).toEqual([])
  })
})
