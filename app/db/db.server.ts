import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import SQLite, { driverName } from './sqlite-driver.server.ts'
import type BetterSqlite3 from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, type PostgresPool, type PostgresPoolClient } from 'kysely'
import type pg from 'pg'
import { isPostgresUrl } from '#app/config/config.server.ts'
import { isoNow } from '#app/utils/iso-now.ts'
import { ContentVersionBoard, dataVersionCheck, listenForVersions, watchWrites } from './content-versions.server.ts'
import type { Database } from './schema.ts'
import { checkpointInWorker, type WalCheckpoints } from './wal-checkpoints.server.ts'

export type DB = Kysely<Database>

// pg is loaded when a PostgreSQL URL is given: a server on the default SQLite does not pay for it at start.
const requireOnUse = createRequire(import.meta.url)

export interface DbOptions {
  /** A postgres:// URL, or a path to the SQLite file (":memory:" for a throwaway one). */
  url: string
  /** Called with every SQL statement run (tests count queries with it). */
  onQuery?: (sql: string) => void
  /** PostgreSQL: connections in the pool (DATABASE_POOL_SIZE). */
  poolSize?: number
  /** PostgreSQL: prepare the statements run again and again, once per connection (DATABASE_PREPARED). */
  prepared?: boolean
  /** SQLite file: the log's checkpoints made in a worker thread, off the event loop (the server's handle, ADR 055). */
  checkpointsInWorker?: boolean
}

/** Opens the database named by the URL; SQLite runs in WAL mode with foreign keys on. */
export function createDb({ url, onQuery, poolSize = 10, prepared = false, checkpointsInWorker = false }: DbOptions): DB {
  const log = onQuery
    ? (event: { level: string; query: { sql: string } }) => {
        if (event.level === 'query') onQuery(event.query.sql)
      }
    : undefined

  if (isPostgresUrl(url)) {
    const { Pool } = requireOnUse('pg') as typeof pg
    const pool = new Pool({ connectionString: url, max: poolSize })
    const board = new ContentVersionBoard()
    const db = new Kysely<Database>({ dialect: watchWrites(new PostgresDialect({ pool: prepared ? withPreparedStatements(pool) : pool }), () => board.invalidate()), log })
    board.attach(versionSource(db))
    boards.set(db, board)
    return db
  }

  if (url !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(url)), { recursive: true })
  const sqlite = new SQLite(url)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  const checkpoints = checkpointsInWorker && url !== ':memory:' ? withCheckpointsInWorker(sqlite, url) : null
  const board = new ContentVersionBoard()
  const db = new Kysely<Database>({
    dialect: watchWrites(new SqliteDialect({ database: withStatementCache(sqlite) }), () => {
      board.invalidate()
      checkpoints?.soon()
    }),
    log,
  })
  if (checkpoints) walCheckpoints.set(db, checkpoints)
  const dataVersion = sqlite.prepare('pragma data_version').pluck()
  board.attach(versionSource(db), dataVersionCheck(board, () => dataVersion.get() as number))
  boards.set(db, board)
  return db
}

const walCheckpoints = new WeakMap<DB, WalCheckpoints>()

/** The handle's checkpoints in a worker thread, if it has them (tests). */
export const checkpointsOf = (db: DB) => walCheckpoints.get(db)

/** Checkpoints in a worker (wal-checkpoints.server.ts), ended before the connection closes. */
function withCheckpointsInWorker(sqlite: BetterSqlite3.Database, file: string): WalCheckpoints {
  const checkpoints = checkpointInWorker(sqlite, path.resolve(file), driverName)
  const close = sqlite.close.bind(sqlite)
  sqlite.close = () => {
    checkpoints.close()
    return close()
  }
  return checkpoints
}

// The content versions kept in memory per handle (ADR 071), on the handle itself under a
// registered symbol: a test's handle made by these sources is also the built bundle's.
const BOARD = Symbol.for('trailguide.contentVersionBoard')
const boards = {
  get: (db: DB) => (db as unknown as Record<symbol, ContentVersionBoard | undefined>)[BOARD],
  set: (db: DB, board: ContentVersionBoard) => void Object.defineProperty(db, BOARD, { value: board, configurable: true }),
}

/**
 * The content versions of this handle, kept in memory (app/db/content-versions.server.ts). A
 * handle not made by `createDb` (none today) gets a board that forgets at once: always read.
 */
export function contentVersionBoard(db: DB): ContentVersionBoard {
  let board = boards.get(db)
  if (!board) {
    const uncached = new ContentVersionBoard()
    uncached.attach(versionSource(db), () => uncached.invalidate())
    boards.set(db, (board = uncached))
  }
  return board
}

/**
 * Other processes' writes reach this handle's kept versions: on PostgreSQL by LISTEN on a
 * connection of its own, every version forgotten each `staleMs` while it is down; on SQLite
 * nothing to start (each answer compares the file's data_version). Returns the stop.
 */
export function watchOtherProcesses(db: DB, options: { url: string; staleMs?: number; onError?: (error: unknown) => void }): () => void {
  if (!isPostgresUrl(options.url)) return () => undefined
  const { Client } = requireOnUse('pg') as typeof pg
  const board = contentVersionBoard(db)
  listenForVersions(board, () => new Client({ connectionString: options.url }), { staleMs: options.staleMs ?? 1000, onError: options.onError })
  return () => board.close()
}

function versionSource(db: DB) {
  return {
    async read(categoryIds: number[]) {
      const rows = await db.selectFrom('content_versions').select(['category_id', 'version']).where('category_id', 'in', categoryIds).execute()
      return new Map(rows.map((r) => [Number(r.category_id), Number(r.version)]))
    },
  }
}

// A statement is prepared once it has been run this many times (one-off SQL is not), and at
// most this many texts are (each connection keeps its prepared statements until it closes).
const PREPARE_AFTER = 3
const PREPARED_MAX = 500

/**
 * Kysely sends every statement unnamed: PostgreSQL parses and plans it at every run. The texts a
 * process runs again and again (a page's content-version check, the rate-limit upsert, the
 * session read) are sent as named statements instead: parsed once per connection, and planned
 * once when PostgreSQL finds the generic plan as good (ADR 031). The application's statements
 * only; schema changes run at start, before any statement is named.
 */
function withPreparedStatements(pool: pg.Pool): PostgresPool {
  const runs = new Map<string, number>()
  const names = new Map<string, string>()
  // Raised when a schema change (another process's migration) made a prepared statement's result
  // type stale: every text gets a new name, prepared afresh on its next runs.
  let generation = 0
  const nameOf = (text: string): string | undefined => {
    const named = names.get(text)
    if (named) return named
    if (names.size >= PREPARED_MAX) return undefined
    const count = (runs.get(text) ?? 0) + 1
    if (count < PREPARE_AFTER) {
      if (runs.size >= PREPARED_MAX * 4) runs.clear()
      runs.set(text, count)
      return undefined
    }
    runs.delete(text)
    const name = `tg${generation}_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`
    names.set(text, name)
    return name
  }
  return {
    async connect() {
      const client = await pool.connect()
      return {
        query: ((text: unknown, values?: unknown[]) => {
          if (typeof text !== 'string') return client.query(text as never)
          const name = nameOf(text)
          if (!name) return client.query(text, values)
          return client.query({ name, text, values }).catch((error: unknown) => {
            // 0A000 "cached plan must not change result type": the query fails this once (in a
            // transaction PostgreSQL has aborted it anyway); later runs use new names.
            if ((error as { code?: string }).code === '0A000') {
              generation++
              names.clear()
            }
            throw error
          })
        }) as unknown as PostgresPoolClient['query'],
        release: (error?: boolean | Error) => client.release(error),
      }
    },
    end: () => pool.end(),
  }
}

/**
 * Kysely prepares every statement anew; better-sqlite3's prepared statements can be reused (its
 * calls are synchronous, nothing streams), so the most recent ones are kept by SQL text.
 * SQLite re-prepares a kept statement by itself after a schema change.
 */
function withStatementCache(sqlite: BetterSqlite3.Database, size = 1000): BetterSqlite3.Database {
  const prepared = new Map<string, BetterSqlite3.Statement>()
  const prepare = sqlite.prepare.bind(sqlite)
  sqlite.prepare = ((source: string) => {
    let statement = prepared.get(source)
    if (!statement) {
      statement = prepare(source)
      if (prepared.size >= size) prepared.delete(prepared.keys().next().value!)
      prepared.set(source, statement)
    }
    return statement
  }) as typeof sqlite.prepare
  return sqlite
}

/** Current time (or `date`) as stored in the database. */
export const nowIso = (date?: Date) => (date ? date.toISOString() : isoNow())
