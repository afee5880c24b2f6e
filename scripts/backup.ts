// Backs up the database while the server runs.
// Usage: npm run backup [-- --keep <n>] [-- --dir <folder>]   (reads the same settings as the server)
//  - SQLite: an online backup (SQLite's backup API, through better-sqlite3) into
//    <DATA_DIR>/backups/trailguide-<UTC timestamp>.sqlite, checked with PRAGMA integrity_check;
//    the newest --keep backups are kept (default 14), older trailguide-*.sqlite files removed.
//  - PostgreSQL: runs `pg_dump -Fc` into <DATA_DIR>/backups/trailguide-<UTC timestamp>.dump
//    (restore it with `pg_restore --clean --if-exists --no-owner -d "$DATABASE_URL" <file>`).
//  - Uploads on S3 (S3_BUCKET set): the bucket's objects are copied into <backups>/uploads/ and
//    listed in trailguide-<UTC timestamp>.uploads.txt (scripts/backup-uploads.ts, ADR 030).
//    Uploads on the local disk (DATA_DIR/uploads) are not copied: back up that folder with DATA_DIR.
// Prints the backup's path on the last line.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import SQLite from '#app/db/sqlite-driver.server.ts'
import { ConfigError, isPostgresUrl, loadConfig } from '#app/config/config.server.ts'
import { S3Storage } from '#app/platform/storage/s3-storage.server.ts'
import { createStorage } from '#app/platform/storage/storage-of-config.server.ts'
import { MIRROR_FOLDER, startBucketBackup } from './backup-uploads.ts'

export const DEFAULT_KEEP = 14

/** "2026-11-21T08-15-02-123Z": sortable, and valid in a file name on every system. */
export const backupStamp = (date = new Date()) => date.toISOString().replace(/[:.]/g, '-')

/** PRAGMA integrity_check of a SQLite file: "ok" or the problems it lists. */
export function integrityOf(file: string): string {
  const db = new SQLite(file, { readonly: true, fileMustExist: true })
  try {
    return (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('\n')
  } finally {
    db.close()
  }
}

/**
 * Copies a live SQLite database into `dir` with SQLite's backup API: a consistent snapshot even
 * while the server writes (in WAL mode readers never block writers), verified before it counts.
 */
export async function backupSqlite(databaseFile: string, dir: string, keep = DEFAULT_KEEP, now = new Date()): Promise<string> {
  if (!fs.existsSync(databaseFile)) throw new ConfigError(`No SQLite database at ${databaseFile}`)
  fs.mkdirSync(dir, { recursive: true })
  const target = path.join(dir, `trailguide-${backupStamp(now)}.sqlite`)
  const partial = `${target}.partial`
  const source = new SQLite(databaseFile, { fileMustExist: true, timeout: 5000 })
  try {
    // All remaining pages in one step: one read transaction, so concurrent writes cannot make
    // the copy start over (they go on in the WAL meanwhile).
    await source.backup(partial, { progress: () => 0x7fffffff })
  } finally {
    source.close()
  }
  // The copy comes in the source's WAL mode: back to a single self-contained file.
  const copy = new SQLite(partial)
  copy.pragma('journal_mode = DELETE')
  copy.close()
  const integrity = integrityOf(partial)
  if (integrity !== 'ok') {
    fs.rmSync(partial, { force: true })
    throw new Error(`The backup failed its integrity check:\n${integrity}`)
  }
  // Named only once complete: a crash mid-copy never leaves a file that looks like a backup.
  fs.renameSync(partial, target)
  prune(dir, keep, /^trailguide-.*\.sqlite$/)
  return target
}

/** Removes all but the newest `keep` backups (their names sort by time). */
export function prune(dir: string, keep: number, pattern: RegExp): string[] {
  const files = fs.readdirSync(dir).filter((f) => pattern.test(f)).sort()
  const old = files.slice(0, Math.max(0, files.length - keep))
  for (const file of old) fs.rmSync(path.join(dir, file), { force: true })
  return old
}

/** The URL with its password hidden, for printing. */
export const maskUrl = (url: string) => url.replace(/(\/\/[^:/@]+:)[^@]*@/, '$1***@')

/** pg_dump in its custom format (compressed, restorable table by table with pg_restore). */
export function backupPostgres(databaseUrl: string, dir: string, keep = DEFAULT_KEEP, now = new Date()): string {
  fs.mkdirSync(dir, { recursive: true })
  const target = path.join(dir, `trailguide-${backupStamp(now)}.dump`)
  console.log(`pg_dump -Fc --file=${target} "${maskUrl(databaseUrl)}"`)
  const run = spawnSync('pg_dump', ['-Fc', `--file=${target}.partial`, databaseUrl], { stdio: ['ignore', 'inherit', 'inherit'] })
  if (run.error || run.status !== 0) {
    fs.rmSync(`${target}.partial`, { force: true })
    throw new Error(run.error ? `pg_dump could not run (${run.error.message}): install the PostgreSQL client tools` : `pg_dump exited with ${run.status}`)
  }
  fs.renameSync(`${target}.partial`, target)
  prune(dir, keep, /^trailguide-.*\.dump$/)
  return target
}

function args() {
  try {
    const { values } = parseArgs({ options: { keep: { type: 'string' }, dir: { type: 'string' } } })
    const keep = values.keep === undefined ? DEFAULT_KEEP : Number(values.keep)
    if (!Number.isInteger(keep) || keep < 1) throw new Error(`--keep must be a whole number of at least 1, not "${values.keep}"`)
    return { keep, dir: values.dir }
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}\nUsage: npm run backup [-- --keep <n>] [-- --dir <folder>]`)
  }
}

async function main() {
  const { keep, dir } = args()
  // BASE_URL is required by the server, not by a backup.
  const config = loadConfig({ BASE_URL: 'http://localhost', ...process.env })
  const folder = dir ?? path.join(config.DATA_DIR, 'backups')
  const started = performance.now()
  const storage = createStorage(config)
  // Uploads on S3: the bucket's objects are copied beside the database backup (ADR 030).
  const bucket = storage instanceof S3Storage ? await startBucketBackup(storage, folder) : null
  const file = isPostgresUrl(config.DATABASE_URL) ? backupPostgres(config.DATABASE_URL, folder, keep) : await backupSqlite(config.DATABASE_URL, folder, keep)
  if (bucket) {
    const { objects, copied, manifest } = await bucket.finish(file, keep)
    console.log(`Bucket ${(storage as S3Storage).bucket}: ${objects} objects listed in ${manifest}, ${copied} new copied into ${path.join(folder, MIRROR_FOLDER)}`)
  }
  const size = (fs.statSync(file).size / 1024 / 1024).toFixed(2)
  console.log(`Backed up in ${((performance.now() - started) / 1000).toFixed(2)} s (${size} MiB), newest ${keep} kept:`)
  console.log(file)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error)
    process.exit(1)
  })
}
