import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import { isPostgresUrl } from '#app/config/config.server.ts'
import type { Database } from './schema.ts'

export type DB = Kysely<Database>
export type Dialect = 'sqlite' | 'postgres'

export interface DbOptions {
  /** A postgres:// URL, or a path to the SQLite file (":memory:" for a throwaway one). */
  url: string
  /** PostgreSQL schema to work in (tests give each file its own). */
  pgSchema?: string
  /** Called with every SQL statement run (tests count queries with it). */
  onQuery?: (sql: string) => void
}

export function dialectOf(url: string): Dialect {
  return isPostgresUrl(url) ? 'postgres' : 'sqlite'
}

/** Opens the database named by the URL; SQLite runs in WAL mode with foreign keys on. */
export function createDb({ url, pgSchema, onQuery }: DbOptions): DB {
  const log = onQuery
    ? (event: { level: string; query: { sql: string } }) => {
        if (event.level === 'query') onQuery(event.query.sql)
      }
    : undefined

  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      ...(pgSchema ? { options: `-c search_path=${pgSchema}` } : {}),
    })
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log })
  }

  if (url !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(url)), { recursive: true })
  const sqlite = new SQLite(url)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), log })
}

/**
 * Kysely prepares every statement anew; better-sqlite3's prepared statements can be reused (its
 * calls are synchronous, nothing streams), so the most recent ones are kept by SQL text.
 * SQLite re-prepares a kept statement by itself after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database, size = 1000): SQLite.Database {
  const prepared = new Map<string, SQLite.Statement>()
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

/** Current time as stored in the database. */
export const nowIso = (date = new Date()) => date.toISOString()
