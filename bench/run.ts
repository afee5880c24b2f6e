// `npm run bench`: every figure of the speed budgets in one run on this machine. It
// builds if needed, copies the demo database, seeds two bench categories (small and large),
// starts its own production server on a free port, measures, prints the table and writes
// bench/results.json. Timings on a shared machine are noisy: medians and same-run ratios.
// `--postgres`: the same bench on a fresh PostgreSQL database of its own (a copy of the same
// data) on the server of BENCH_DATABASE_URL, with the PostgreSQL / SQLite rows first;
// `--compare`: only those rows (docs/performance.md).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { copyToPostgres, countViews as storedViews, demoRoute, withDb } from './database.ts'
import { hotPathRows } from './hot-path.ts'
import { scanToMap } from './scan.ts'
import { compareDialects } from './dialects.ts'
import { compressedSizes, largestScript } from './compression.ts'
import { importRow, importTrackRow } from './import.ts'
import { ingestion, ingestionInProcess } from './ingestion.ts'
import { jsShipped } from './js-size.ts'
import { healthThroughput, landingHtml, landingThroughput } from './landing.ts'
import { lighthouseRow } from './lighthouse.ts'
import { listEndpoints, routeSave, statistics } from './manager-api.ts'
import { revisionsRows } from './revisions.ts'
import { int, median, ms, type Row } from './measure.ts'
import { prepareData } from './seed.ts'
import { root, startServer, type BenchServer } from './server.ts'
import { startTileServer } from '../tests/e2e/server.ts'
import { offlinePack, pageThroughput } from './trail.ts'
import { formatTable } from './table.ts'
import { uploadsRow } from './uploads.ts'

const quick = process.argv.includes('--quick')
const compareOnly = process.argv.includes('--compare')
const onPostgres = process.argv.includes('--postgres')
// `--hot`: only the visitor's hot path (issue 28): /r, /m, /c, open data, events, health, a static file.
const hotOnly = process.argv.includes('--hot')
// PostgreSQL servers of other settings beside the default one, measured in the same turns (ADR 031).
const VARIANTS: Array<{ name: string; env: Record<string, string> }> = process.argv.includes('--variants')
  ? [
      { name: 'no prepared statements', env: { DATABASE_PREPARED: '0' } },
      { name: 'a pool of 4', env: { DATABASE_POOL_SIZE: '4' } },
      { name: 'a pool of 20', env: { DATABASE_POOL_SIZE: '20' } },
    ]
  : []
const COMPARE_SECONDS = quick ? 3 : 5
const COMPARE_ROUNDS = quick ? 2 : 3
const LOAD_SECONDS = quick ? 3 : 10
const API_SECONDS = quick ? 2 : 5
// Events per request of the batched ingestion row: a page's pending time and place visits.
const EVENT_BATCH = 10

function step(message: string) {
  console.log(`· ${message}`)
}

// The server's resident memory after each measurement (MB), to see which load grows it.
const memoryAfter: Record<string, number> = {}
let memoryOf: (() => number) | null = null

/** Runs one measurement; a failure becomes a failed row (with the error) and the run goes on. */
async function measure(rows: Row[], id: string, what: string, run: () => Promise<Row | Row[]>) {
  try {
    const result = await run()
    rows.push(...(Array.isArray(result) ? result : [result]))
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error)
    console.error(`  ${what} failed: ${message}`)
    rows.push({ id, what, figure: `failed: ${message}`, budget: '', pass: false, values: { error: message } })
  }
  try {
    if (memoryOf) memoryAfter[id] = Math.round(memoryOf() / 1024 / 1024)
  } catch {
    // the server is stopped already
  }
}


async function main() {
  const started = performance.now()
  step('build (only when missing or stale)')
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/ensure-build.ts'], { cwd: root, stdio: 'inherit' })

  step('data: a copy of the demo database + two bench categories')
  const data = await prepareData({
    small: { routes: 20, places: 200, events: 100_000 },
    // The hot path reads none of the statistics: a lighter seed.
    large: { routes: 200, places: 2_000, events: hotOnly ? 20_000 : 1_000_000 },
  })
  step(`  seeded in ${(data.seedMs / 1000).toFixed(1)} s (${data.dir})`)

  const postgres = onPostgres || compareOnly ? await copyToPostgres(data.databaseUrl) : null
  if (postgres) step(`  copied to PostgreSQL in ${(postgres.copyMs / 1000).toFixed(1)} s (${new URL(postgres.url).pathname.slice(1)}, dropped at the end)`)
  // The database every row below runs on.
  const databaseUrl = onPostgres ? postgres!.url : data.databaseUrl
  const demo = await demoRoute(databaseUrl)
  const rows: Row[] = []
  const failedAudits: string[] = []
  // Map tiles from a local server: Lighthouse on /m measures the page, not a tile server far away.
  const tiles = await startTileServer()
  let server: BenchServer | undefined
  try {
    if (postgres) {
      step(`PostgreSQL / SQLite in one run: /r, /m, fetch-routes, fetch-places (${COMPARE_ROUNDS} × ${COMPARE_SECONDS} s each, in turn)`)
      const env = { TILE_URL: tiles.url, TILE_ATTRIBUTION: 'Bench tiles' }
      // --profile: a V8 CPU profile of the PostgreSQL server over the whole comparison (bench/profiles/).
      const profileDir = path.join(import.meta.dirname, 'profiles')
      const nodeArgs = process.argv.includes('--profile') ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []
      // Every server started is stopped, even when a later one fails to start.
      const started: BenchServer[] = []
      const variants: Array<{ name: string; server: BenchServer }> = []
      try {
        const onSqlite = await startServer({ dataDir: data.dir, databaseUrl: data.databaseUrl, env })
        started.push(onSqlite)
        const onPg = await startServer({ dataDir: data.dir, databaseUrl: postgres.url, env, nodeArgs })
        started.push(onPg)
        for (const variant of VARIANTS) {
          const server = await startServer({ dataDir: data.dir, databaseUrl: postgres.url, env: { ...env, ...variant.env } })
          started.push(server)
          variants.push({ name: variant.name, server })
        }
        const local = async (url: string) => new URL(await finalUrl(url)).pathname
        const auth = { Authorization: `Bearer ${data.token}`, 'Accept-Language': 'en' }
        const lists = `/api/place-categories/${data.large.id}`
        await measure(rows, 'postgres-compare', 'PostgreSQL / SQLite', async () =>
          compareDialects({
            sqliteUrl: onSqlite.url,
            postgresUrl: onPg.url,
            seconds: COMPARE_SECONDS,
            rounds: COMPARE_ROUNDS,
            variants: variants.map((v) => ({ name: v.name, url: v.server.url })),
            urls: [
              { id: 'r', label: '/r/{category}/{slug}', path: await local(`${onSqlite.url}/r/${demo.address}`), connections: 50 },
              { id: 'm', label: '/m/{category}/{slug}', path: await local(`${onSqlite.url}/m/${demo.address}`), connections: 50 },
              { id: 'c', label: '/c/{category}', path: await local(`${onSqlite.url}/c/${demo.address.split('/')[0]}`), connections: 50 },
              { id: 'open-data', label: '/api/public/categories/{slug}', path: `/api/public/categories/${demo.address.split('/')[0]}`, connections: 50 },
              { id: 'fetch-routes', label: `fetch-routes (${data.large.routes} routes)`, path: `${lists}/fetch-routes`, connections: 20, headers: auth },
              { id: 'fetch-places', label: `fetch-places (${int(data.large.places)} places)`, path: `${lists}/fetch-places`, connections: 20, headers: auth },
            ],
          }),
        )
      } finally {
        for (const one of started) await one.stop()
      }
    }
    if (hotOnly) await benchHotPath()
    else if (!compareOnly) await benchAll()
  } finally {
    await server?.stop()
    await tiles.stop()
    await postgres?.drop()
    fs.rmSync(data.dir, { recursive: true, force: true })
  }

  /** The visitor's hot path only, then the server stopped by SIGTERM (bench/hot-path.ts). */
  async function benchHotPath() {
    server = await startServer({ dataDir: data.dir, databaseUrl, env: { TILE_URL: tiles.url, TILE_ATTRIBUTION: 'Bench tiles' } })
    const running = server
    memoryOf = () => running.rss()
    const pageUrl = await finalUrl(`${running.url}/r/${demo.address}`)
    const category = demo.address.split('/')[0]
    const routeUuid = await withDb(databaseUrl, async (db) => (await db.selectFrom('walks').select('uuid').where('id', '=', demo.id).executeTakeFirstOrThrow()).uuid)
    const plaque = await withDb(databaseUrl, (db) =>
      db.selectFrom('qr_codes as q').innerJoin('walk_places as wp', 'wp.place_id', 'q.place_id').select('q.code').where('wp.walk_id', '=', demo.id).orderBy('q.id').executeTakeFirst(),
    )
    if (plaque) {
      step('QR scan → map usable on a throttled phone (Chromium)')
      await measure(rows, 'scan-to-map', 'QR scan → map usable', () => scanToMap({ baseUrl: running.url, code: plaque.code, runs: quick ? 3 : 5 }))
    }
    step(`visitor hot path with wrk (each row in turns with its ceiling)`)
    await measure(rows, 'hot', 'Visitor hot path', () =>
      hotPathRows({
        baseUrl: running.url,
        databaseUrl,
        pageUrl,
        mapUrl: pageUrl.replace('/r/', '/m/'),
        homeUrl: pageUrl.replace(/\/r\/([^/]+)\/.*$/, `/c/${category}`),
        categorySlug: category,
        routeUuid,
        walkId: demo.id,
        seconds: LOAD_SECONDS,
        rss: () => running.rss(),
        stopServer: () => running.stop(),
      }),
    )
    server = undefined
  }

  /** The whole bench on `databaseUrl` (everything but the PostgreSQL / SQLite rows). */
  async function benchAll() {
    server = await startServer({ dataDir: data.dir, databaseUrl, env: { TILE_URL: tiles.url, TILE_ATTRIBUTION: 'Bench tiles' } })
    const running = server
    memoryOf = () => running.rss()
    memoryAfter.start = Math.round(running.rss() / 1024 / 1024)
    try {
      const pageUrl = await finalUrl(`${running.url}/r/${demo.address}`)
      const mapUrl = await finalUrl(`${running.url}/m/${demo.address}`)
      const loginUrl = await finalUrl(`${running.url}/auth/login`)
      const homeUrl = await finalUrl(`${running.url}/c/${demo.address.split('/')[0]}`)
      const longestUrl = await finalUrl(`${running.url}/m/${demo.longest}`)

      step(`landing throughput ${pageUrl} vs a static file (${LOAD_SECONDS} s each)`)
      const countViews = () => storedViews(databaseUrl, demo.id)
      await measure(rows, 'landing-throughput', 'Landing throughput', () => landingThroughput({ pageUrl, dataDir: data.dir, baseUrl: running.url, seconds: LOAD_SECONDS, countViews }))
      step(`/api/health vs a plain Node server (${LOAD_SECONDS} s each)`)
      await measure(rows, 'health-throughput', '/api/health throughput', () => healthThroughput({ baseUrl: running.url, seconds: LOAD_SECONDS }))
      const landingRps = Number(rows.find((r) => r.id === 'landing-throughput')?.values.pageRps ?? 0)
      const plainNodeRps = Number(rows.find((r) => r.id === 'landing-throughput')?.values.plainNodeRps ?? 0)
      step(`map page and category home throughput (${LOAD_SECONDS} s each)`)
      await measure(rows, 'map-throughput', 'Map page throughput', () => pageThroughput({ id: 'map-throughput', label: 'Map /m/{category}/{slug}', url: mapUrl, seconds: LOAD_SECONDS, landingRps, plainNodeRps }))
      await measure(rows, 'home-throughput', 'Category home throughput', () => pageThroughput({ id: 'home-throughput', label: 'Category home /c/{category}', url: homeUrl, seconds: LOAD_SECONDS, landingRps, plainNodeRps }))
      step('landing HTML')
      await measure(rows, 'landing-html', 'Landing HTML', () => landingHtml({ pageUrl, expectText: ['data-landing', 'og:title'], expectOneOf: demo.names.map(escapeHtml) }))
      step('JavaScript shipped (Chromium)')
      await measure(rows, 'js', 'JS shipped', () =>
        jsShipped([
          { key: 'landing', label: '/r/{category}/{slug}', url: pageUrl },
          { key: 'map', label: '/m/{category}/{slug} (service worker included)', url: mapUrl },
          { key: 'category', label: '/c/{category} (service worker included)', url: homeUrl },
          { key: 'login', label: '/auth/login', url: loginUrl },
        ]),
      )
      step('HTTP compression (identity, brotli, gzip)')
      await measure(rows, 'compression', 'Compression', async () =>
        compressedSizes([
          { id: 'landing', label: 'HTML /r/{category}/{slug}', url: pageUrl },
          { id: 'map', label: 'HTML /m/{category}/{slug}', url: mapUrl },
          { id: 'js', label: 'main JS (largest script of /auth/login)', url: await largestScript(loginUrl) },
          {
            id: 'json',
            label: `JSON fetch-places (${data.large.places} places)`,
            url: `${running.url}/api/place-categories/${data.large.id}/fetch-places?locale=en`,
            headers: { Authorization: `Bearer ${data.token}` },
          },
        ]),
      )
      step('Lighthouse (mobile)')
      await measure(rows, 'lighthouse', 'Lighthouse', async () => {
        const lighthouse = await lighthouseRow(pageUrl)
        failedAudits.push(...lighthouse.failedAudits)
        return lighthouse.row
      })
      for (const [id, label, url] of [['lighthouse-map', '/m/{category}/{slug}', mapUrl], ['lighthouse-home', '/c/{category}', homeUrl]] as const) {
        await measure(rows, id, `Lighthouse ${label}`, async () => {
          const lighthouse = await lighthouseRow(url, 1, { id, label, strict: true })
          failedAudits.push(...lighthouse.failedAudits)
          return lighthouse.row
        })
      }
      step("offline pack of the demo's longest route (Chromium)")
      await measure(rows, 'offline-pack', 'Offline pack', () => offlinePack({ url: longestUrl, typicalTileBytes: 15 * 1024 }))
      step('50 photo uploads at once')
      await measure(rows, 'uploads', 'Photo uploads', () => uploadsRow({ baseUrl: running.url, token: data.token, route: data.large.saveRouteUuid, rss: () => running.rss() }))
      step(`manager API lists (20 connections, ${API_SECONDS} s per endpoint and size)`)
      await measure(rows, 'lists', 'Manager API lists', () => listEndpoints({ baseUrl: running.url, token: data.token, small: data.small, large: data.large, seconds: API_SECONDS }))
      step('route save')
      await measure(rows, 'route-save', 'Route save', () => routeSave({ baseUrl: running.url, token: data.token, category: data.large }))
      step('statistics')
      await measure(rows, 'statistic', 'Statistics', () => statistics({ baseUrl: running.url, token: data.token, small: data.small, large: data.large }))
      step('import of 10,000 places from CSV (preview, commit, again)')
      await measure(rows, 'import-csv', 'Import', () => importRow({ baseUrl: running.url, token: data.token }))
      await measure(rows, 'import-gpx-track', 'Import of a 10 MB GPS track', () => importTrackRow({ baseUrl: running.url, token: data.token }))
      step(`event ingestion, batches of ${EVENT_BATCH} (${LOAD_SECONDS} s)`)
      await measure(rows, 'ingestion-batch', 'Event ingestion (batches)', () =>
        ingestion({ baseUrl: running.url, databaseUrl, routeUuid: data.large.saveRouteUuid, seconds: LOAD_SECONDS, batch: EVENT_BATCH, afterLoad: () => undefined }),
      )
      step(`event ingestion, one event per request (${LOAD_SECONDS} s)`)
      let rss = 0
      await measure(rows, 'ingestion', 'Event ingestion', () =>
        ingestion({
          baseUrl: running.url,
          databaseUrl,
          routeUuid: data.large.saveRouteUuid,
          seconds: LOAD_SECONDS,
          afterLoad: () => (rss = running.rss()),
          stopServer: () => running.stop(),
        }),
      )
      await running.stop()
      step(`event ingestion below HTTP (${LOAD_SECONDS} s)`)
      await measure(rows, 'ingestion-service', 'Event ingestion in-process', () =>
        ingestionInProcess({ databaseUrl, dataDir: data.dir, routeUuid: data.large.saveRouteUuid, seconds: LOAD_SECONDS }),
      )
      server = undefined
      if (!onPostgres) {
        // Servers of its own (revisions on, then off, in turn) on the same data, the main one stopped.
        step('route save with revisions on and off, and what 1,000 saves add to the database')
        await measure(rows, 'route-save-revisions', 'Route save with revisions', () => revisionsRows({ dataDir: data.dir, databaseUrl, token: data.token, category: data.large }))
      }
      rows.push({
        id: 'memory',
        what: 'Server RSS after all of the above',
        figure: `${Math.round(rss / 1024 / 1024)} MB`,
        budget: '≤ 250 MB',
        pass: rss <= 250 * 1024 * 1024,
        values: { rssBytes: rss },
      })

      step('start on the existing database (3 starts)')
      const starts: number[] = []
      for (let i = 0; i < 3; i++) {
        const again = await startServer({ dataDir: data.dir, databaseUrl })
        starts.push(again.startMs)
        await again.stop()
      }
      rows.push({
        id: 'start',
        what: 'Start: process start → first good answer (/api/ready)',
        figure: `median ${ms(median(starts))} (${starts.map((s) => Math.round(s)).join(', ')} ms)`,
        budget: '≤ 2 s',
        pass: median(starts) <= 2000,
        values: { median: median(starts), runs: starts.join(',') },
      })
    } catch (error) {
      if (server) console.error(server.output())
      throw error
    }
  }

  const seconds = (performance.now() - started) / 1000
  console.log(`\n${formatTable(rows)}\n`)
  console.log(`Load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(', ')} (${os.cpus().length} cores): on a shared machine, compare ratios, and measure again on a quiet one.\n`)
  if (failedAudits.length) console.log(`Lighthouse audits below 1: ${failedAudits.join('; ')}\n`)
  console.log(`Server RSS (MB) after: ${Object.entries(memoryAfter).map(([k, v]) => `${k} ${v}`).join(', ')}\n`)
  const results = {
    at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version, load: os.loadavg() },
    quick,
    database: onPostgres ? 'postgres' : 'sqlite',
    compareOnly,
    seconds,
    sizes: { small: pick(data.small), large: pick(data.large) },
    rows,
    lighthouseFailedAudits: failedAudits,
    serverRssMbAfter: memoryAfter,
  }
  fs.writeFileSync(path.join(import.meta.dirname, 'results.json'), `${JSON.stringify(results, null, 2)}\n`)
  const failed = rows.filter((r) => r.pass === false)
  console.log(`${rows.length - failed.length}/${rows.length} within budget in ${Math.round(seconds)} s; written to bench/results.json`)
  if (failed.length) process.exitCode = 1
}

const pick = (c: { routes: number; places: number; events: number }) => ({ routes: c.routes, places: c.places, events: c.events })

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;')

/** Follows the locale redirect once, so the load runs against the page itself. */
async function finalUrl(url: string): Promise<string> {
  const res = await fetch(url, { redirect: 'follow', headers: { 'Accept-Language': 'en' } })
  await res.arrayBuffer()
  if (!res.ok) throw new Error(`${url}: ${res.status}`)
  return res.url
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})
