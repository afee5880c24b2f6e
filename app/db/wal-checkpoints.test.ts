import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { checkpointsOf, createDb } from './db.server.ts'
import { migrateToLatest } from './migrate.server.ts'
import { BACKSTOP_PAGES } from './wal-checkpoints.server.ts'

// The server's SQLite handle has its log checkpointed by a thread of its own (ADR 055).
describe('SQLite checkpoints in a worker thread', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('copies a large commit back into the file off the event loop; the main connection only as a backstop; the log removed at close', { timeout: 30_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trailguide-wal-'))
    dirs.push(dir)
    const file = path.join(dir, 'db.sqlite')
    const db = createDb({ url: file, checkpointsInWorker: true })
    await migrateToLatest(db)
    const checkpoints = checkpointsOf(db)!
    const pragma = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)
    expect(pragma.rows[0].wal_autocheckpoint).toBe(BACKSTOP_PAGES)
    // A content write of some 1,500 pages (6 MB) in one transaction, as an import's commit.
    await db.transaction().execute(async (trx) => {
      const category = await trx.insertInto('place_categories').values({ name: 'Big', slug: 'big', created_at: 'now', updated_at: 'now' } as never).returning('id').executeTakeFirstOrThrow()
      for (let i = 0; i < 20; i++) {
        await trx
          .insertInto('places')
          .values(Array.from({ length: 200 }, (_, j) => ({ category_id: category.id, name: `Place ${i}-${j} ${'x'.repeat(1000)}`, lat: 46, lng: 6.6, created_at: 'now', updated_at: 'now' })))
          .execute()
      }
    })
    const deadline = Date.now() + 10_000
    while (!((checkpoints.made.last?.log ?? 0) > 1000) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(checkpoints.made.last!.log).toBeGreaterThan(1000)
    expect(checkpoints.made.last!.checkpointed).toBe(checkpoints.made.last!.log)
    // The thread closes its connection first: the main connection is the last, and removes the log.
    await db.destroy()
    expect(fs.existsSync(`${file}-wal`)).toBe(false)
    const again = createDb({ url: file })
    expect((await again.selectFrom('places').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n).toBe(4000)
    await again.destroy()
  })

  it('is not started for an in-memory database, nor unless asked', async () => {
    const memory = createDb({ url: ':memory:', checkpointsInWorker: true })
    expect(checkpointsOf(memory)).toBeUndefined()
    await memory.destroy()
  })
})
