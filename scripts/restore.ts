// Restores a backup made by `npm run backup`. Stop the server first.
// Usage: npm run restore -- <backup file>   (reads the same settings as the server)
//  - SQLite: checks the backup (PRAGMA integrity_check, and that it is a Trailguide database),
//    refuses while another process has the database open (the server: stop it first), keeps the
//    current database as <DATA_DIR>/backups/pre-restore-<UTC timestamp>.sqlite, then copies the
//    backup over it with SQLite's backup API (which also takes care of the -wal file) and checks
//    the result.
//  - PostgreSQL: prints the pg_restore command to run (it replaces the tables of the database).
//  - Uploads on S3 (S3_BUCKET set): first puts back into the bucket the objects the backup lists
//    that it lacks (scripts/backup-uploads.ts, ADR 030).
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import SQLite from '#app/db/sqlite-driver.server.ts'
import { ConfigError, isPostgresUrl, loadConfig } from '#app/config/config.server.ts'
import { S3Storage } from '#app/platform/storage/s3-storage.server.ts'
import { createStorage } from '#app/platform/storage/storage-of-config.server.ts'
import { backupStamp, integrityOf, maskUrl } from './backup.ts'
import { restoreBucket } from './backup-uploads.ts'

export class RestoreRefused extends Error {}

/** Throws unless no other process has the SQLite file open (the server holds it while it runs). */
export function assertNotInUse(databaseFile: string) {
  if (!fs.existsSync(databaseFile)) return
  const db = new SQLite(databaseFile, { fileMustExist: true, timeout: 200 })
  try {
    // An exclusive lock is granted only when no other connection uses the file (WAL readers too).
    db.pragma('locking_mode = EXCLUSIVE')
    db.exec('BEGIN EXCLUSIVE')
    db.exec('COMMIT')
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new RestoreRefused(`${databaseFile} is in use by another process: stop the server first, then restore.`)
    }
    throw error
  } finally {
    db.close()
  }
}

/** Restores a SQLite backup over the database file; returns the copy of what was there before (if anything). */
export async function restoreSqlite(backupFile: string, databaseFile: string, safetyDir: string): Promise<string | null> {
  if (!fs.existsSync(backupFile)) throw new RestoreRefused(`No backup at ${backupFile}`)
  let integrity: string
  try {
    integrity = integrityOf(backupFile)
  } catch (error) {
    throw new RestoreRefused(`${backupFile} is not a SQLite database: ${(error as Error).message}`)
  }
  if (integrity !== 'ok') throw new RestoreRefused(`${backupFile} failed its integrity check:\n${integrity}`)
  const backup = new SQLite(backupFile, { readonly: true })
  try {
    const migrations = backup.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN ('kysely_migration', 'walks', 'users')").get() as { n: number }
    if (migrations.n !== 3) throw new RestoreRefused(`${backupFile} is not a Trailguide database`)

    assertNotInUse(databaseFile)
    let previous: string | null = null
    if (fs.existsSync(databaseFile)) {
      fs.mkdirSync(safetyDir, { recursive: true })
      previous = path.join(safetyDir, `pre-restore-${backupStamp()}.sqlite`)
      const current = new SQLite(databaseFile, { fileMustExist: true })
      try {
        await current.backup(previous, { progress: () => 0x7fffffff })
      } finally {
        current.close()
      }
    } else {
      fs.mkdirSync(path.dirname(path.resolve(databaseFile)), { recursive: true })
    }
    // Through SQLite, not a file copy: a stale -wal beside the old file would otherwise be replayed over the restored one.
    await backup.backup(databaseFile, { progress: () => 0x7fffffff })
    const after = integrityOf(databaseFile)
    if (after !== 'ok') throw new Error(`The restored database failed its integrity check:\n${after}`)
    return previous
  } finally {
    backup.close()
  }
}

async function main() {
  const file = process.argv[2]
  if (!file || process.argv.length > 3) throw new ConfigError('Usage: npm run restore -- <backup file>   (stop the server first)')
  const config = loadConfig({ BASE_URL: 'http://localhost', ...process.env })
  const storage = createStorage(config)
  if (storage instanceof S3Storage) {
    // First the objects (putting back one the database does not refer to harms nothing).
    const { listed, restored } = await restoreBucket(storage, file)
    console.log(`Bucket ${storage.bucket}: ${restored} of the backup's ${listed} objects put back (the others were there).`)
  }
  if (isPostgresUrl(config.DATABASE_URL)) {
    console.log(`With PostgreSQL (DATABASE_URL=${maskUrl(config.DATABASE_URL)}), stop the server and restore the pg_dump file with:`)
    console.log(`pg_restore --clean --if-exists --no-owner --single-transaction -d "$DATABASE_URL" ${file}`)
    return
  }
  const previous = await restoreSqlite(file, config.DATABASE_URL, path.join(config.DATA_DIR, 'backups'))
  if (previous) console.log(`The database as it was before: ${previous}`)
  console.log(`Restored ${file} into ${config.DATABASE_URL} (integrity check: ok). Start the server again.`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof RestoreRefused ? error.message : error)
    process.exit(1)
  })
}
