import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
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
  /** PostgreSQL: the database's URL (another pool on it, as another process would open). */
  url?: string
}

/**
 * A fresh, migrated database: an in-memory SQLite, or a PostgreSQL database of its own (copied
 * from a migrated template) so test files can run side by side against one server. `upTo`:
 * migrated only that far (a migration's own test then runs the rest with `migrateToLatest`).
 */
export async function createTestDb(dialect: TestDialect, options: { upTo?: string } = {}): Promise<TestDb> {
  const queries: string[] = []
  const onQuery = (sql: string) => queries.push(sql)
  if (dialect === 'sqlite') {
    const db = createDb({ url: ':memory:', onQuery })
    await (options.upTo ? migrateTo(db, options.upTo) : migrateToLatest(db))
    queries.length = 0
    return { db, dialect, queries, migrateToLatest: () => migrateToLatest(db), destroy: () => db.destroy() }
  }
  const database = await createPostgresTestDatabase({ migrated: !options.upTo })
  const db = createDb({ url: database.url, onQuery })
  if (options.upTo) await migrateTo(db, options.upTo)
  queries.length = 0
  return {
    db,
    dialect,
    queries,
    url: database.url,
    migrateToLatest: () => migrateToLatest(db),
    async destroy() {
      await db.destroy()
      await database.drop()
    },
  }
}

/**
 * A PostgreSQL database of the test's own on TEST_DATABASE_URL's server (or `serverUrl`'s), by URL (a child process
 * can open it too): migrated (a copy of the template, made once per set of migrations: a copy
 * takes ~50 ms where migrating takes ~150) or empty. Its own database, not a schema of a shared
 * one: a file dropping its schema while another file's Kysely introspects the catalog made the
 * other fail ("schema … does not exist").
 */
export async function createPostgresTestDatabase(options: { migrated?: boolean; serverUrl?: string } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = options.serverUrl ?? process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('createPostgresTestDatabase needs TEST_DATABASE_URL')
  const name = `trailguide_test_${randomBytes(6).toString('hex')}`
  const template = options.migrated === false ? undefined : await migratedTemplate(serverUrl)
  await adminQuery(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`)
  return { url: databaseUrl(serverUrl, name), drop: () => dropDatabase(serverUrl, name) }
}

/**
 * Drops a test database once its connections have gone. A pool's end() answers before its
 * sockets have closed: PostgreSQL's plain DROP waits up to 5 s for them, where FORCE would end
 * them and fail the closing clients with an error nobody listens to. FORCE only for a database
 * still in use after that (a test that left a connection open).
 */
async function dropDatabase(serverUrl: string, name: string) {
  try {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name}`)
  } catch (error) {
    if ((error as { code?: string }).code !== '55006') throw error
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  }
}

let template: Promise<string> | undefined

/**
 * The migrated template database, named after the migrations' contents: made by the first test
 * file that needs it (others wait on an advisory lock) and kept on the server for later runs. A
 * template of other migrations is left alone: another checkout's run may be copying it. Nothing
 * connects to it once made (PostgreSQL copies only a database nobody is connected to).
 */
function migratedTemplate(serverUrl: string): Promise<string> {
  template ??= (async () => {
    const dir = path.resolve(import.meta.dirname, '../../app/db')
    const hash = createHash('sha256')
    for (const file of ['migrate.server.ts', ...fs.readdirSync(path.join(dir, 'migrations')).sort().map((f) => `migrations/${f}`)]) {
      hash.update(file).update(fs.readFileSync(path.join(dir, file)))
    }
    const name = `trailguide_template_${hash.digest('hex').slice(0, 12)}`
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    try {
      await admin.query(`SELECT pg_advisory_lock(hashtext('trailguide-test-template'))`)
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
      if (!rowCount) {
        // Made under another name and renamed once migrated: a half-made template is never copied.
        const making = `${name}_making`
        await admin.query(`DROP DATABASE IF EXISTS ${making} WITH (FORCE)`)
        await admin.query(`CREATE DATABASE ${making}`)
        const db = createDb({ url: databaseUrl(serverUrl, making), poolSize: 1 })
        try {
          await migrateToLatest(db)
        } finally {
          await db.destroy()
        }
        await admin.query(`ALTER DATABASE ${making} RENAME TO ${name}`)
      }
    } finally {
      await admin.end()
    }
    return name
  })()
  return template
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

async function adminQuery(serverUrl: string, text: string) {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    return await admin.query(text)
  } finally {
    await admin.end()
  }
}
