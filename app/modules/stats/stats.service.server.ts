import { createHmac, randomBytes } from 'node:crypto'
import { isbot as readAsBot } from 'isbot'
import { memoized } from '#app/utils/memo.ts'
import type { Config } from '#app/config/config.server.ts'
import { contentVersionBoard, nowIso, type DB } from '#app/db/db.server.ts'
import { inTransaction, type OnHandle } from '#app/db/handle.server.ts'
import type { EventType, User } from '#app/db/schema.ts'
import type { CategoryService } from '#app/modules/categories/categories.service.server.ts'
import type { Logger } from '#app/platform/observability/logger.server.ts'
import { tooManyRequests, type RateLimiter } from '#app/platform/rate-limit/rate-limit.server.ts'
import { LimitTally } from '#app/platform/rate-limit/tally.server.ts'
import { clientNetwork } from '#app/platform/rate-limit/client-network.ts'
import { resolveTexts } from '#app/modules/walks/walk-serializer.server.ts'
import { AppError, notFound } from '#app/utils/errors.ts'
import { buildHeatmap } from './heatmap.service.server.ts'
import type { Heatmap, HeatmapQuery } from './heatmap.schema.ts'
import { ScansRepo } from './scans.repo.server.ts'
import { plaqueRows, rollUpScans } from './scans.ts'
import type { Breakdown, EventInput, StatPeriod, Statistic } from './stats.schema.ts'
import { counters, StatsRepo, type Counts, type DayRange, type DayRow, type EventRow } from './stats.repo.server.ts'

/** One visitor event as the rest of the app reports it. */
export interface NewEvent {
  categoryId: number
  type: EventType
  walkId?: number | null
  placeId?: number | null
  /** Seconds for a `time` event; 1 otherwise. */
  value?: number
  visitorHash?: string | null
  /** ISO timestamp; now when left out. */
  occurredAt?: string
  /** The plaque a scan (`place_visit`) or the route view it opened came by (ADR 025). */
  qrCodeId?: number | null
}

/** Per-address limits of visitors' writes besides the events' own. */
export type ClientLimit = 'likes' | 'qr-scans'

/** Who sent a public event: only a daily hash of this is stored, never the address. */
export interface Visitor {
  ip: string
  userAgent: string
}

// Events per group commit at most: a long burst is written in several short transactions, with
// a turn of the event loop between them. On SQLite a transaction runs without yielding to I/O:
// a second's views of a busy page (5,000 and more) in one held every visitor's answer for tens
// of milliseconds, the hot path's p99 (issue 28). 250: a group then holds the loop ~1 ms on a
// slow core (1,000: ~3 ms, the most of the longest turns under load); its statements' texts
// are kept (stats.repo.server.ts), so four groups cost little more than one.
const GROUP_EVENTS = 250

// Events held in memory at most while the database refuses them (ADR 071): beyond, the oldest go.
const BUFFERED_MAX = 200_000

/**
 * What the service and its copies on a transaction share: the visitors' events counted in memory
 * and not yet written, the per-client limits counted the same way, the published routes known.
 */
interface Counting {
  requests: NewEvent[][]
  events: number
  timer: NodeJS.Timeout | null
  flushing: Promise<void> | null
  /** When the oldest request not being written yet was counted (ms): the next write is due EVENTS_FLUSH_MS after it. */
  oldestAt: number
  /** Counting in memory (EVENTS_FLUSH_MS > 0), else each event is written before its answer. */
  inMemory: boolean
  limits: LimitTally
  /** Published routes by uuid, with the slug namespace's version they were read at. */
  walks: Map<string, { walk: { id: number; category_id: number } | undefined; slugs: number }>
}

// Salts of the days before this many are deleted: a visitor hash cannot be linked across days.
const SALT_DAYS_KEPT = 2

const dayOf = (iso: string) => iso.slice(0, 10)

function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`)
  date.setUTCDate(date.getUTCDate() - days)
  return dayOf(date.toISOString())
}

// A time already as toISOString writes it (what the visitor's hot path stamps): no need to read it again.
const UTC_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

function toEventRow(event: NewEvent): EventRow {
  const isTime = event.type === 'time'
  return {
    category_id: event.categoryId,
    walk_id: event.walkId ?? null,
    place_id: event.placeId ?? null,
    type: event.type,
    value: isTime ? Math.max(0, Math.round(event.value ?? 0)) : (event.value ?? 1),
    visitor_hash: event.visitorHash ?? null,
    qr_code_id: event.qrCodeId ?? null,
    // Normalised to UTC so the day is the same whether counted now or by a rebuild.
    occurred_at: event.occurredAt ? (UTC_ISO.test(event.occurredAt) ? event.occurredAt : new Date(event.occurredAt).toISOString()) : nowIso(),
  }
}

const emptyCounts = (): Counts => ({ views: 0, total_time: 0, sessions: 0, likes: 0, contributions: 0, place_visits: 0, plaque_views: 0, audio_plays: 0 })

/** What one event adds to its day row (the same rules as the rebuild's SQL). */
function addEvent(counts: Counts, row: EventRow): void {
  switch (row.type) {
    case 'view':
      counts.views += 1
      if (row.qr_code_id != null) counts.plaque_views += 1
      break
    case 'time':
      counts.total_time += row.value ?? 0
      counts.sessions += 1
      break
    case 'like':
      counts.likes += 1
      break
    case 'contribution':
      counts.contributions += 1
      break
    case 'place_visit':
      counts.place_visits += 1
      break
    case 'audio_play':
      counts.audio_plays += 1
      break
  }
}

/**
 * Groups a batch in memory: one day row per (category, route, place, day). Sorted, so that
 * concurrent batches lock rows in the same order (no deadlock on PostgreSQL).
 */
function rollUp(rows: EventRow[]): DayRow[] {
  const days = new Map<string, DayRow>()
  for (const row of rows) {
    const walkId = row.walk_id ?? 0
    const placeId = row.place_id ?? 0
    const day = dayOf(row.occurred_at)
    const key = `${row.category_id}|${walkId}|${placeId}|${day}`
    let dayRow = days.get(key)
    if (!dayRow) {
      dayRow = { category_id: row.category_id, walk_id: walkId, place_id: placeId, day, ...emptyCounts() }
      days.set(key, dayRow)
    }
    addEvent(dayRow, row)
  }
  return [...days.keys()].sort().map((key) => days.get(key)!)
}

/** The days of a period; a month's last day from the calendar (UTC), so February has 28 or 29. */
export function rangeOf(period: StatPeriod): DayRange | null {
  if (period === 'total') return null
  if (typeof period === 'number') return { from: `${period}-01-01`, to: `${period}-12-31` }
  const month = String(period.month).padStart(2, '0')
  const last = new Date(Date.UTC(period.year, period.month, 0)).getUTCDate()
  return { from: `${period.year}-${month}-01`, to: `${period.year}-${month}-${String(last).padStart(2, '0')}` }
}

const averageTime = (counts: Counts) => (counts.sessions > 0 ? Math.round(counts.total_time / counts.sessions) : 0)

const byViews = <T extends Counts>(rows: T[], id: (row: T) => number) => rows.sort((a, b) => b.views - a.views || id(a) - id(b))

/** Visitor statistics: raw events and their daily roll-ups, which every figure is read from. */
export class StatsService implements OnHandle<StatsService> {
  // A copy of the rows of stat_salts: the database stays the one source every process shares.
  private readonly salts = new Map<string, string>()
  // The requests waiting for the next group commit, and whether a group is being written (see recordGrouped).
  private readonly waiting: Array<{ events: NewEvent[]; resolve: () => void; reject: (error: unknown) => void }> = []
  private writing = false

  private readonly counting: Counting

  constructor(
    readonly deps: { db: DB; config: Config; categories: CategoryService; rateLimiter: RateLimiter; logger?: Logger; limits?: LimitTally },
    counting?: Counting,
  ) {
    const flushMs = deps.config.EVENTS_FLUSH_MS
    this.counting = counting ?? {
      requests: [],
      events: 0,
      timer: null,
      flushing: null,
      oldestAt: 0,
      inMemory: flushMs > 0,
      // The process's shared tally, unless this service was given a limiter of its own.
      limits: deps.limits?.limiter === deps.rateLimiter ? deps.limits : new LimitTally(deps.rateLimiter, flushMs),
      walks: new Map(),
    }
  }

  /** The same service inside a transaction: its writes join the caller's (ADR 037). */
  on(db: DB): StatsService {
    return db === this.deps.db ? this : new StatsService({ ...this.deps, db }, this.counting)
  }

  /**
   * Records events and updates the roll-ups, in the service's transaction when it is built on
   * one (a new secret and its contribution are written together: `stats.on(trx).record`), else
   * in one of its own.
   */
  async record(events: NewEvent[]): Promise<void> {
    if (events.length === 0) return
    const rows = events.map(toEventRow)
    const days = rollUp(rows)
    const scans = rollUpScans(rows)
    await inTransaction(this.deps.db, async (trx) => {
      const repo = new StatsRepo(trx)
      await repo.insertEvents(rows)
      await repo.addToDays(days)
      await repo.addToMonths(days)
      if (scans.days.length > 0) {
        const plaques = new ScansRepo(trx)
        await plaques.addToDays(scans.days)
        await plaques.addToTotals(scans.totals)
      }
    })
  }

  /**
   * Takes recorded events back (a like undone): deletes them and subtracts them from the
   * roll-ups, in one transaction (the caller's: `stats.on(trx).retract`), so every figure stays
   * the sum of the events.
   */
  async retract(eventIds: number[]): Promise<void> {
    if (eventIds.length === 0) return
    await inTransaction(this.deps.db, async (trx) => {
      const repo = new StatsRepo(trx)
      const rows = await repo.deleteEvents(eventIds)
      const days = rollUp(rows).map((day) => {
        for (const counter of counters) day[counter] = -day[counter]
        return day
      })
      await repo.addToDays(days)
      await repo.addToMonths(days)
      const scans = rollUpScans(rows)
      if (scans.days.length > 0) {
        const plaques = new ScansRepo(trx)
        await plaques.addToDays(scans.days.map((day) => ({ ...day, scans: -day.scans })))
        await plaques.addToTotals(scans.totals.map((total) => ({ ...total, scans: -total.scans, last_scanned_at: null })))
        await plaques.afterRetract(scans.totals.map((total) => total.qr_code_id))
      }
    })
  }

  /** HMAC-SHA256 of IP and user agent under the day's salt: stable for a day, unlinkable across days. */
  async visitorHash(ip: string, userAgent: string, at: Date = new Date()): Promise<string> {
    const salt = await this.dailySalt(dayOf(at.toISOString()))
    return visitorHashUnder(salt, { ip, userAgent })
  }

  /**
   * Counts `weight` hits of a per-address limit (likes: RATE_LIMIT_LIKES, QR scans:
   * RATE_LIMIT_QR_SCANS): the address alone, so a client rotating its user agent gains nothing.
   * Throws 503 when the counters cannot be read (fails closed, like every limit).
   */
  async clientLimit(kind: ClientLimit, ip: string, weight = 1): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    const limit = kind === 'likes' ? this.deps.config.RATE_LIMIT_LIKES : this.deps.config.RATE_LIMIT_QR_SCANS
    const key = `${kind}:${clientNetwork(ip)}`
    // A scan is on the visitor's hot path: counted in memory, written in groups (ADR 071).
    return kind === 'qr-scans' ? this.counting.limits.hit(key, limit, weight) : this.deps.rateLimiter.hit(key, limit, weight)
  }

  /** The client's events limit (RATE_LIMIT_EVENTS): 429 over it; counted in memory unless EVENTS_FLUSH_MS is 0. */
  private async limitEvents(ip: string, weight: number): Promise<void> {
    await this.counting.limits.enforce(eventsLimitKey(ip), this.deps.config.RATE_LIMIT_EVENTS, weight)
  }

  /**
   * A scan of an activated plaque: a place visit of the plaque (its scan), and when it leads to
   * a route's page a view of that route that came by a plaque (ADR 025), written together with
   * every roll-up in one transaction. Not counted when the scanner is a bot, its address is over
   * RATE_LIMIT_QR_SCANS, or the counters cannot be read (the scan still leads to the page).
   * True when counted.
   */
  async recordScan(scan: { categoryId: number; walkId: number | null; placeId: number; qrCodeId: number }, visitor: Visitor): Promise<boolean> {
    if (isbot(visitor.userAgent)) return false
    // The counters down (503, logged by the limiter): not counted, fail closed.
    const { allowed } = await this.clientLimit('qr-scans', visitor.ip).catch((error: unknown) => {
      if (error instanceof AppError) return { allowed: false }
      throw error
    })
    if (!allowed) return false
    const visitorHash = await this.visitorHash(visitor.ip, visitor.userAgent)
    const occurredAt = nowIso()
    const events: NewEvent[] = [{ ...scan, type: 'place_visit', visitorHash, occurredAt }]
    if (scan.walkId !== null) events.push({ categoryId: scan.categoryId, walkId: scan.walkId, qrCodeId: scan.qrCodeId, type: 'view', visitorHash, occurredAt })
    await this.countLater(events)
    return true
  }

  /**
   * A public page's event: the route must be published, a place must be of its category.
   * A known bot is answered as if counted (it learns nothing) but nothing is stored; others
   * are rate-limited per client under a daily hash of the address, never the address itself.
   */
  async ingest(input: EventInput, visitor: Visitor): Promise<void> {
    return this.ingestBatch([input], visitor)
  }

  /**
   * Several events of one page at once (`{events: [...]}`), under the same rules as one: they
   * count as that many hits of the client's limit (in one upsert), and are stored all together
   * in one group commit, or none when one of them names an unknown route or place.
   */
  async ingestBatch(inputs: EventInput[], visitor: Visitor): Promise<void> {
    if (isbot(visitor.userAgent) || inputs.length === 0) return
    await this.limitEvents(visitor.ip, inputs.length)
    // Likes sent as events count against the same per-address like limit as the like form.
    const likes = inputs.filter((input) => input.type === 'like').length
    if (likes > 0) {
      const { allowed, retryAfterSeconds } = await this.clientLimit('likes', visitor.ip, likes)
      if (!allowed) throw tooManyRequests(retryAfterSeconds)
    }
    const repo = new StatsRepo(this.deps.db)
    // A batch names the same route (and a few places) again and again: each is read once.
    const walks = new Map<string, Awaited<ReturnType<StatsRepo['findPublishedWalk']>>>()
    const places = new Map<number, Awaited<ReturnType<StatsRepo['findPlace']>>>()
    const stops = new Map<string, boolean>()
    const events: NewEvent[] = []
    const visitorHash = await this.visitorHash(visitor.ip, visitor.userAgent)
    for (const input of inputs) {
      let walk
      if (input.route_uuid !== undefined) {
        if (!walks.has(input.route_uuid)) walks.set(input.route_uuid, await this.publishedWalk(input.route_uuid))
        walk = walks.get(input.route_uuid)
        if (!walk) throw notFound()
      }
      let place
      if (input.place_id !== undefined) {
        if (!places.has(input.place_id)) places.set(input.place_id, await repo.findPlace(input.place_id))
        place = places.get(input.place_id)
        if (!place || (walk && place.category_id !== walk.category_id)) throw notFound()
      }
      // A play is of a stop of the route (ADR 123): a place of the category that is not on it is unknown.
      if (input.type === 'audio_play') {
        const key = `${walk!.id}|${place!.id}`
        if (!stops.has(key)) stops.set(key, await repo.isStop(walk!.id, place!.id))
        if (!stops.get(key)) throw notFound()
      }
      events.push({
        categoryId: walk?.category_id ?? place!.category_id,
        type: input.type,
        walkId: walk?.id ?? null,
        placeId: place?.id ?? null,
        value: input.value,
        visitorHash,
      })
    }
    await this.countLater(events)
  }

  /**
   * `ingestBatch` in one go, for the common case (issue 28): counted in memory, the day's salt
   * and every route named already known, no like, no place (those take a database read). True
   * when the events were taken (counted, or a bot's and dropped), with ingestBatch's 429 over the
   * limit; false when nothing was done yet and `ingestBatch` must take them.
   */
  ingestNow(inputs: EventInput[], visitor: Visitor): boolean {
    if (!this.counting.inMemory || inputs.length === 0) return false
    if (inputs.some((input) => input.type === 'like' || input.type === 'audio_play' || input.place_id !== undefined || input.route_uuid === undefined)) return false
    const occurredAt = nowIso()
    const salt = this.salts.get(dayOf(occurredAt))
    if (salt === undefined) return false
    const slugs = contentVersionBoard(this.deps.db).version(0)
    if (typeof slugs !== 'number') return false
    const walks: Array<{ id: number; category_id: number }> = []
    for (const input of inputs) {
      const walk = this.walkInMemory(input.route_uuid!, slugs)
      if (!walk) return false
      walks.push(walk)
    }
    if (isbot(visitor.userAgent)) return true
    if (!this.counting.limits.enforceNow(eventsLimitKey(visitor.ip), this.deps.config.RATE_LIMIT_EVENTS, inputs.length)) return false
    const visitorHash = visitorHashUnder(salt, visitor)
    void this.countLater(inputs.map((input, i) => ({ categoryId: walks[i].category_id, type: input.type, walkId: walks[i].id, placeId: null, value: input.value, visitorHash, occurredAt })))
    return true
  }

  /** A published route kept in memory, when it was read at the slug namespace's version `slugs`. */
  private walkInMemory(uuid: string, slugs: number): { id: number; category_id: number } | undefined {
    const kept = this.counting.walks.get(uuid)
    return kept && kept.slugs === slugs ? kept.walk : undefined
  }

  /**
   * A published route by uuid, from memory while the slug namespace's version is the one it was
   * read at: every route that appears, goes, or changes status or category raises it.
   */
  private async publishedWalk(uuid: string): Promise<{ id: number; category_id: number } | undefined> {
    const board = contentVersionBoard(this.deps.db)
    const now = board.version(0)
    const slugs = typeof now === 'number' ? now : await now
    const known = this.walkInMemory(uuid, slugs)
    if (known) return known
    const walk = await new StatsRepo(this.deps.db).findPublishedWalk(uuid)
    // Unknown addresses are not kept (anyone can make them up); known ones up to a bound.
    if (walk) {
      if (this.counting.walks.size >= 10_000) this.counting.walks.clear()
      this.counting.walks.set(uuid, { walk, slugs })
    }
    return walk
  }

  /**
   * `ingestView` without a promise, in its common case (visits counted in memory, today's salt
   * known): a kept page's view is the busiest write (issue 28). True when the view was dealt
   * with here (counted, or a bot's, or over the client's limit: not counted, as `ingestView`'s
   * 429); false when the caller must take `ingestView`'s way. Throws when the limits' store is
   * down (503), as `ingestView` rejects.
   */
  countViewNow(walk: { id: number; categoryId: number }, visitor: Visitor): boolean {
    if (!this.counting.inMemory) return false
    const occurredAt = nowIso()
    const salt = this.salts.get(dayOf(occurredAt))
    if (salt === undefined) return false
    if (isbot(visitor.userAgent)) return true
    const limit = this.counting.limits.hitNow(eventsLimitKey(visitor.ip), this.deps.config.RATE_LIMIT_EVENTS, 1)
    if (limit === null) return false
    if (!limit.allowed) return true
    void this.countLater([{ categoryId: walk.categoryId, type: 'view', walkId: walk.id, visitorHash: visitorHashUnder(salt, visitor), occurredAt }])
    return true
  }

  /**
   * A view of a published route the caller has just checked (a kept public page whose content
   * version is current): the same rules as `ingest` without looking the route up again.
   */
  async ingestView(walk: { id: number; categoryId: number }, visitor: Visitor): Promise<void> {
    if (isbot(visitor.userAgent)) return
    await this.limitEvents(visitor.ip, 1)
    await this.countLater([{ categoryId: walk.categoryId, type: 'view', walkId: walk.id, visitorHash: await this.visitorHash(visitor.ip, visitor.userAgent) }])
  }

  /**
   * A visitor's events (views, page events, scans), counted now and written with the others of
   * the next second (EVENTS_FLUSH_MS) by `flush`, in one group commit (ADR 071): the answer
   * waits for no database. A SIGTERM writes them before the process ends (server/app.ts); a
   * SIGKILL loses at most the last EVENTS_FLUSH_MS of them. EVENTS_FLUSH_MS=0: written before
   * the answer, as every other write.
   */
  private countLater(events: NewEvent[]): Promise<void> {
    if (!this.counting.inMemory || events.length === 0) return this.recordGrouped(...events)
    const at = nowIso()
    const counting = this.counting
    if (counting.requests.length === 0) counting.oldestAt = Date.now()
    counting.requests.push(events.map((event) => (event.occurredAt ? event : { ...event, occurredAt: at })))
    counting.events += events.length
    while (counting.events > BUFFERED_MAX) {
      const dropped = counting.requests.shift()!
      counting.events -= dropped.length
      this.deps.logger?.error('visitor events dropped: the database has refused them for too long', { events: dropped.length })
    }
    if (!counting.timer && !counting.flushing) {
      counting.timer = setTimeout(() => void this.flush(), this.deps.config.EVENTS_FLUSH_MS)
      counting.timer.unref()
    }
    return Promise.resolve()
  }

  /**
   * Writes every event counted in memory now, and the per-client limits' counts: every second,
   * at shutdown, and in tests. Each request's events go in together; a request whose route or
   * place went away meanwhile is dropped alone. When the database refuses them all, they stay
   * for the next try.
   */
  flush(): Promise<void> {
    const counting = this.counting
    if (counting.timer) clearTimeout(counting.timer)
    counting.timer = null
    counting.flushing ??= (async () => {
      try {
        while (counting.requests.length > 0 && (await this.writeCounted())) {
          // What arrived while writing: written in the same flush.
        }
        await counting.limits.flush()
      } finally {
        counting.flushing = null
        if (counting.requests.length > 0 && !counting.timer) {
          // Due EVENTS_FLUSH_MS after the oldest waiting request, not after this write: a slow
          // write must not add its own time to how long an acknowledged event waits (ADR 071).
          counting.timer = setTimeout(() => void this.flush(), Math.max(0, counting.oldestAt + this.deps.config.EVENTS_FLUSH_MS - Date.now()))
          counting.timer.unref()
        }
      }
    })()
    return counting.flushing
  }

  /**
   * Writes the requests counted in memory until now: in groups of whole requests (GROUP_EVENTS
   * events at most), one transaction each, a turn of the event loop between groups. No promise
   * per request: at ~12,000 views a second, making and settling one for each held the event
   * loop for milliseconds at both ends of every flush, the most of a kept page's p99 (issue 28).
   * A group refused is written again request by request, and a request refused alone (its route
   * or place went away meanwhile) is dropped. When the database refuses every request, none is
   * dropped: they stay, in order, for the next try, and false is returned.
   */
  private async writeCounted(): Promise<boolean> {
    const counting = this.counting
    const requests = counting.requests.splice(0)
    // From here it counts what arrives while writing (countLater adds to it).
    counting.events = 0
    let written = 0
    const refused: NewEvent[][] = []
    let error: unknown
    for (let start = 0; start < requests.length; ) {
      let end = start
      let count = 0
      while (end < requests.length && (end === start || count + requests[end].length <= GROUP_EVENTS)) count += requests[end++].length
      const group = requests.slice(start, end)
      try {
        await this.record(group.length === 1 ? group[0] : group.flat())
        written += group.length
      } catch (groupError) {
        // The whole group was rolled back: one request's event must not fail the others.
        error = groupError
        for (const events of group) {
          try {
            await this.record(events)
            written++
          } catch (requestError) {
            error = requestError
            refused.push(events)
          }
        }
      }
      start = end
      // The answers waiting meanwhile go out before the next group.
      if (start < requests.length) await new Promise((resolve) => setImmediate(resolve))
    }
    if (refused.length > 0 && written === 0) {
      // The database refused every one: kept, in order, for the next try, a whole interval from
      // now, not at once against a database that refuses.
      // Not unshift(...refused): up to BUFFERED_MAX arguments overflow the call stack.
      counting.requests = refused.concat(counting.requests)
      counting.oldestAt = Date.now()
      counting.events += refused.reduce((n, r) => n + r.length, 0)
      this.deps.logger?.warn('visitor events not written yet', { events: counting.events, error: String(error) })
      return false
    }
    if (refused.length > 0) this.deps.logger?.warn('visitor events not recorded', { requests: refused.length, error: String(error) })
    return true
  }

  /** Writes everything counted, including what arrives while writing (the shutdown's call). */
  async close(): Promise<void> {
    for (let tries = 0; tries < 10 && (this.counting.requests.length > 0 || this.counting.flushing || this.counting.timer); tries++) await this.flush()
  }

  /**
   * Group commit: the events of every request that arrives while a group is being written (or
   * before the next turn of the event loop) are written together in one transaction (one
   * roll-up upsert per day row instead of one per event), one group at a time. Each caller
   * still answers only once its own events are stored: nothing is acknowledged that a crash
   * could lose. One writer at a time matters on PostgreSQL: concurrent transactions adding to
   * the same day row wait on its row lock, each for the other's commit (ADR 031).
   */
  private recordGrouped(...events: NewEvent[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ events, resolve, reject })
      if (!this.writing) {
        this.writing = true
        setImmediate(() => void this.writeGroups())
      }
    })
  }

  /** Writes the waiting requests' events, group after group, until none is left. */
  private async writeGroups(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        // Whole requests (a request's events are stored all together or not at all), up to
        // GROUP_EVENTS events a group: the transaction stays short.
        let count = 0
        let taken = 0
        while (taken < this.waiting.length && (taken === 0 || count + this.waiting[taken].events.length <= GROUP_EVENTS)) {
          count += this.waiting[taken].events.length
          taken++
        }
        const group = this.waiting.splice(0, taken)
        try {
          await this.record(group.flatMap((request) => request.events))
          for (const request of group) request.resolve()
        } catch (error) {
          // The whole group was rolled back. One request's event (a route deleted in between)
          // must not fail the others: each request is written again on its own.
          if (group.length === 1) group[0].reject(error)
          else for (const request of group) await this.record(request.events).then(request.resolve, request.reject)
        }
        // The answers waiting meanwhile go out before the next group.
        if (this.waiting.length > 0) await new Promise((resolve) => setImmediate(resolve))
      }
    } finally {
      this.writing = false
    }
  }

  /** A category's figures for a year, a month of a year or all years, read from the roll-ups only. */
  async fetchStatistic(user: User, categoryId: number, period: StatPeriod): Promise<Statistic> {
    await this.deps.categories.access.require(user.id, categoryId)
    return this.statistic(categoryId, period)
  }

  /**
   * The figures of `fetchStatistic` without the caller's membership check: for the server's own
   * readers (the monthly report), which choose the category themselves.
   */
  async statistic(categoryId: number, period: StatPeriod): Promise<Statistic> {
    const repo = new StatsRepo(this.deps.db)
    const range = rangeOf(period)
    const [months, years, scanMonths] = await Promise.all([repo.monthly(categoryId, range), repo.years(categoryId), new ScansRepo(this.deps.db).monthly(categoryId, range)])
    const totals = emptyCounts()
    const viewsByMonth = new Map<number, number>()
    const plaqueViewsByMonth = new Map<number, number>()
    for (const month of months) {
      for (const counter of counters) totals[counter] += month[counter]
      viewsByMonth.set(Number(month.month), month.views)
      plaqueViewsByMonth.set(Number(month.month), month.plaque_views)
    }
    const scansByMonth = new Map<number, number>()
    for (const row of scanMonths) scansByMonth.set(row.month, (scansByMonth.get(row.month) ?? 0) + row.scans)
    const points = (byMonth: Map<number, number>) => Array.from({ length: 12 }, (_, i) => ({ x: i + 1, y: byMonth.get(i + 1) ?? 0 }))
    return {
      views: totals.views,
      total_time: totals.total_time,
      likes: totals.likes,
      contributions: totals.contributions,
      place_visits: totals.place_visits,
      visits: points(viewsByMonth),
      averageTimePerSession: averageTime(totals),
      years: ['total', ...years],
      plaque_views: totals.plaque_views,
      plaque_visits: points(plaqueViewsByMonth),
      scans: scanMonths.reduce((sum, row) => sum + row.scans, 0),
      scans_by_month: points(scansByMonth),
    }
  }

  /**
   * Totals per route and per place, for the statistics screen's table. Route names follow the
   * rule of every other screen: the reader's language, else the category's fallback, else any.
   */
  async breakdown(user: User, categoryId: number, period: StatPeriod, locale: string | null = null): Promise<Breakdown> {
    await this.deps.categories.access.require(user.id, categoryId)
    return this.breakdownOf(categoryId, period, locale)
  }

  /** `breakdown` without the membership check (the server's own readers, as `statistic`). */
  async breakdownOf(categoryId: number, period: StatPeriod, locale: string | null = null): Promise<Breakdown> {
    const repo = new StatsRepo(this.deps.db)
    const range = rangeOf(period)
    const scans = new ScansRepo(this.deps.db)
    const [walks, places, plaques, scanMonths] = await Promise.all([
      repo.perWalk(categoryId, range),
      repo.perPlace(categoryId, range),
      scans.plaques(categoryId),
      scans.monthly(categoryId, range),
    ])
    const names = await repo.walkNames(
      categoryId,
      walks.map((w) => w.walk_id),
    )
    const nameOf = (walkId: number) =>
      resolveTexts(
        names.rows.filter((r) => r.walk_id === walkId),
        locale,
        names.fallbackLocale,
      ).name
    return {
      routes: byViews(walks, (r) => r.walk_id).map((r) => ({ ...r, name: nameOf(r.walk_id), averageTimePerSession: averageTime(r) })),
      places: byViews(places, (p) => p.place_id).map((p) => ({ ...p, averageTimePerSession: averageTime(p) })),
      plaques: plaqueRows(plaques, scanMonths),
    }
  }

  /** Views per day of a month, every day of it (0 when none), from the same day roll-ups. */
  async dailyViews(categoryId: number, month: { year: number; month: number }): Promise<Array<{ day: string; views: number }>> {
    const range = rangeOf(month)!
    const rows = await new StatsRepo(this.deps.db).dailyViews(categoryId, range)
    const byDay = new Map(rows.map((row) => [row.day, row.views]))
    const days = Number(range.to.slice(8, 10))
    return Array.from({ length: days }, (_, i) => {
      const day = `${range.from.slice(0, 8)}${String(i + 1).padStart(2, '0')}`
      return { day, views: byDay.get(day) ?? 0 }
    })
  }

  /** Place visits and route views as weighted points at the places, for a period and maybe one route. */
  async heatmap(user: User, categoryId: number, query: HeatmapQuery): Promise<Heatmap> {
    await this.deps.categories.access.require(user.id, categoryId)
    return buildHeatmap(this.deps.db, categoryId, query)
  }

  /** Recomputes the roll-ups of one category (or all) from the raw events, the plaques' too, in one transaction. */
  rebuild(categoryId?: number): Promise<{ events: number; rows: number; scanRows: number }> {
    return inTransaction(this.deps.db, async (trx) => {
      const days = await new StatsRepo(trx).rebuildDays(categoryId)
      const scans = await new ScansRepo(trx).rebuild(categoryId)
      return { ...days, scanRows: scans.rows }
    })
  }

  /** The day's salt: created by the first process that needs it, read by all the others. */
  private async dailySalt(day: string): Promise<string> {
    const cached = this.salts.get(day)
    if (cached) return cached
    const repo = new StatsRepo(this.deps.db)
    let salt = await repo.findSalt(day)
    if (!salt) {
      await repo.insertSaltIfAbsent(day, randomBytes(32).toString('hex'))
      await repo.deleteSaltsBefore(daysBefore(day, SALT_DAYS_KEPT))
      salt = (await repo.findSalt(day))!
    }
    if (this.salts.size > SALT_DAYS_KEPT) this.salts.clear()
    this.salts.set(day, salt)
    return salt
  }
}

// A visitor's requests repeat the same address and user agent: each hash and bot check is worked
// out once (issue 28, the hot path). Kept in this process only, and the salt is part of the key,
// so a new day's hash is never an old one's; bounded (ADR 071's memory budget).
const hashUnderSalt = memoized((saltIpAgent: string): string => {
  const cut = saltIpAgent.indexOf('\n')
  return createHmac('sha256', saltIpAgent.slice(0, cut)).update(saltIpAgent.slice(cut + 1)).digest('hex')
}, 5_000)
const isbot = memoized((userAgent: string) => readAsBot(userAgent), 1_000)

/** A visitor's hash under a day's salt (`visitorHash`, `countViewNow`). */
const visitorHashUnder = (salt: string, visitor: Visitor) => hashUnderSalt(`${salt}\n${visitor.ip}\n${visitor.userAgent}`)

/** The key of a client's events limit (RATE_LIMIT_EVENTS): its network, not its exact address. */
const eventsLimitKey = (ip: string) => `events:${clientNetwork(ip)}`
