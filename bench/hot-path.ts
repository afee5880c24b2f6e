import os from 'node:os'
import { withDb } from './database.ts'
import { BROWSER_UA } from './manager-api.ts'
import { int, load, median, ms, type LoadResult, type Row } from './measure.ts'
import { startPlainNode } from './plain-node.ts'

/**
 * The visitor's hot path (issue 28) under `wrk -t1 -c50`: every answer a phone asks for most —
 * `/r`, `/m`, `/c`, the open data JSON, one event per `POST /api/events`, `/api/health`, a
 * static file — each against the machine's limit measured in the same run: a plain Node `http`
 * server in its own process sending the same bytes (the generator's own ceiling: a ratio is only
 * as good as the generator's headroom). The load average is printed beside every figure: on a
 * shared machine the ratios, not the absolute numbers, are what can be compared.
 */
export interface HotPathOptions {
  baseUrl: string
  databaseUrl: string
  /** Full URLs of the pages (the locale redirect followed). */
  pageUrl: string
  mapUrl: string
  homeUrl: string
  categorySlug: string
  routeUuid: string
  walkId: number
  seconds: number
  /** Stops the server (SIGTERM) once everything is measured: events and views must then all be stored. */
  stopServer: () => Promise<void>
  rss: () => number
}

const CONNECTIONS = 50
/** Slices of each row and of its ceiling, taken in turns. */
const TURNS = 3
/** More than EVENTS_FLUSH_MS (1 s): the group writes of the slice before are over. */
const SETTLE_MS = 1_500

/** Slices of one load as one: requests over their time, the worst p99, every failure. */
function combined(slices: LoadResult[]): LoadResult {
  const total = slices.reduce((n, s) => n + s.total, 0)
  const seconds = slices.reduce((n, s) => n + s.total / s.requestsPerSecond, 0)
  return {
    requestsPerSecond: total / seconds,
    p50: median(slices.map((s) => s.p50)),
    p99: Math.max(...slices.map((s) => s.p99)),
    total,
    errors: slices.reduce((n, s) => n + s.errors, 0),
    non2xx: slices.reduce((n, s) => n + s.non2xx, 0),
  }
}

/** The built file of the static row, and what each ceiling sends. */
const STATIC_FILE = '/favicon.svg'
const CEILING_NAMES = { page: "/r's bytes", small: 'a small JSON', file: `${STATIC_FILE}'s bytes` } as const

const loadAverage = () => os.loadavg()[0].toFixed(1)

interface Target {
  id: string
  label: string
  url: string
  /** Which plain server is its ceiling: the page's bytes, a small JSON answer, or the static file's own bytes. */
  ceiling: 'page' | 'small' | 'file'
  budget: number
  p99Budget?: number
  method?: 'POST'
  headers?: Record<string, string>
  body?: string
}

export async function hotPathRows(opts: HotPathOptions): Promise<Row[]> {
  const html = Buffer.from(await (await fetch(opts.pageUrl, { headers: { 'Accept-Encoding': 'gzip' } })).arrayBuffer())
  const health = Buffer.from(await (await fetch(`${opts.baseUrl}/api/health`)).arrayBuffer())
  const file = Buffer.from(await (await fetch(`${opts.baseUrl}${STATIC_FILE}`)).arrayBuffer())
  const countOf = (type: 'view' | 'time') =>
    withDb(opts.databaseUrl, async (db) => {
      const row = await db.selectFrom('events').select((eb) => eb.fn.countAll<number | string>().as('n')).where('walk_id', '=', opts.walkId).where('type', '=', type).executeTakeFirstOrThrow()
      return Number(row.n)
    })
  const rolledUp = () =>
    withDb(opts.databaseUrl, async (db) => {
      const row = await db
        .selectFrom('stat_days')
        .select((eb) => [eb.fn.sum<number | string | null>('views').as('views'), eb.fn.sum<number | string | null>('sessions').as('sessions')])
        .where('walk_id', '=', opts.walkId)
        .executeTakeFirstOrThrow()
      return { views: Number(row.views ?? 0), sessions: Number(row.sessions ?? 0) }
    })

  // The plain servers, kept running and measured in turns with the rows they are the ceiling of
  // (inTurns): on a shared machine the speed drifts within a run (a neighbour, the host's own
  // load), and a ceiling taken once before every row said more about that drift than about ours.
  const plains: Record<Target['ceiling'], Awaited<ReturnType<typeof startPlainNode>>> = {
    page: await startPlainNode(html, 'text/html; charset=utf-8'),
    small: await startPlainNode(health, 'application/json'),
    file: await startPlainNode(file, 'image/svg+xml'),
  }
  for (const plain of Object.values(plains)) await load({ url: plain.url, connections: CONNECTIONS, seconds: 2 })

  /**
   * The row and its ceiling in turns, `TURNS` slices each of a share of the row's time: the
   * ratio is of their sums, so a drift of the machine's speed falls on both. p99 is the row's
   * worst slice.
   */
  const inTurns = async (kind: Target['ceiling'], request: Omit<Parameters<typeof load>[0], 'seconds'>) => {
    const seconds = Math.max(1, Math.round(opts.seconds / TURNS))
    const ceiling: LoadResult[] = []
    const row: LoadResult[] = []
    for (let i = 0; i < TURNS; i++) {
      // Our server's trailing work (the views and events it writes each second) done first: it
      // would slow the plain server's slice and flatter the ratio.
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
      ceiling.push(await load({ url: plains[kind].url, connections: CONNECTIONS, seconds }))
      row.push(await load({ ...request, seconds }))
    }
    return { ceiling: combined(ceiling), run: combined(row), p99Slices: row.map((slice) => slice.p99) }
  }

  const targets: Target[] = [
    { id: 'hot-r', label: '/r/{category}/{slug}', url: opts.pageUrl, ceiling: 'page', budget: 0.25, p99Budget: 20 },
    { id: 'hot-m', label: '/m/{category}/{slug}', url: opts.mapUrl, ceiling: 'page', budget: 0.25, p99Budget: 20 },
    { id: 'hot-c', label: '/c/{category}', url: opts.homeUrl, ceiling: 'page', budget: 0.25, p99Budget: 20 },
    { id: 'hot-open-data', label: '/api/public/categories/{slug}', url: `${opts.baseUrl}/api/public/categories/${opts.categorySlug}`, ceiling: 'page', budget: 0.25 },
    {
      id: 'hot-events',
      label: 'POST /api/events, one event',
      url: `${opts.baseUrl}/api/events`,
      ceiling: 'small',
      budget: 0.25,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'time', route_uuid: opts.routeUuid, value: 30 }),
    },
    { id: 'hot-health', label: '/api/health', url: `${opts.baseUrl}/api/health`, ceiling: 'small', budget: 0.6 },
    // A built file (robots.txt is answered per host since ADR 120, by the framework).
    // Its ceiling: a plain server sending the same file (its bytes, ~1.5 KB, not the health's 26).
    { id: 'hot-static', label: `${STATIC_FILE} (a built file)`, url: `${opts.baseUrl}${STATIC_FILE}`, ceiling: 'file', budget: 0.6 },
  ]
  // Pages as a phone asks for them: gzip, a browser's user agent (a bot's view is not counted).
  const pageHeaders = { 'Accept-Encoding': 'gzip, deflate, br', 'User-Agent': BROWSER_UA, 'Accept-Language': 'en' }

  const rows: Row[] = []
  const viewsBefore = await countOf('view')
  const timeBefore = await countOf('time')
  const rolledBefore = await rolledUp()
  let pageServed = 0
  let eventsAccepted = 0
  try {
    for (const target of targets) {
      const request = { url: target.url, connections: CONNECTIONS, method: target.method, headers: { ...pageHeaders, ...target.headers }, body: target.body }
      const check = await fetch(target.url, { method: target.method ?? 'GET', headers: request.headers, body: target.body })
      await check.arrayBuffer()
      if (!check.ok) throw new Error(`${target.label}: ${check.status}`)
      if (target.id === 'hot-r') pageServed++
      if (target.id === 'hot-events') eventsAccepted++
      const warm = await load({ ...request, seconds: 2 })
      const load1 = loadAverage()
      const { ceiling, run, p99Slices } = await inTurns(target.ceiling, request)
      // Every answer served, the warm-up's too, is a view (/r) or an event stored.
      const served = run.total - run.non2xx - run.errors + warm.total - warm.non2xx - warm.errors
      if (target.id === 'hot-r') pageServed += served
      if (target.id === 'hot-events') eventsAccepted += served
      const ratio = run.requestsPerSecond / ceiling.requestsPerSecond
      const failures = run.errors + run.non2xx
      rows.push({
        id: target.id,
        what: `${target.label} (wrk -t1 -c${CONNECTIONS}, ${TURNS} × ${Math.max(1, Math.round(opts.seconds / TURNS))} s in turns with its ceiling)`,
        figure: `${int(run.requestsPerSecond)} req/s = ${ratio.toFixed(2)} × plain Node (${int(ceiling.requestsPerSecond)}, ${CEILING_NAMES[target.ceiling]}); p99 ${ms(run.p99)}; ${failures} errors; load ${load1}`,
        budget: `≥ ${target.budget} × plain Node${target.p99Budget ? `; p99 ≤ ${target.p99Budget} ms` : ''}; 0 errors`,
        pass: ratio >= target.budget && (!target.p99Budget || run.p99 <= target.p99Budget) && failures === 0,
        values: { rps: run.requestsPerSecond, plainNodeRps: ceiling.requestsPerSecond, ratio, p50: run.p50, p99: run.p99, p99Slices: p99Slices.join(','), errors: failures, requests: run.total, load1: Number(load1) },
      })
    }
  } finally {
    for (const plain of Object.values(plains)) plain.stop()
  }
  const rss = opts.rss()
  // SIGTERM: whatever is counted in memory must be written before the process ends (ADR 071).
  await opts.stopServer()
  const views = (await countOf('view')) - viewsBefore
  const events = (await countOf('time')) - timeBefore
  const rolled = await rolledUp()
  rows.push({
    id: 'hot-counted',
    what: 'Every view and event of the runs above stored after SIGTERM, roll-ups equal to the events',
    figure: `${int(views)} views stored for ≥ ${int(pageServed)} pages served; ${int(events)} events stored for ≥ ${int(eventsAccepted)} accepted; roll-ups ${rolled.views - rolledBefore.views === views && rolled.sessions - rolledBefore.sessions === events ? 'agree' : 'differ'}`,
    budget: 'none lost',
    pass: views >= pageServed && events >= eventsAccepted && rolled.views - rolledBefore.views === views && rolled.sessions - rolledBefore.sessions === events,
    values: { views, pageServed, events, eventsAccepted },
  })
  rows.push({ id: 'hot-rss', what: 'Server RSS after the hot path', figure: `${Math.round(rss / 1024 / 1024)} MB`, budget: '≤ 250 MB', pass: rss <= 250 * 1024 * 1024, values: { rssBytes: rss } })
  return rows
}
