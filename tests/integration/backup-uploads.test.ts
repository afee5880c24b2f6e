import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#app/config/config.server.ts'
import { createDb } from '#app/db/db.server.ts'
import { migrateToLatest } from '#app/db/migrate.server.ts'
import { S3Storage } from '#app/platform/storage/s3-storage.server.ts'
import { startS3Server, type TestS3Server } from '../setup/s3-server.ts'

// npm run backup / npm run restore with the uploads in an S3 bucket (ADR 030), run as commands
// against s3rver, a real S3 server: the objects are copied beside the database backup, and a
// restore puts back the ones the bucket lost.

const root = path.resolve(import.meta.dirname, '../..')
const run = promisify(execFile)
let s3: TestS3Server
let dir: string
let env: Record<string, string>
let storage: S3Storage

beforeAll(async () => {
  s3 = await startS3Server(['media'])
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trailguide-backup-s3-'))
  const file = path.join(dir, 'data', 'trailguide.sqlite')
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const db = createDb({ url: file })
  await migrateToLatest(db)
  await db.destroy()
  env = { ...s3.settings('media'), BASE_URL: 'http://localhost', DATABASE_URL: file, DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' }
  const config = loadConfig({ BASE_URL: 'http://localhost', ...env })
  storage = new S3Storage({ ...config, S3_BUCKET: config.S3_BUCKET! })
})
afterAll(async () => {
  await s3?.stop()
  fs.rmSync(dir, { recursive: true, force: true })
})

// Not execFileSync: the S3 server answers from this process's event loop.
const tsx = async (...args: string[]) => {
  const { stdout } = await run(path.join(root, 'node_modules/.bin/tsx'), args, { cwd: root, env: { ...process.env, ...env }, timeout: 60_000 })
  return stdout.trim().split('\n')
}
const backup = async (...args: string[]) => (await tsx('scripts/backup.ts', ...args)).at(-1)!
const keysInBucket = async () => {
  const keys: string[] = []
  for await (const item of storage.list()) keys.push(item.key)
  return keys.sort()
}
const backups = () => path.join(dir, 'data', 'backups')
const listOf = (backupFile: string) => fs.readFileSync(backupFile.replace(/\.sqlite$/, '.uploads.txt'), 'utf8').split('\n').filter(Boolean)

describe('backup and restore with the uploads on S3', () => {
  it('copies the objects beside the database backup, puts back the lost ones, and prunes copies no kept backup lists', async () => {
    await storage.put('routes/r1/photo-aaaa.webp', Buffer.from('photo one'), 'image/webp')
    await storage.put('avatars/3/avatar-bbbb.webp', Buffer.from('avatar'), 'image/webp')

    const first = await backup()
    expect(first).toMatch(/trailguide-.*\.sqlite$/)
    expect(listOf(first)).toEqual(['avatars/3/avatar-bbbb.webp', 'routes/r1/photo-aaaa.webp'])
    expect(fs.readFileSync(path.join(backups(), 'uploads', 'routes/r1/photo-aaaa.webp'), 'utf8')).toBe('photo one')

    // The photo is replaced after the backup: the old object goes, a new one comes.
    await storage.delete('routes/r1/photo-aaaa.webp')
    await storage.put('routes/r1/photo-cccc.webp', Buffer.from('photo two'), 'image/webp')
    const second = await backup()
    expect(listOf(second)).toEqual(['avatars/3/avatar-bbbb.webp', 'routes/r1/photo-cccc.webp'])
    // The first backup's copy stays while that backup is kept.
    expect(fs.existsSync(path.join(backups(), 'uploads', 'routes/r1/photo-aaaa.webp'))).toBe(true)

    // Restoring the first backup puts its photo back (with its type); what the bucket has stays.
    const restored = await tsx('scripts/restore.ts', first)
    expect(restored[0]).toBe('Bucket media: 1 of the backup’s 2 objects put back (the others were there).'.replace('’', "'"))
    expect(await keysInBucket()).toEqual(['avatars/3/avatar-bbbb.webp', 'routes/r1/photo-aaaa.webp', 'routes/r1/photo-cccc.webp'])
    expect((await storage.read('routes/r1/photo-aaaa.webp'))?.toString()).toBe('photo one')
    const served = await storage.answer('routes/r1/photo-aaaa.webp', { method: 'HEAD' })
    expect(served.headers['Content-Type']).toBe('image/webp')

    // Keeping one backup: the copies only older lists named are removed with them.
    await storage.delete('routes/r1/photo-aaaa.webp')
    const third = await backup('--keep', '1')
    expect(listOf(third)).toEqual(['avatars/3/avatar-bbbb.webp', 'routes/r1/photo-cccc.webp'])
    expect(fs.readdirSync(backups()).filter((f) => f.endsWith('.uploads.txt'))).toEqual([path.basename(third).replace(/\.sqlite$/, '.uploads.txt')])
    expect(fs.existsSync(path.join(backups(), 'uploads', 'routes/r1/photo-aaaa.webp'))).toBe(false)
    expect(fs.existsSync(path.join(backups(), 'uploads', 'routes/r1/photo-cccc.webp'))).toBe(true)
  }, 120_000)
})
