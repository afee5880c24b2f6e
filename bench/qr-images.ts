import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createApi } from '#app/api-routes.server.ts'
import { loadConfig } from '#app/config/config.server.ts'
import { createDb } from '#app/db/db.server.ts'
import { migrateToLatest } from '#app/db/migrate.server.ts'
import { createServices } from '#app/services.server.ts'
import { createLogger } from '#app/platform/observability/logger.server.ts'

/**
 * QR images under load: ten clients each asking a 2048 px PNG at once, first
 * of ten different codes (nothing cached), then the same ten again, then ten asking one code;
 * the wall time of each wave and the event loop's delay meanwhile (what every other request
 * of the process waits). In process, over a fresh SQLite database: `npx tsx bench/qr-images.ts`.
 */
const CLIENTS = 10
const SIZE = 2048

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-qr-'))
const config = loadConfig({
  BASE_URL: 'http://localhost:3000',
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATA_DIR: dir,
  DATABASE_URL: path.join(dir, 'bench.sqlite'),
  RATE_LIMIT_REGISTER: '100/60',
})
const db = createDb({ url: config.DATABASE_URL })
await migrateToLatest(db)
const api = createApi(createServices({ config, db, logger: createLogger('silent') }))

async function json(method: string, url: string, body: unknown, token?: string) {
  const res = await api.request(url, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  const payload = (await res.json()) as { data: never }
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(payload)}`)
  return payload.data as Record<string, unknown>
}

const { access_token: token } = (await json('POST', '/auth/register', {
  name: 'Bench',
  email: 'bench@example.org',
  password: 'a long bench password',
  password_confirmation: 'a long bench password',
})) as { access_token: string }
const category = await json('POST', '/place-categories', { name: 'Bench', slug: 'bench' }, token)
const codes = (await json('POST', '/qr-codes/batch', { place_category_id: category.id, count: CLIENTS }, token)) as unknown as { code: string }[]

/** Each client asks its path (from its own address); the wave's wall time and the loop's delay. */
async function wave(label: string, paths: string[]) {
  // A 5 ms heartbeat: how late each beat fires is how long the loop was blocked.
  const lags: number[] = []
  let last = performance.now()
  const beat = setInterval(() => {
    const now = performance.now()
    lags.push(Math.max(0, now - last - 5))
    last = now
  }, 5)
  const started = performance.now()
  const statuses = await Promise.all(
    paths.map(async (p, i) => {
      const res = await api.request(p, {}, { incoming: { socket: { remoteAddress: `10.0.0.${i + 1}` } } })
      await res.arrayBuffer()
      return res.status
    }),
  )
  const ms = performance.now() - started
  clearInterval(beat)
  lags.sort((a, b) => a - b)
  const row = {
    wave: label,
    statuses: [...new Set(statuses)].join(','),
    wallMs: Math.round(ms),
    loopDelayMaxMs: Math.round(lags.at(-1) ?? 0),
    loopDelayP99Ms: Math.round(lags[Math.floor(lags.length * 0.99)] ?? 0),
    beats: lags.length,
    rssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
  }
  console.log(JSON.stringify(row))
  return row
}

// The process's first image loads the PNG encoder (sharp) once: measured apart.
await wave('first image of the process (512 px)', [`/qr-codes/${codes[0].code}/image.png?size=512`])
const distinct = codes.map((c) => `/qr-codes/${c.code}/image.png?size=${SIZE}`)
await wave(`${CLIENTS} codes, first time`, distinct)
await wave(`${CLIENTS} codes, again`, distinct)
await wave(`1 code x ${CLIENTS}`, Array.from({ length: CLIENTS }, () => `/qr-codes/${codes[0].code}/image.png?size=${SIZE - 1}`))
await db.destroy()
fs.rmSync(dir, { recursive: true, force: true })
