import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { contentVersionBoard, createDb, watchOtherProcesses, type DB } from '#app/db/db.server.ts'
import { migrateToLatest } from '#app/db/migrate.server.ts'
import { createPostgresTestDatabase, testDialects, type TestDialect } from '#tests/setup/test-db.ts'

// Content versions kept in memory (ADR 071): a kept page's check costs no query; a write of this
// process, or of another, is seen; with the notification channel down, within its bound.

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** Two handles on one database (as two processes have), the first counting its statements. */
async function twoHandles(dialect: TestDialect): Promise<{ a: DB; b: DB; url: string; queries: string[] }> {
  let url: string
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trailguide-versions-'))
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }))
    url = path.join(dir, 'db.sqlite')
  } else {
    const database = await createPostgresTestDatabase({ migrated: true })
    cleanups.push(() => database.drop())
    url = database.url
  }
  const queries: string[] = []
  const a = createDb({ url, onQuery: (sql) => queries.push(sql) })
  const b = createDb({ url })
  cleanups.push(async () => {
    await a.destroy()
    await b.destroy()
  })
  await migrateToLatest(a)
  return { a, b, url, queries }
}

async function category(db: DB, slug: string): Promise<number> {
  const now = new Date().toISOString()
  const row = await db.insertInto('place_categories').values({ slug, name: slug, fallback_locale: 'en', parent_id: null, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()
  return row.id
}

const versionOf = async (db: DB, id: number) => contentVersionBoard(db).version(id)

describe.each(testDialects)('content versions kept in memory on %s', (dialect) => {
  it('answers a known version without a query, and sees this process’s own writes at once', async () => {
    const { a, queries } = await twoHandles(dialect)
    const id = await category(a, 'versions-own')
    const first = await versionOf(a, id)
    queries.length = 0
    for (let i = 0; i < 100; i++) expect(await versionOf(a, id)).toBe(first)
    expect(queries).toEqual([])

    // A content write (a trigger raises the version) in a transaction: seen after its commit.
    await a.transaction().execute(async (trx) => {
      await trx.updateTable('place_categories').set({ name: 'Renamed' }).where('id', '=', id).execute()
    })
    expect(await versionOf(a, id)).toBeGreaterThan(first)
    // A rolled-back write changes nothing, and a visitor's own rows (events, limits) forget nothing.
    const after = await versionOf(a, id)
    await a
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('place_categories').set({ name: 'Never' }).where('id', '=', id).execute()
        throw new Error('rolled back')
      })
      .catch(() => undefined)
    expect(await versionOf(a, id)).toBe(after)
    queries.length = 0
    await a.insertInto('rate_limits').values({ key: 'events:x', window_start: 0, hits: 1 }).execute()
    expect(await versionOf(a, id)).toBe(after)
    expect(queries.filter((q) => /content_versions/.test(q))).toEqual([])
  })

  it('sees another process’s write: by notification on PostgreSQL, by data_version on SQLite', async () => {
    const { a, b, url, queries } = await twoHandles(dialect)
    const stop = watchOtherProcesses(a, { url, staleMs: 60_000 })
    cleanups.push(stop)
    const id = await category(b, 'versions-other')
    const first = await versionOf(a, id)
    // The listener is up once a notification of its own comes through.
    await b.updateTable('place_categories').set({ name: 'Seen' }).where('id', '=', id).execute()
    await expect.poll(() => versionOf(a, id), { timeout: 5000 }).toBeGreaterThan(first)
    const second = await versionOf(a, id)
    queries.length = 0
    await b.updateTable('place_categories').set({ name: 'Seen again' }).where('id', '=', id).execute()
    await expect.poll(() => versionOf(a, id), { timeout: 5000 }).toBeGreaterThan(second)
    // On PostgreSQL the new version came with the notification: no read of it.
    if (dialect === 'postgres') expect(queries.filter((q) => /content_versions/.test(q))).toEqual([])
  })

  it('raises a category’s version once per transaction on PostgreSQL, whatever the rows written', async () => {
    const { a, b, url } = await twoHandles(dialect)
    const id = await category(a, 'versions-once')
    const stored = async () => Number((await b.selectFrom('content_versions').select('version').where('category_id', '=', id).executeTakeFirstOrThrow()).version)
    const notified: string[] = []
    const listener = new (await import('pg')).default.Client({ connectionString: url })
    if (dialect === 'postgres') {
      await listener.connect()
      cleanups.push(() => listener.end())
      listener.on('notification', (n) => n.payload?.startsWith(`${id}:`) && notified.push(n.payload))
      await listener.query('listen content_versions')
    }
    const before = await stored()
    const now = new Date().toISOString()
    await a.transaction().execute(async (trx) => {
      for (let i = 0; i < 50; i++) await trx.insertInto('places').values({ category_id: id, name: `Stop ${i}`, lat: 46.5, lng: 6.6, ele: null, created_at: now, updated_at: now }).execute()
      await trx.updateTable('place_categories').set({ name: 'Fifty stops' }).where('id', '=', id).execute()
    })
    // SQLite's triggers still count rows (no row versions there); PostgreSQL's once per transaction.
    const afterFifty = await stored()
    if (dialect === 'postgres') expect(afterFifty).toBe(before + 1)
    else expect(afterFifty).toBeGreaterThanOrEqual(before + 51)
    // Each transaction raises it again, and a write outside any transaction is one of its own.
    await a.transaction().execute((trx) => trx.updateTable('place_categories').set({ name: 'Again' }).where('id', '=', id).execute())
    await a.updateTable('place_categories').set({ name: 'Alone' }).where('id', '=', id).execute()
    if (dialect === 'postgres') expect(await stored()).toBe(before + 3)
    else expect(await stored()).toBeGreaterThanOrEqual(afterFifty + 2)
    if (dialect === 'postgres') {
      // A write in a rolled-back savepoint takes its mark with it: the next write still raises it.
      await a.transaction().execute(async (trx) => {
        await sql`savepoint first`.execute(trx)
        await trx.updateTable('place_categories').set({ name: 'Undone' }).where('id', '=', id).execute()
        await sql`rollback to savepoint first`.execute(trx)
        await trx.updateTable('place_categories').set({ name: 'Kept' }).where('id', '=', id).execute()
      })
      expect(await stored()).toBe(before + 4)
      // One notification per transaction, not per row.
      await expect.poll(() => notified.length, { timeout: 3000 }).toBe(4)
    }
  })

  it.runIf(dialect === 'postgres')('with the channel down, shows another process’s write within the bound', async () => {
    const { a, b, queries } = await twoHandles(dialect)
    // A listener that cannot connect: the versions are forgotten every 200 ms.
    const stop = watchOtherProcesses(a, { url: 'postgres://nobody@127.0.0.1:1/none', staleMs: 200, onError: () => undefined })
    cleanups.push(stop)
    const id = await category(b, 'versions-down')
    const first = await versionOf(a, id)
    await b.updateTable('place_categories').set({ name: 'Later' }).where('id', '=', id).execute()
    const changed = performance.now()
    await expect.poll(() => versionOf(a, id), { timeout: 3000, interval: 20 }).toBeGreaterThan(first)
    expect(performance.now() - changed).toBeLessThan(1000)
    // Between the forgettings, a known version is still answered from memory.
    queries.length = 0
    await versionOf(a, id)
    await versionOf(a, id)
    expect(queries.filter((q) => /content_versions/.test(q)).length).toBeLessThanOrEqual(1)
  })
})
