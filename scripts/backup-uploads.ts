// The S3 bucket's part of `npm run backup` / `npm run restore` (ADR 030).
//  - Backup: every object of the bucket is copied into <backups>/uploads/<key> (only the ones not
//    there yet: keys are never reused, so a copied object never changes), and the keys the bucket
//    held are listed in trailguide-<UTC timestamp>.uploads.txt beside the database backup.
//    Copies listed by no kept list are removed with the old backups.
//  - Restore: puts back into the bucket each key of the backup's list that the bucket lacks.
import fs from 'node:fs'
import path from 'node:path'
import { getMimeType } from 'hono/utils/mime'
import type { S3Storage } from '#app/platform/storage/s3-storage.server.ts'

export const MIRROR_FOLDER = 'uploads'
const MANIFEST = /^trailguide-.*\.uploads\.txt$/

/** The list of keys that goes with a database backup file (same name, .uploads.txt). */
export const manifestOf = (backupFile: string) => backupFile.replace(/\.(sqlite|dump)$/, '') + '.uploads.txt'

async function keysOf(storage: S3Storage): Promise<Map<string, number>> {
  const keys = new Map<string, number>()
  for await (const item of storage.list()) keys.set(item.key, item.size)
  return keys
}

/** Copies the objects the folder does not hold yet; answers how many it copied. */
async function mirror(storage: S3Storage, dir: string, keys: Map<string, number>): Promise<number> {
  let copied = 0
  for (const [key, size] of keys) {
    const file = path.join(dir, MIRROR_FOLDER, key)
    if (fs.existsSync(file) && fs.statSync(file).size === size) continue
    // Deleted since it was listed (an image replaced meanwhile): nothing to keep.
    const bytes = await storage.read(key)
    if (!bytes) continue
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(`${file}.partial`, bytes)
    fs.renameSync(`${file}.partial`, file)
    copied++
  }
  return copied
}

/**
 * Lists the bucket before the database is backed up, and again after (`finish`): an object
 * the database backup refers to was put before its row was written and is deleted, if ever,
 * after its row changed, so one of the two lists holds it unless it came and went while the
 * database was being copied (ADR 030).
 */
export async function startBucketBackup(storage: S3Storage, dir: string) {
  const before = await keysOf(storage)
  return {
    async finish(backupFile: string, keep: number): Promise<{ manifest: string; objects: number; copied: number }> {
      const keys = new Map([...before, ...(await keysOf(storage))])
      const copied = await mirror(storage, dir, keys)
      // Only keys whose copy is there (one deleted between the two lists was not copied).
      const listed = [...keys.keys()].filter((key) => fs.existsSync(path.join(dir, MIRROR_FOLDER, key))).sort()
      const manifest = manifestOf(backupFile)
      fs.writeFileSync(`${manifest}.partial`, listed.map((key) => `${key}\n`).join(''))
      fs.renameSync(`${manifest}.partial`, manifest)
      pruneMirror(dir, keep)
      return { manifest, objects: listed.length, copied }
    },
  }
}

/** Keeps the newest `keep` lists, and the copies that one of them lists. */
export function pruneMirror(dir: string, keep: number): string[] {
  const manifests = fs.readdirSync(dir).filter((f) => MANIFEST.test(f)).sort()
  for (const old of manifests.slice(0, Math.max(0, manifests.length - keep))) fs.rmSync(path.join(dir, old), { force: true })
  const wanted = new Set(manifests.slice(-keep).flatMap((f) => readManifest(path.join(dir, f))))
  const root = path.join(dir, MIRROR_FOLDER)
  if (!fs.existsSync(root)) return []
  const removed: string[] = []
  for (const entry of fs.readdirSync(root, { recursive: true }) as string[]) {
    const file = path.join(root, entry)
    const key = entry.split(path.sep).join('/')
    if (fs.statSync(file).isFile() && !wanted.has(key)) {
      fs.rmSync(file, { force: true })
      removed.push(key)
    }
  }
  return removed.sort()
}

const readManifest = (file: string) => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean)

/**
 * Puts back into the bucket every object of the backup's list that it lacks (from the copies
 * beside the list); objects the bucket has are left alone. Answers how many were put back.
 */
export async function restoreBucket(storage: S3Storage, backupFile: string): Promise<{ listed: number; restored: number }> {
  const manifest = manifestOf(backupFile)
  if (!fs.existsSync(manifest)) throw new Error(`No list of the bucket's objects beside the backup (${manifest}): was it made with S3_BUCKET set?`)
  const wanted = readManifest(manifest)
  const present = await keysOf(storage)
  const dir = path.join(path.dirname(manifest), MIRROR_FOLDER)
  let restored = 0
  for (const key of wanted) {
    if (present.has(key)) continue
    const file = path.join(dir, key)
    if (!fs.existsSync(file)) throw new Error(`The backup's copy of ${key} is missing (${file})`)
    await storage.put(key, fs.readFileSync(file), getMimeType(key) ?? 'application/octet-stream')
    restored++
  }
  return { listed: wanted.length, restored }
}
