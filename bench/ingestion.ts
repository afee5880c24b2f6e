import { withDb } from './database.ts'
import { int, load, ms, type Row } from './measure.ts'
import { BROWSER_UA } from './manager-api.ts'

/**
 * POST /api/events through the real path (validation, per-client limit, visitor hash, event
 * row and its day roll-up) under 50 connections; afterwards the stored events are counted:
 * every accepted one must be there, and the roll-ups must agree with the raw events.
 */
export async function ingestion(opts: {
  baseUrl: string
  databaseUrl: string
  routeUuid: string
  seconds: number
  afterLoad: () => void
  /** Stops the server (the single run, last); without it the run waits a second for commits in flight. */
  stopServer?: () => Promise<void>
  /** Events per request: `{events: [...]}` of this many (the batch form), else one event per request. */
  batch?: number
}): Promise<Row> {
  // Read through the app's own Kysely handle: the same on SQLite and PostgreSQL (--postgres).
  const walk = await withDb(opts.databaseUrl, (db) => db.selectFrom('walks').select('id').where('uuid', '=', opts.routeUuid).executeTakeFirstOrThrow())
  const countEvents = () =>
    withDb(opts.databaseUrl, async (db) => {
      const row = await db.selectFrom('events').select((eb) => eb.fn.countAll<number | string>().as('n')).where('walk_id', '=', walk.id).where('type', '=', 'time').executeTakeFirstOrThrow()
      return Number(row.n)
    })
  const countRolledUp = () =>
    withDb(opts.databaseUrl, async (db) => {
      const row = await db.selectFrom('stat_days').select((eb) => eb.fn.sum<number | string | null>('sessions').as('n')).where('walk_id', '=', walk.id).executeTakeFirstOrThrow()
      return Number(row.n ?? 0)
    })
  const before = await countEvents()
  const rolledBefore = await countRolledUp()
  const event = { type: 'time', route_uuid: opts.routeUuid, value: 30 }
  const run = await load({
    url: `${opts.baseUrl}/api/events`,
    method: 'POST',
    connections: 50,
    seconds: opts.seconds,
    headers: { 'Content-Type': 'application/json', 'User-Agent': BROWSER_UA },
    body: JSON.stringify(opts.batch ? { events: Array.from({ length: opts.batch }, () => event) } : event),
  })
  const accepted = (run.total - run.non2xx - run.errors) * (opts.batch ?? 1)
  opts.afterLoad()
  // Whatever is still buffered in the server must be written by the time it has stopped (a
  // request is answered after its commit: only the ones cut off by the end of the load remain).
  if (opts.stopServer) await opts.stopServer()
  // Events are written every EVENTS_FLUSH_MS (1 s, ADR 071): two intervals and the write's time.
  else await new Promise((resolve) => setTimeout(resolve, 2_500))
  const stored = (await countEvents()) - before
  const rolledUp = (await countRolledUp()) - rolledBefore
  const perSecond = stored / opts.seconds
  const lost = Math.max(0, accepted - stored)
  const store = opts.databaseUrl.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'
  return {
    id: opts.batch ? 'ingestion-batch' : 'ingestion',
    what: opts.batch ? `Event ingestion POST /api/events, batches of ${opts.batch} → ${store} + roll-ups` : `Event ingestion POST /api/events, one event per request → ${store} + roll-ups`,
    figure: `${int(perSecond)} events/s stored (${int(stored)} of ${int(accepted)} accepted, ${lost} lost, roll-ups ${rolledUp === stored ? 'agree' : `off by ${rolledUp - stored}`}${opts.batch ? `, ${int(run.total / opts.seconds)} requests/s` : ''}); p99 ${ms(run.p99)}`,
    budget: '≥ 5,000/s, none lost',
    pass: perSecond >= 5000 && lost === 0 && rolledUp === stored && run.errors === 0,
    values: { perSecond, accepted, stored, lost, rolledUp, p99: run.p99, non2xx: run.non2xx, errors: run.errors, batch: opts.batch ?? 1, requestsPerSecond: run.total / opts.seconds },
  }
}

/**
 * The same ingestion below HTTP: `StatsService.ingest` (validation of the route, per-client
 * limit, visitor hash, group commit of events and roll-ups) called by 50 concurrent visitors
 * for the given seconds, in this process, on the bench database (the server is stopped). It
 * shows what the storage side sustains apart from HTTP parsing on a shared machine.
 */
export async function ingestionInProcess(opts: { databaseUrl: string; dataDir: string; routeUuid: string; seconds: number }): Promise<Row> {
  const { loadConfig } = await import('#app/config/config.server.ts')
  const { createDb } = await import('#app/db/db.server.ts')
  const { createServices } = await import('#app/services.server.ts')
  const { createLogger } = await import('#app/platform/observability/logger.server.ts')
  const config = loadConfig({ BASE_URL: 'http://localhost:3000', DATABASE_URL: opts.databaseUrl, DATA_DIR: opts.dataDir, RATE_LIMIT_EVENTS: '100000000/60' })
  const db = createDb({ url: opts.databaseUrl })
  const services = createServices({ config, db, logger: createLogger('warn') })
  const count = async () => {
    const walk = await db.selectFrom('walks').select('id').where('uuid', '=', opts.routeUuid).executeTakeFirstOrThrow()
    const events = await db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).where('walk_id', '=', walk.id).where('type', '=', 'view').executeTakeFirstOrThrow()
    const days = await db.selectFrom('stat_days').select((eb) => eb.fn.sum<number>('views').as('n')).where('walk_id', '=', walk.id).executeTakeFirstOrThrow()
    return { events: Number(events.n), rolledUp: Number(days.n ?? 0) }
  }
  const before = await count()
  let accepted = 0
  const until = performance.now() + opts.seconds * 1000
  await Promise.all(
    Array.from({ length: 50 }, async (_, client) => {
      let mine = 0
      while (performance.now() < until) {
        await services.stats.ingest({ type: 'view', route_uuid: opts.routeUuid }, { ip: `198.51.100.${client}`, userAgent: BROWSER_UA })
        accepted++
        // A visitor's request arrives by I/O, a turn of the loop each: without this the callers
        // would run on microtasks alone for the whole run, and the writer (a timer) never between
        // them, everything left to the close (and past the buffer's bound, dropped). Every caller
        // yields: the loop turns once all of them wait.
        if (++mine % 50 === 0) await new Promise((resolve) => setImmediate(resolve))
      }
    }),
  )
  // What is counted in memory is written at close, as the server's shutdown does (ADR 071).
  await services.stats.close()
  const after = await count()
  await db.destroy()
  const stored = after.events - before.events
  const rolledUp = after.rolledUp - before.rolledUp
  const perSecond = stored / opts.seconds
  return {
    id: 'ingestion-service',
    what: 'Event ingestion, StatsService.ingest in-process (no HTTP)',
    figure: `${int(perSecond)} events/s (${int(stored)} of ${int(accepted)} stored, roll-ups ${rolledUp === stored ? 'agree' : `off by ${rolledUp - stored}`})`,
    budget: '≥ 5,000/s, none lost',
    pass: perSecond >= 5000 && stored === accepted && rolledUp === stored,
    values: { perSecond, accepted, stored, rolledUp },
  }
}
