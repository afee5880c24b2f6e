import { afterEach, describe, expect, it } from 'vitest'
import type { DB } from '#app/db/db.server.ts'
import { createTestDb, testDialects, type TestDb } from '#tests/setup/test-db.ts'

// The migrations of ADR 011 and issue 18 item 11, run on data written before them.

const BEFORE = '2026-11-21T1300-list-cache'
const at = (day: string) => `${day}T08:00:00.000Z`

describe.each(testDialects)('address migrations on %s', (dialect) => {
  let testDb: TestDb | undefined
  afterEach(async () => {
    await testDb?.destroy()
    testDb = undefined
  })

  async function before(): Promise<DB> {
    testDb = await createTestDb(dialect, { upTo: BEFORE })
    return testDb.db
  }
  const migrate = () => testDb!.migrateToLatest()

  async function category(db: DB, slug: string, created = '2025-01-01') {
    const row = await db
      .insertInto('place_categories')
      .values({ parent_id: null, slug, name: slug, fallback_locale: 'en', created_at: at(created), updated_at: at(created) })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }
  async function walk(db: DB, categoryId: number, slug: string, status: 'draft' | 'published', created: string, firstViewed?: string) {
    const uuid = crypto.randomUUID()
    const row = await db
      .insertInto('walks')
      .values({ uuid, category_id: categoryId, slug, status, created_at: at(created), updated_at: at(created) })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (firstViewed) {
      for (const day of [firstViewed, '2026-10-01']) {
        await db
          .insertInto('stat_days')
          .values({ category_id: categoryId, walk_id: row.id, place_id: 0, day, views: 3, total_time: 0, sessions: 0, likes: 0, contributions: 0, place_visits: 0 })
          .execute()
      }
    }
    return row.id
  }
  const claims = async (db: DB) =>
    Object.fromEntries((await db.selectFrom('walk_legacy_slugs').select(['slug', 'walk_id']).execute()).map((r) => [r.slug, Number(r.walk_id)]))

  it('gives every existing slug one permanent category-less claim, by the rules of ADR 011', async () => {
    const db = await before()
    const [a, b, c] = [await category(db, 'aubonne'), await category(db, 'bex'), await category(db, 'coppet')]
    const alone = await walk(db, a, 'alone', 'published', '2025-02-01')
    const draftAlone = await walk(db, b, 'draft-alone', 'draft', '2025-02-01')
    // Shared, one published: the address showed that one until now.
    await walk(db, a, 'one-published', 'draft', '2025-01-05')
    const shownOne = await walk(db, b, 'one-published', 'published', '2025-03-01')
    // Shared, both published (both 404 until now): the one visitors saw first, though made later.
    await walk(db, a, 'both-published', 'published', '2025-01-10', '2025-06-01')
    const firstSeen = await walk(db, c, 'both-published', 'published', '2025-04-10', '2025-04-11')
    // Shared, never seen by a visitor: the oldest.
    const oldest = await walk(db, b, 'never-seen', 'draft', '2025-01-02')
    await walk(db, c, 'never-seen', 'draft', '2025-05-02')
    await migrate()
    expect(await claims(db)).toEqual({
      alone,
      'draft-alone': draftAlone,
      'one-published': shownOne,
      'both-published': firstSeen,
      'never-seen': oldest,
    })
    // Every current address and category slug is recorded too.
    expect(Number((await db.selectFrom('walk_addresses').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(8)
    expect((await db.selectFrom('category_slugs').select('slug').orderBy('slug').execute()).map((r) => r.slug)).toEqual(['aubonne', 'bex', 'coppet'])
  })

  it('brings QR codes to one case: one of two codes differing by case keeps its text, the other gets a suffix', async () => {
    const db = await before()
    const cat = await category(db, 'dully')
    const insert = async (code: string) => {
      const row = await db
        .insertInto('qr_codes')
        .values({ category_id: cat, code, image_url: `http://localhost:3000/api/qr-codes/${encodeURIComponent(code)}/image.svg`, name: null, place_id: null, user_id: null, activated_at: null, created_at: at('2025-01-01') })
        .returning('id')
        .executeTakeFirstOrThrow()
      return row.id
    }
    const lower = await insert('pier-1')
    const upper = await insert('PIER-1')
    const mixed = await insert('Café 2')
    const generated = await insert('K7PX3M9A')
    await migrate()
    const rows = new Map((await db.selectFrom('qr_codes').select(['id', 'code', 'image_url']).execute()).map((r) => [r.id, r]))
    expect(rows.get(upper)!.code).toBe('PIER-1')
    expect(rows.get(lower)!.code).toBe('PIER-1-2')
    expect(rows.get(lower)!.image_url).toBe('http://localhost:3000/api/qr-codes/PIER-1-2/image.svg')
    expect(rows.get(mixed)!.code).toBe('CAFÉ 2')
    expect(rows.get(generated)!.code).toBe('K7PX3M9A')
  })
})
