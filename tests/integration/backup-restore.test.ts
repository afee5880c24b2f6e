import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from '#app/db/sqlite-driver.server.ts'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createDb, type DB } from '#app/db/db.server.ts'
import { migrateToLatest } from '#app/db/migrate.server.ts'
import { createServices, type Services } from '#app/services.server.ts'
import { createLogger } from '#app/platform/observability/logger.server.ts'
import { backupSqlite, integrityOf } from '../../scripts/backup.ts'
import { RestoreRefused, restoreSqlite } from '../../scripts/restore.ts'
import { createCategory, createUser } from '../setup/factories.ts'
import { testConfig } from '../setup/test-app.ts'

// npm run backup / npm run restore on SQLite: an online backup taken while another connection
// keeps writing is consistent and complete up to its moment, and restores into a fresh place.

const root = path.resolve(import.meta.dirname, '../..')
let dir: string
let file: string
let db: DB
let services: Services

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trailguide-backup-'))
  file = path.join(dir, 'data', 'trailguide.sqlite')
  db = createDb({ url: file })
  await migrateToLatest(db)
  services = createServices({ config: testConfig({ DATA_DIR: path.join(dir, 'data'), DATABASE_URL: file }), db, logger: createLogger('silent'), mailer: { send: async () => {} } })
})
afterEach(async () => {
  await db.destroy()
  fs.rmSync(dir, { recursive: true, force: true })
})

const countPlaces = (sqliteFile: string) => {
  const conn = new SQLite(sqliteFile, { readonly: true })
  try {
    return (conn.prepare('SELECT count(*) AS n FROM places').get() as { n: number }).n
  } finally {
    conn.close()
  }
}

describe('backup and restore (SQLite)', () => {
  it('backs up while another connection writes, and the restored copy holds the data and passes the integrity check', async () => {
    const { user } = await createUser(services, { name: 'Backup owner', email: 'backup@example.org' })
    const category = await createCategory(services, user, { name: 'Backed up', slug: 'backed-up' })
    for (let i = 0; i < 20; i++) await services.places.create(user, { place_category_id: category.id, name: `Before ${i}`, lat: 46.5, lng: 6.6 })

    // A second connection (another process would do the same) writes places without pause.
    const writer = createDb({ url: file })
    const writerServices = createServices({ config: services.config, db: writer, logger: createLogger('silent'), mailer: { send: async () => {} } })
    let writing = true
    let written = 0
    const writes = (async () => {
      while (writing) {
        await writerServices.places.create(user, { place_category_id: category.id, name: `During ${written}`, lat: 46.5, lng: 6.6 })
        written++
        await new Promise((resolve) => setImmediate(resolve))
      }
    })()
    while (written < 10) await new Promise((resolve) => setTimeout(resolve, 5))
    const before = countPlaces(file)
    const backup = await backupSqlite(file, path.join(dir, 'data', 'backups'))
    const after = countPlaces(file)
    const mark = written
    while (written < mark + 5) await new Promise((resolve) => setTimeout(resolve, 5))
    writing = false
    await writes
    await writer.destroy()

    expect(path.basename(backup)).toMatch(/^trailguide-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.sqlite$/)
    expect(integrityOf(backup)).toBe('ok')
    const inBackup = countPlaces(backup)
    expect(inBackup).toBeGreaterThanOrEqual(before)
    expect(inBackup).toBeLessThanOrEqual(after)
    expect(countPlaces(file)).toBeGreaterThan(inBackup) // the writes went on after the backup

    // Restored into a fresh location, the server's code reads it as it was.
    const fresh = path.join(dir, 'restored', 'trailguide.sqlite')
    expect(await restoreSqlite(backup, fresh, path.join(dir, 'restored', 'backups'))).toBeNull()
    expect(integrityOf(fresh)).toBe('ok')
    const restoredDb = createDb({ url: fresh })
    try {
      await migrateToLatest(restoredDb) // nothing to do: the backup carries its migrations
      const owner = await restoredDb.selectFrom('users').select(['id', 'email']).where('email', '=', 'backup@example.org').executeTakeFirst()
      expect(owner?.id).toBe(user.id)
      const places = await restoredDb.selectFrom('places').select('name').where('category_id', '=', category.id).execute()
      expect(places.length).toBe(inBackup)
      expect(places.filter((p) => p.name.startsWith('Before')).length).toBe(20)
    } finally {
      await restoredDb.destroy()
    }
  })

  it('refuses to restore over a database in use, and keeps the one it replaces', async () => {
    const { user } = await createUser(services)
    await createCategory(services, user, { slug: 'first-state' })
    const backup = await backupSqlite(file, path.join(dir, 'backups'))
    await createCategory(services, user, { slug: 'second-state' })

    // The server (here: this test's open connection) holds the file.
    await expect(restoreSqlite(backup, file, path.join(dir, 'safety'))).rejects.toThrow(RestoreRefused)
    await expect(restoreSqlite(backup, file, path.join(dir, 'safety'))).rejects.toThrow(/stop the server first/)
    await db.destroy()

    const previous = await restoreSqlite(backup, file, path.join(dir, 'safety'))
    expect(previous).toMatch(/pre-restore-.*\.sqlite$/)
    const slugs = (f: string) => {
      const conn = new SQLite(f, { readonly: true })
      try {
        return (conn.prepare('SELECT slug FROM place_categories ORDER BY slug').all() as { slug: string }[]).map((r) => r.slug)
      } finally {
        conn.close()
      }
    }
    expect(slugs(file)).toEqual(['first-state'])
    expect(slugs(previous!)).toEqual(['first-state', 'second-state'])
    db = createDb({ url: file }) // for afterEach
  })

  it('refuses a file that is not a sound Trailguide backup', async () => {
    const junk = path.join(dir, 'junk.sqlite')
    fs.writeFileSync(junk, 'not a database at all, just text')
    await expect(restoreSqlite(junk, path.join(dir, 'x.sqlite'), dir)).rejects.toThrow(RestoreRefused)
    const other = path.join(dir, 'other.sqlite')
    new SQLite(other).exec('CREATE TABLE t (x)')
    await expect(restoreSqlite(other, path.join(dir, 'x.sqlite'), dir)).rejects.toThrow(/not a Trailguide database/)
    await expect(restoreSqlite(path.join(dir, 'missing.sqlite'), path.join(dir, 'x.sqlite'), dir)).rejects.toThrow(/No backup/)
    expect(fs.existsSync(path.join(dir, 'x.sqlite'))).toBe(false)
  })

  it('keeps the newest --keep backups', async () => {
    const folder = path.join(dir, 'backups')
    for (const minute of [1, 2, 3, 4]) await backupSqlite(file, folder, 2, new Date(Date.UTC(2026, 10, 21, 8, minute)))
    expect(fs.readdirSync(folder).sort()).toEqual(['trailguide-2026-11-21T08-03-00-000Z.sqlite', 'trailguide-2026-11-21T08-04-00-000Z.sqlite'])
  })

  it('npm run backup prints the new backup’s path on its last line', { timeout: 60_000 }, () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', '--keep', '3'], {
      cwd: root,
      env: { ...process.env, BASE_URL: 'http://localhost:3000', DATABASE_URL: file, DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    })
    const printed = out.trim().split('\n').pop()!
    expect(printed).toBe(path.join(dir, 'data', 'backups', path.basename(printed)))
    expect(integrityOf(printed)).toBe('ok')
  })
})
