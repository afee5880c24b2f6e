// The bench's own database handling on both dialects: a fresh PostgreSQL database of its own
// (never the one BENCH_DATABASE_URL names: that may hold somebody's data), the SQLite bench data
// copied into it row for row (the same demo and bench categories on both), and the few reads the
// rows make (views counted, the demo route) through Kysely, whichever the dialect.
import SQLite from '#app/db/sqlite-driver.server.ts'
import pg from 'pg'
import { sql } from 'kysely'
import { createDb, type DB } from '#app/db/db.server.ts'
import { migrateToLatest } from '#app/db/migrate.server.ts'
import { createPostgresTestDatabase } from '../tests/setup/test-db.ts'

export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** Rows per INSERT of the copy: well under PostgreSQL's 65,535 bound parameters for any table here. */
const COPY_CHUNK = 2000

/**
 * A fresh PostgreSQL database on the server of BENCH_DATABASE_URL, migrated by the app, holding
 * every row of the SQLite bench database (ids kept, identity sequences moved past them). Triggers
 * and foreign keys are off during the copy (session_replication_role): the rows are consistent
 * already, and the content versions are copied as they are.
 */
export async function copyToPostgres(sqliteFile: string): Promise<{ url: string; drop(): Promise<void>; copyMs: number }> {
  const started = performance.now()
  const fresh = await createPostgresTestDatabase({ serverUrl: BENCH_DATABASE_URL, migrated: false })
  try {
    const db = createDb({ url: fresh.url })
    await migrateToLatest(db)
    await db.destroy()

    const source = new SQLite(sqliteFile, { readonly: true })
    const client = new pg.Client({ connectionString: fresh.url })
    await client.connect()
    try {
      await client.query('SET session_replication_role = replica')
      await client.query('BEGIN')
      const tables = (source.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'").all() as { name: string }[]).map((t) => t.name)
      for (const table of tables) {
        const target = await client.query<{ column_name: string }>('select column_name from information_schema.columns where table_schema = current_schema() and table_name = $1', [table])
        if (target.rows.length === 0) throw new Error(`table ${table} is in SQLite but not in PostgreSQL`)
        const columns = target.rows.map((r) => r.column_name)
        await client.query(`TRUNCATE ${table} CASCADE`)
        const list = columns.map((c) => `"${c}"`).join(', ')
        let chunk: unknown[][] = []
        const flush = async () => {
          if (chunk.length === 0) return
          const params: unknown[] = []
          const values = chunk.map((row) => `(${row.map((v) => (params.push(v), `$${params.length}`)).join(', ')})`).join(', ')
          await client.query(`INSERT INTO ${table} (${list}) VALUES ${values}`, params)
          chunk = []
        }
        const perChunk = Math.max(1, Math.min(COPY_CHUNK, Math.floor(60_000 / columns.length)))
        for (const row of source.prepare(`select ${list} from ${table}`).iterate() as Iterable<Record<string, unknown>>) {
          chunk.push(columns.map((c) => row[c]))
          if (chunk.length >= perChunk) await flush()
        }
        await flush()
        if (columns.includes('id')) {
          const sequence = await client.query<{ seq: string | null }>('select pg_get_serial_sequence($1, $2) as seq', [table, 'id'])
          if (sequence.rows[0]?.seq) await client.query(`select setval($1, greatest((select max(id) from ${table}), 1))`, [sequence.rows[0].seq])
        }
      }
      await client.query('COMMIT')
      await client.query('SET session_replication_role = DEFAULT')
      await client.query('ANALYZE')
    } finally {
      await client.end()
      source.close()
    }
    return { ...fresh, copyMs: performance.now() - started }
  } catch (error) {
    await fresh.drop()
    throw error
  }
}

/** Runs `read` on a short-lived handle of the bench database (SQLite file or postgres:// URL). */
export async function withDb<T>(url: string, read: (db: DB) => Promise<T>): Promise<T> {
  const db = createDb({ url })
  try {
    return await read(db)
  } finally {
    await db.destroy()
  }
}

/** Views stored for one route (every served /r page is one). */
export function countViews(url: string, walkId: number): Promise<number> {
  return withDb(url, async (db) => {
    const row = await db.selectFrom('events').select((eb) => eb.fn.countAll<number | string>().as('n')).where('walk_id', '=', walkId).where('type', '=', 'view').executeTakeFirstOrThrow()
    return Number(row.n)
  })
}

/** The demo's first published route: its address ({category}/{slug}, ADR 011), its names (one of them must be in the HTML) and the longest route. */
export function demoRoute(url: string) {
  return withDb(url, async (db) => {
    const address = sql<string>`${sql.ref('c.slug')} || '/' || ${sql.ref('w.slug')}`
    const published = () =>
      db
        .selectFrom('walks as w')
        .innerJoin('place_categories as c', 'c.id', 'w.category_id')
        .where('w.status', '=', 'published')
        .where('c.slug', 'not like', 'bench-%')
    const walk = await published().select(['w.id', address.as('address')]).orderBy('w.id').limit(1).executeTakeFirst()
    if (!walk) throw new Error('The demo database has no published route: run `npm run demo`.')
    const names = await db.selectFrom('walk_translations').select('name').where('walk_id', '=', walk.id).where('name', 'is not', null).execute()
    const longest = await published().select(address.as('address')).orderBy('w.distance', 'desc').orderBy('w.id').limit(1).executeTakeFirstOrThrow()
    return { id: walk.id, address: walk.address, names: names.map((n) => n.name as string), longest: longest.address }
  })
}
