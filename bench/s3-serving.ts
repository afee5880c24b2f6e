import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { createDb } from '#app/db/db.server.ts'
import { migrateToLatest } from '#app/db/migrate.server.ts'
import { createServices } from '#app/services.server.ts'
import { createLogger } from '#app/platform/observability/logger.server.ts'
import { testConfig } from '#tests/setup/test-app.ts'
import { createHttpApp } from '../server/http-app.ts'
import { load } from './measure.ts'

/**
 * How /uploads answers (ADR 030): the same 60 KB image from the local disk, streamed from an S3
 * server (s3rver, in its own process), and as a redirect to S3_PUBLIC_URL. One run, as ratios
 * to the local file. `npx tsx bench/s3-serving.ts` (SECONDS=5 CONNECTIONS=20 to change the load).
 */
const SECONDS = Number(process.env.SECONDS ?? 5)
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20)
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-s3-'))
const image = Buffer.alloc(60 * 1024, 7)
// A key of the shape the app writes: /uploads serves no other.
const key = 'routes/00000000-0000-4000-8000-000000000000/photo-000000000000000000000000.webp'

async function main() {
  fs.mkdirSync(path.join(dir, 's3'), { recursive: true })
  const s3 = spawn(process.execPath, ['node_modules/s3rver/bin/s3rver.js', '-d', path.join(dir, 's3'), '-a', '127.0.0.1', '-p', '4599', '--silent', '--configure-bucket', 'uploads'], { stdio: 'ignore' })
  await new Promise((resolve) => setTimeout(resolve, 1500))
  const db = createDb({ url: path.join(dir, 'bench.sqlite') })
  await migrateToLatest(db)
  const s3Settings = { S3_BUCKET: 'uploads', S3_ENDPOINT: 'http://127.0.0.1:4599', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'on' }
  const variants = [
    { name: 'local disk', overrides: {} },
    { name: 'S3, streamed by the app', overrides: s3Settings },
    { name: 'S3, redirect to S3_PUBLIC_URL', overrides: { ...s3Settings, S3_PUBLIC_URL: 'https://cdn.example.org' } },
  ]
  const rows = []
  let port = 4600
  for (const variant of variants) {
    const services = createServices({ config: testConfig({ DATA_DIR: path.join(dir, 'data'), ...variant.overrides }), db, logger: createLogger('silent'), mailer: { send: async () => {} } })
    await services.storage.put(key, image, 'image/webp')
    const app = createHttpApp({ services, mode: 'production', build: async () => { throw new Error('no page') } })
    const server = serve({ fetch: app.fetch, port: ++port, hostname: '127.0.0.1' })
    const url = `http://127.0.0.1:${port}/uploads/${key}`
    await load({ url, connections: CONNECTIONS, seconds: 1 })
    const run = await load({ url, connections: CONNECTIONS, seconds: SECONDS })
    rows.push({ variant: variant.name, requestsPerSecond: Math.round(run.requestsPerSecond), p99Ms: run.p99, errors: run.errors + run.non2xx, rssMb: Math.round(process.memoryUsage().rss / 2 ** 20) })
    await new Promise((resolve) => server.close(resolve))
  }
  const base = rows[0].requestsPerSecond
  for (const row of rows) console.log(JSON.stringify({ ...row, ratio: Number((row.requestsPerSecond / base).toFixed(2)) }))
  s3.kill()
  await db.destroy()
  fs.rmSync(dir, { recursive: true, force: true })
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
