// Soak: a bounded mixed load on loopback against the production server, on a copy of the demo
// database: public landing and map pages, visitor events, and editor saves through the API with
// a signed-in token. Samples the server's resident memory every 10 s and fails (exit 1) on any
// error or when memory keeps growing after the warm-up.
//
//   npm run soak                      5 minutes, 4 concurrent clients
//   SOAK_SECONDS=60 npm run soak      shorter
// Settings: SOAK_SECONDS (300), SOAK_CONCURRENCY (4), SOAK_WARMUP_SECONDS (60, or a fifth of a
// shorter run), SOAK_MAX_GROWTH_MB (40: the memory trend over the run after the warm-up, from a
// least-squares fit, so one garbage-collection spike does not count), SOAK_SERVER_NODE_OPTIONS
// (extra NODE_OPTIONS for the server; its heap bound is MAX_HEAP_MB, 192 by default, as with npm start), BENCH_DEMO_DB (the
// demo database to copy; default data/trailguide.sqlite, else the demo is loaded into a temporary folder).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from '#app/db/sqlite-driver.server.ts'
import { root, startServer } from './server.ts'

const num = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`)
  return value
}
const SECONDS = num('SOAK_SECONDS', 300)
const CONCURRENCY = Math.round(num('SOAK_CONCURRENCY', 4))
const WARMUP = num('SOAK_WARMUP_SECONDS', Math.min(60, SECONDS / 5))
const MAX_GROWTH_MB = num('SOAK_MAX_GROWTH_MB', 40)
const SAMPLE_MS = 10_000
const MB = 1024 * 1024

/** A copy of the demo database (made with SQLite's backup API: the source may be in use). */
async function demoCopy(tmp: string): Promise<string> {
  const given = process.env.BENCH_DEMO_DB ?? path.join(root, 'data', 'trailguide.sqlite')
  const target = path.join(tmp, 'trailguide.sqlite')
  if (fs.existsSync(given)) {
    const source = new SQLite(given, { fileMustExist: true })
    await source.backup(target)
    source.close()
    return target
  }
  console.log('No demo database: loading the demo into a temporary folder...')
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/demo.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: target, DATA_DIR: tmp, BASE_URL: 'http://localhost:3000', RATE_LIMIT_REGISTER: '1000/60' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return target
}

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  const n = points.length
  if (n < 2) return 0
  const mx = points.reduce((s, [x]) => s + x, 0) / n
  const my = points.reduce((s, [, y]) => s + y, 0) / n
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0)
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0)
  return sxx === 0 ? 0 : sxy / sxx
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'trailguide-soak-'))
  const databaseUrl = await demoCopy(tmp)
  const data = new SQLite(databaseUrl, { readonly: true })
  // Each route's canonical address, /r/{category}/{slug} (ADR 011).
  const published = (
    data
      .prepare("SELECT c.slug || '/' || w.slug AS address FROM walks w JOIN place_categories c ON c.id = w.category_id WHERE w.status = 'published' ORDER BY w.id")
      .all() as { address: string }[]
  ).map((r) => r.address)
  const publishedUuids = (data.prepare("SELECT uuid FROM walks WHERE status = 'published' ORDER BY id").all() as { uuid: string }[]).map((r) => r.uuid)
  data.close()
  if (published.length === 0) throw new Error('The demo database has no published route')

  // The server's heap is bounded by MAX_HEAP_MB like npm start's (bench/server.ts): with V8's default limit (a
  // quarter of the RAM, 4 GB here) the heap grows lazily for minutes before collecting, which
  // looks like a leak in RSS and is not. Bounded, a leak ends in a crash and errors instead.
  const nodeOptions = process.env.SOAK_SERVER_NODE_OPTIONS ?? ''
  const server = await startServer({ dataDir: tmp, databaseUrl, env: { LOG_LEVEL: 'warn', ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}) } })
  console.log(`Soak: ${SECONDS} s, ${CONCURRENCY} clients, against ${server.url} (server started in ${Math.round(server.startMs)} ms, NODE_OPTIONS=${nodeOptions || '(none)'})`)
  const api = async (method: string, url: string, body?: unknown, token?: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}/api${url}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers' shapes are the API's, checked by its own tests
    return { status: res.status, json: (await res.json().catch(() => undefined)) as any }
  }

  // The editor: the demo owner, saving one of the demo's routes over and over.
  const login = await api('POST', '/auth/login', { email: 'demo@trailguide.test', password: 'trailguide-demo' })
  if (login.status !== 200) throw new Error(`demo sign-in failed: ${login.status}`)
  const token: string = login.json.data.access_token
  const editedUuid = publishedUuids[0]
  const edited = await api('GET', `/routes/${editedUuid}/get-route`, undefined, token)
  if (edited.status !== 200) throw new Error(`reading the edited route failed: ${edited.status}`)
  const placeIds: number[] = edited.json.data.places.map((p: { id: number }) => p.id)
  const originalName: string = edited.json.data.name

  type Kind = 'landing' | 'map' | 'event' | 'save'
  const counts: Record<Kind, { ok: number; errors: number; ms: number }> = { landing: { ok: 0, errors: 0, ms: 0 }, map: { ok: 0, errors: 0, ms: 0 }, event: { ok: 0, errors: 0, ms: 0 }, save: { ok: 0, errors: 0, ms: 0 } }
  const failures: string[] = []
  // Mostly visitors, as on a real site: 40% landing pages, 20% map pages, 35% events, 5% saves.
  const pick = (r: number): Kind => (r < 0.4 ? 'landing' : r < 0.6 ? 'map' : r < 0.95 ? 'event' : 'save')
  let saves = 0
  let visitor = 0

  async function once(kind: Kind) {
    const slug = published[Math.floor(Math.random() * published.length)]
    const userAgent = `Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1 soak-${visitor++ % 500}`
    switch (kind) {
      case 'landing':
      case 'map': {
        const res = await fetch(`${server.url}/en/${kind === 'landing' ? 'r' : 'm'}/${slug}`, { headers: { 'User-Agent': userAgent, 'Accept-Language': 'en' } })
        const html = await res.text()
        return res.status === 200 && html.includes('</html>') ? null : `${res.status} GET /en/${kind}/${slug}`
      }
      case 'event': {
        const uuid = publishedUuids[Math.floor(Math.random() * publishedUuids.length)]
        // Mostly page views; one in five is the time spent on a page (seconds, only that type carries a value).
        const event = Math.random() < 0.8 ? { type: 'view', route_uuid: uuid } : { type: 'time', route_uuid: uuid, value: 30 }
        const res = await api('POST', '/events', event, undefined, { 'User-Agent': userAgent })
        return res.status === 202 ? null : `${res.status} POST /events ${JSON.stringify(res.json)}`
      }
      case 'save': {
        const n = ++saves
        const places = n % 2 ? placeIds : [...placeIds].reverse()
        const res = await api('PUT', '/routes/update', { uuid: editedUuid, name: `${originalName} (${n})`, places: places.map((id) => ({ id })) }, token)
        return res.status === 200 ? null : `${res.status} PUT /routes/update ${JSON.stringify(res.json)}`
      }
    }
  }

  const started = performance.now()
  const deadline = started + SECONDS * 1000
  const samples: Array<{ t: number; rss: number }> = [{ t: 0, rss: server.rss() }]
  const sampler = setInterval(() => {
    const t = (performance.now() - started) / 1000
    const rss = server.rss()
    samples.push({ t, rss })
    const done = Object.values(counts).reduce((s, c) => s + c.ok + c.errors, 0)
    console.log(`  ${t.toFixed(0).padStart(4)} s  RSS ${(rss / MB).toFixed(1)} MB  ${done} requests  ${failures.length} errors`)
  }, SAMPLE_MS)

  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const kind = pick(Math.random())
        const t0 = performance.now()
        let failure: string | null
        try {
          failure = await once(kind)
        } catch (error) {
          failure = `${kind}: ${(error as Error).message}`
        }
        counts[kind].ms += performance.now() - t0
        if (failure) {
          counts[kind].errors++
          if (failures.length < 20) failures.push(failure)
        } else counts[kind].ok++
      }
    }),
  )
  clearInterval(sampler)
  samples.push({ t: (performance.now() - started) / 1000, rss: server.rss() })
  await server.stop()
  fs.rmSync(tmp, { recursive: true, force: true })

  const afterWarmup = samples.filter((s) => s.t >= WARMUP)
  const perSecond = slope(afterWarmup.map((s) => [s.t, s.rss / MB]))
  const span = afterWarmup.length ? afterWarmup[afterWarmup.length - 1].t - afterWarmup[0].t : 0
  const trend = perSecond * span
  const total = Object.values(counts).reduce((s, c) => s + c.ok + c.errors, 0)
  const errors = Object.values(counts).reduce((s, c) => s + c.errors, 0)
  const elapsed = (performance.now() - started) / 1000

  console.log('')
  console.log(`| load | requests | errors | mean ms |`)
  console.log(`| --- | ---: | ---: | ---: |`)
  for (const [kind, c] of Object.entries(counts)) {
    const n = c.ok + c.errors
    console.log(`| ${kind} | ${n} | ${c.errors} | ${n ? (c.ms / n).toFixed(1) : '-'} |`)
  }
  console.log(`| all | ${total} (${(total / elapsed).toFixed(0)}/s) | ${errors} | |`)
  console.log('')
  const rss = samples.map((s) => s.rss / MB)
  const warm = afterWarmup[0]?.rss ?? samples[0].rss
  console.log(`RSS: start ${rss[0].toFixed(1)} MB, after warm-up (${WARMUP} s) ${(warm / MB).toFixed(1)} MB, end ${rss[rss.length - 1].toFixed(1)} MB, max ${Math.max(...rss).toFixed(1)} MB`)
  console.log(`RSS trend after warm-up: ${(perSecond * 60).toFixed(2)} MB/min, ${trend.toFixed(1)} MB over ${span.toFixed(0)} s (limit ${MAX_GROWTH_MB} MB)`)
  for (const failure of failures) console.log(`  error: ${failure}`)

  const problems = [
    ...(errors > 0 ? [`${errors} errors`] : []),
    ...(trend > MAX_GROWTH_MB ? [`memory grew ${trend.toFixed(1)} MB after the warm-up`] : []),
    ...(total === 0 ? ['no request completed'] : []),
  ]
  if (problems.length) {
    console.log(`SOAK FAILED: ${problems.join(', ')}`)
    process.exit(1)
  }
  console.log('SOAK PASSED')
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
