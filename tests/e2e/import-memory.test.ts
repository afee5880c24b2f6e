import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bigCsv, bigGeoJson, bigGpx, bigKml, kmz20k, kmzBomb, smallKmzAtLimit } from '../setup/import-files.ts'
import { startServer, type RunningServer } from './server.ts'

// Files at the limits (10 MB, 10,000 rows) of every format, KMZ files that unpack to one (40 KB,
// and 20 KB unpacking past 10 MB) and a KMZ bomb, three at once, against the server as `npm start`
// starts it (192 MB heap). Every import answered, the server up under 512 MB of peak RSS, and
// (ADR 051) the slowest /api/health answer and the longest event loop delay (the server's own
// monitorEventLoopDelay, logged every second) printed against their 100 ms and 50 ms budgets,
// with the same machine's idle figures beside: the test machine is shared (see below).

const HEALTH_BUDGET_MS = 100
const LOOP_BUDGET_MS = 50
let server: RunningServer
let token: string
let categoryId: number

/** /api/health asked every 20 ms by a process of its own (so this file's work does not delay it): the slowest answer. */
function healthProbe(url: string) {
  const code = `
    let worst = 0, count = 0, failed = 0, stop = false
    process.on('message', () => { stop = true })
    ;(async () => {
      // The first request opens the connection and warms fetch up: not the server's time.
      await (await fetch(${JSON.stringify(url)} + '/api/health')).arrayBuffer()
      while (!stop) {
        const t = performance.now()
        try { const r = await fetch(${JSON.stringify(url)} + '/api/health'); await r.arrayBuffer(); if (!r.ok) failed++ } catch { failed++ }
        worst = Math.max(worst, performance.now() - t); count++
        await new Promise((r) => setTimeout(r, 20))
      }
      process.send({ worst, count, failed }, () => process.exit(0))
    })()`
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  return {
    stop: () =>
      new Promise<{ worst: number; count: number; failed: number }>((resolve) => {
        child.once('message', (m) => resolve(m as { worst: number; count: number; failed: number }))
        child.send('stop')
      }),
  }
}

/** The server's longest event loop delay over the seconds it logged since `from` (an offset in its output). */
function loopMax(from: number): number {
  const lines = server.output().slice(from).split('\n').filter((line) => line.includes('"event loop held"'))
  return Math.max(0, ...lines.map((line) => (JSON.parse(line) as { max_ms: number }).max_ms))
}

/** The worst /api/health answer and event loop delay while `work` runs (the loop's last second logged too). */
async function measured<T>(work: () => Promise<T>) {
  const from = server.output().length
  const probe = healthProbe(server.url)
  const result = await work()
  const health = await probe.stop()
  await new Promise((resolve) => setTimeout(resolve, 1_100))
  return { result, health, loop: loopMax(from) }
}

const peakRssMb = () => Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${server.process.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
const rssMb = () => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${server.process.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024

async function importFile(bytes: Buffer, name: string) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)]), name)
  const res = await fetch(`${server.url}/api/place-categories/${categoryId}/import?dry_run=true`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'en' } })
  const body = (await res.json()) as { data?: { summary: Record<string, number>; routes: { simplified: unknown }[] }; message?: string }
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body }
}

describe('imports at the limits against the production server (192 MB heap)', () => {
  beforeAll(async () => {
    server = await startServer({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '4194304', RATE_LIMIT_UPLOADS: '1000/60', EVENT_LOOP_WARN_MS: '0' }, { nodeArgs: ['--max-old-space-size=192', '--max-semi-space-size=16'] })
    const email = `import-memory-${Date.now()}@example.org`
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Imports', email, password: 'import-memory-pass', password_confirmation: 'import-memory-pass' }),
    })
    token = ((await registered.json()) as { data: { access_token: string } }).data.access_token
    const category = await fetch(`${server.url}/api/place-categories`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Imports at the limit', slug: `imports-${Date.now().toString(36)}` }),
    })
    categoryId = ((await category.json()) as { data: { id: number } }).data.id
  })
  afterAll(async () => {
    await server?.stop()
  })

  const gpx = bigGpx()
  const small = kmz20k()
  const files: [string, () => Buffer, (r: Awaited<ReturnType<typeof importFile>>) => void][] = [
    ['CSV, 10,000 rows', bigCsv, (r) => expect(r.body.data?.summary.places_created).toBe(10_000)],
    [`GPX, a track of ${gpx.points} points`, () => gpx.bytes, (r) => expect(r.body.data?.routes[0].simplified).toMatchObject({ from: gpx.points })],
    ['KML, 9,000 placemarks and a line', bigKml, (r) => expect(r.body.data?.summary.places_created).toBe(9_000)],
    ['GeoJSON, 9,000 features and a line', bigGeoJson, (r) => expect(r.body.data?.summary.places_created).toBe(9_000)],
    ['KMZ of 40 KB unpacking to 10 MB', smallKmzAtLimit, (r) => expect(r.body.data?.summary.places_created).toBeGreaterThan(6_000)],
    [`KMZ of 20 KB unpacking to ${(small.unpacked / 1024 / 1024).toFixed(1)} MB, sizes declared 1 KB`, () => small.bytes, (r) => expect(r.body.data?.summary.places_created).toBe(small.placemarks)],
    ['KMZ bomb', kmzBomb, (r) => expect([r.status, r.body.message]).toEqual([413, 'This KMZ file unpacks to more than is allowed: refused.'])],
  ]

  it.each(files)('%s: three at once, the server up and answering /api/health throughout', { timeout: 240_000 }, async (name, make, check) => {
    const bytes = make()
    expect(bytes.length).toBeLessThanOrEqual(10 * 1024 * 1024)
    const idle = await measured(() => new Promise((resolve) => setTimeout(resolve, 2_000)))
    const started = performance.now()
    const { result: answers, health, loop } = await measured(() => Promise.all([1, 2, 3].map(() => importFile(bytes, 'file'))))
    const elapsed = performance.now() - started
    console.log(
      `${name} (${(bytes.length / 1024 / 1024).toFixed(2)} MB): ${answers.map((a) => a.status).join(', ')} in ${Math.round(elapsed)} ms; ` +
        `health worst ${Math.round(health.worst)} ms over ${health.count} requests (idle ${Math.round(idle.health.worst)}), event loop held ${Math.round(loop)} ms at most (idle ${Math.round(idle.loop)}); ` +
        `RSS ${Math.round(rssMb())} MB, peak ${Math.round(peakRssMb())} MB`,
    )
    expect(server.process.exitCode).toBeNull()
    for (const answer of answers) {
      if (answer.status === 503) expect(answer.retryAfter).toBeTruthy()
      else check(answer)
    }
    expect(health.failed).toBe(0)
    expect(health.count).toBeGreaterThan(0)
    expect(peakRssMb()).toBeLessThan(512)
    // The budgets are printed, not asserted: on the shared 2-core test machine a refused KMZ bomb,
    // which does next to nothing on the loop, measured 240 ms; the import's own delays cannot be
    // told from the machine's there. The figures on a quiet machine are in ADR 051.
    if (health.worst > HEALTH_BUDGET_MS) console.log(`  /api/health over its ${HEALTH_BUDGET_MS} ms budget: ${Math.round(health.worst)} ms (idle ${Math.round(idle.health.worst)})`)
    if (loop > LOOP_BUDGET_MS) console.log(`  event loop over its ${LOOP_BUDGET_MS} ms budget: ${Math.round(loop)} ms (idle ${Math.round(idle.loop)})`)
  })
})
