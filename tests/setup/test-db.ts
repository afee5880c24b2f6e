import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { createDb, type DB } from '#app/db/db.server.ts'
import { migrateTo, migrateToLatest } from '#app/db/migrate.server.ts'

export type TestDialect = 'sqlite' | 'postgres'

/** Every database test runs on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const testDialects: TestDialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']

export interface TestDb {
  db: DB
  dialect: TestDialect
  /** Number of SQL statements run since the last reset (for N+1 checks). */
  queries: string[]
  /** Runs the migrations not run yet (after `createTestDb(dialect, { upTo })`). */
  migrateToLatest(): Promise<void>
  destroy(): Promise<void>
}

/**
 * A fresh, migrated database: an in-memory SQLite, or a PostgreSQL schema of its own so test
 * files can run in parallel against one server. `upTo`: migrated only that far (a migration's
 * own test then runs the rest with `migrateToLatest`).
 */
export async function createTestDb(dialect: TestDialect, options: { upTo?: string } = {}): Promise<TestDb> {
  const queries: string[] = []
  const onQuery = (sql: string) => queries.push(sql)
  const migrate = (db: DB, schema?: string) => (options.upTo ? migrateTo(db, options.upTo, { schema }) : migrateToLatest(db, { schema }))
  if (dialect === 'sqlite') {
    const db = createDb({ url: ':memory:', onQuery })
    await migrate(db)
    queries.length = 0
    return { db, dialect, queries, migrateToLatest: () => migrateToLatest(db), destroy: () => db.destroy() }
  }
  const url = process.env.TEST_DATABASE_URL!
  const schema = `test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE SCHEMA ${schema}`)
  await admin.end()
  const db = createDb({ url, pgSchema: schema, onQuery })
  await migrate(db, schema)
  queries.length = 0
  return {
    db,
    dialect,
    queries,
    migrateToLatest: () => migrateToLatest(db, { schema }),
    async destroy() {
      await db.destroy()
      const cleanup = new pg.Client({ connectionString: url })
      await cleanup.connect()
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`)
      await cleanup.end()
    },
  }
}
