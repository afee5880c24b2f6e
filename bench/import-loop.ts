import os from 'node:os'
import { bigCsv, bigGeoJson, bigGpx, bigKml } from '#tests/setup/import-files.ts'
import { startServer, type RunningServer } from '#tests/e2e/server.ts'
import { createPostgresTestDatabase } from '#tests/setup/test-db.ts'

// What three imports at the limits at once do to the server's main thread (ADR 053, 054): the
// built server as `npm start` runs it (192 MB heap) with --trace-gc, each file sent three times at
// once, and for each round the main isolate's collections (count and pauses, by kind, from
// --trace-gc) and the longest event loop delay (the server's own monitorEventLoopDelay, logged
// every second with EVENT_LOOP_WARN_MS=0), beside the same figures over an idle window of the same
// run: the machine may be shared. Not part of `npm run bench`: run it by hand.
// /api/health is polled every 20 ms meanwhile (its slowest answer is printed: the loop's delay as
// a caller sees it). --postgres runs the server on a fresh database of TEST_DATABASE_URL's server;
// --only csv,gpx picks files; BENCH_NODE_ARGS adds node options (--cpu-prof…, ADR 055).
//   BUILD_DIR=build npx tsx bench/import-loop.ts [--rounds 2] [--commit] [--postgres] [--only csv,kml]

const args = process.argv.slice(2)
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined)
const rounds = Number(option('--rounds') || 1) || 1
const commit = args.includes('--commit')
const postgres = args.includes('--postgres')
const only = option('--only')?.split(',')

interface Gc {
  isolate: string
  kind: string
  pause: number
  /** The heap after it, MB. */
  after: number
  /** Why V8 started it (allocation failure, external memory pressure, a task…). */
  reason: string
}

/** The --trace-gc lines of `text`: which isolate, which kind of collection, its pause in ms. */
function collections(text: string): Gc[] {
  const out: Gc[] = []
  for (const match of text.matchAll(/^\[\d+:(0x[0-9a-f]+)\]\s+\d+ ms: ([A-Za-z-]+(?: \([a-z ]+\))?) [\d.]+ \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ [\d.]+ ms[^;\n]*?\) ([^;\n]+)/gm)) {
    out.push({ isolate: match[1], kind: match[2].replace(/ \(.*\)$/, ''), after: Number(match[3]), pause: Number(match[4]), reason: match[5].trim() })
  }
  return out
}

function loopMax(text: string): number {
  const lines = text.split('\n').filter((line) => line.includes('"event loop held"'))
  return Math.max(0, ...lines.map((line) => (JSON.parse(line) as { max_ms: number }).max_ms))
}

let server: RunningServer
let token: string
let mainIsolate = ''

async function api<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })
  return ((await res.json()) as { data: T }).data
}

const newCategory = async () => (await api<{ id: number }>('/place-categories', { name: 'Imports at the limit', slug: `imports-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}` })).id

async function importFile(categoryId: number, bytes: Buffer, dryRun: boolean) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)]), 'file')
  const res = await fetch(`${server.url}/api/place-categories/${categoryId}/import?dry_run=${dryRun}`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'en' } })
  const body = (await res.json()) as { data?: { summary: Record<string, number> } }
  return { status: res.status, summary: body.data?.summary }
}

/** The slowest answer of /api/health, polled every 20 ms, while `work` runs. */
async function polled<T>(work: () => Promise<T>): Promise<{ result: T; health: number }> {
  let running = true
  let health = 0
  const poller = (async () => {
    while (running) {
      const started = performance.now()
      await (await fetch(`${server.url}/api/health`)).arrayBuffer()
      health = Math.max(health, performance.now() - started)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  try {
    return { result: await work(), health }
  } finally {
    running = false
    await poller
  }
}

/** The main isolate's collections and the loop's longest delay while `work` runs (and the second after). */
async function measured(work: () => Promise<unknown>) {
  const from = server.output().length
  const started = performance.now()
  const { result, health } = await polled(work)
  const ms = performance.now() - started
  await new Promise((resolve) => setTimeout(resolve, 1_100))
  const text = server.output().slice(from)
  const gcs = collections(text).filter((g) => g.isolate === mainIsolate)
  const byKind: Record<string, { count: number; total: number; max: number }> = {}
  for (const g of gcs) {
    const k = (byKind[g.kind] ??= { count: 0, total: 0, max: 0 })
    k.count++
    k.total += g.pause
    k.max = Math.max(k.max, g.pause)
  }
  const compacts = gcs.filter((g) => g.kind === 'Mark-Compact')
  if (process.env.GC_REASONS) for (const g of gcs) console.log(`    ${g.kind} ${g.pause} ms -> ${g.after} MB: ${g.reason}`)
  return { result, ms, health, loop: loopMax(text), byKind, heapMax: Math.max(0, ...compacts.map((g) => g.after)) }
}

const show = (byKind: Awaited<ReturnType<typeof measured>>['byKind']) =>
  Object.entries(byKind)
    .map(([kind, k]) => `${kind} ${k.count} (${k.total.toFixed(0)} ms, longest ${k.max.toFixed(1)})`)
    .join(', ') || 'none'

async function main() {
  const database = postgres ? await createPostgresTestDatabase({ migrated: false }) : undefined
  const nodeArgs = ['--max-old-space-size=192', '--trace-gc', ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])]
  server = await startServer({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '4194304', RATE_LIMIT_UPLOADS: '1000/60', EVENT_LOOP_WARN_MS: '0' }, { nodeArgs, databaseUrl: database?.url })
  try {
    // The main isolate is the one that collected before any worker was started.
    const early = collections(server.output())
    const seen = new Map<string, number>()
    for (const g of early) seen.set(g.isolate, (seen.get(g.isolate) ?? 0) + 1)
    mainIsolate = [...seen].sort((a, b) => b[1] - a[1])[0]?.[0] ?? ''
    const email = `import-loop-${Date.now()}@example.org`
    token = (await api<{ access_token: string }>('/auth/register', { name: 'Imports', email, password: 'import-loop-pass', password_confirmation: 'import-loop-pass' })).access_token
    const gpx = bigGpx()
    const files = ([
      ['CSV 10,000 places', bigCsv()],
      [`GPX ${gpx.points} points`, gpx.bytes],
      ['KML 9,000 placemarks', bigKml()],
      ['GeoJSON 9,000 features', bigGeoJson()],
    ] as [string, Buffer][]).filter(([name]) => !only || only.some((o) => name.toLowerCase().startsWith(o.toLowerCase())))
    console.log(`build ${process.env.BUILD_DIR ?? 'build'}, ${postgres ? 'PostgreSQL' : 'SQLite'}, main isolate ${mainIsolate}, ${commit ? 'commits' : 'previews'}, ${rounds} round(s), load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`)
    for (let round = 1; round <= rounds; round++) {
      for (const [name, bytes] of files) {
        const idle = await measured(() => new Promise((resolve) => setTimeout(resolve, 2_000)))
        const categoryId = await newCategory()
        const run = await measured(() => Promise.all([1, 2, 3].map(() => importFile(categoryId, bytes, !commit))))
        const answers = run.result as Awaited<ReturnType<typeof importFile>>[]
        console.log(
          `${round} ${name}: ${answers.map((a) => `${a.status}${a.summary ? `/${a.summary.places_created}+${a.summary.routes_created}` : ''}`).join(' ')} in ${run.ms.toFixed(0)} ms; ` +
            `loop longest ${run.loop.toFixed(0)} ms (idle ${idle.loop.toFixed(0)}), health worst ${run.health.toFixed(0)} ms (idle ${idle.health.toFixed(0)}), load ${os.loadavg()[0].toFixed(1)}; main GC: ${show(run.byKind)}; idle GC: ${show(idle.byKind)}; main heap after its mark-compacts up to ${run.heapMax} MB`,
        )
      }
    }
  } finally {
    await server.stop()
    await database?.drop()
  }
}

await main()
