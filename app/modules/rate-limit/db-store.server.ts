import { CompiledQuery } from 'kysely'
import type { DB } from '#app/db/db.server.ts'
import type { RateLimitStore } from './rate-limit.server.ts'

/**
 * Fixed-window counters in the `rate_limits` table, shared by every process on the database.
 * One upsert per hit: it starts a new window when the stored one has passed. Windows are
 * aligned on multiples of their length, so every process agrees on them without a clock of
 * its own beyond the system's.
 */
// Markers no real hit can carry (a key never holds NUL; windows and weights are positive).
const KEY_MARK = '\u0000key'
const WINDOW_MARK = -7_919_001
const WEIGHT_MARK = -7_919_002

/** Checks that every marker became a parameter (Kysely writes some values into the SQL text). */
function compileOnce(query: { sql: string; parameters: readonly unknown[] }) {
  for (const mark of [KEY_MARK, WINDOW_MARK, WEIGHT_MARK]) {
    if (!query.parameters.includes(mark) || query.sql.includes(String(mark))) throw new Error(`rate limit upsert: ${String(mark)} is not a parameter`)
  }
  return query
}

interface Hit {
  now: number
  windowMs: number
  weight: number
  resolve: (counted: { hits: number; resetInMs: number }) => void
  reject: (error: unknown) => void
}

export class DbRateLimitStore implements RateLimitStore {
  constructor(
    private readonly db: DB,
    private readonly now: () => number = Date.now,
  ) {}

  // The upsert is built and compiled once (for the handle's dialect), with marker values whose
  // places in the parameter list are then filled at every hit: building it with Kysely cost more
  // than running it (~136 µs per hit, the largest part of an event's ingestion).
  private compiled: { sql: string; parameters: readonly unknown[] } | undefined

  // Hits waiting for their key's next upsert (see increment).
  private readonly queues = new Map<string, Hit[]>()

  /**
   * Hits on one key that arrive in the same turn of the event loop, or while that key's upsert
   * is running, are counted in one upsert of their summed weight; each caller gets the count as
   * if the hits had been written one after another. Every hit is still written before it is
   * answered. On PostgreSQL, upserts of one row wait for each other's commit (the row lock):
   * one client's burst of views went one commit at a time (ADR 031).
   */
  increment(key: string, windowMs: number, weight = 1): Promise<{ hits: number; resetInMs: number }> {
    const now = this.now()
    return new Promise((resolve, reject) => {
      let queue = this.queues.get(key)
      if (!queue) {
        queue = []
        this.queues.set(key, queue)
        const started = queue
        setImmediate(() => void this.drain(key, started))
      }
      queue.push({ now, windowMs, weight, resolve, reject })
    })
  }

  private async drain(key: string, queue: Hit[]): Promise<void> {
    while (queue.length > 0) {
      const hits = queue.splice(0)
      // Hits of one window together (a key has one limit, so one window length, in practice).
      const windows = new Map<string, Hit[]>()
      for (const hit of hits) {
        const windowStart = hit.now - (hit.now % hit.windowMs)
        const id = `${hit.windowMs}|${windowStart}`
        windows.set(id, [...(windows.get(id) ?? []), hit])
      }
      for (const [id, same] of windows) {
        const [windowMs, windowStart] = id.split('|').map(Number)
        const total = same.reduce((sum, hit) => sum + hit.weight, 0)
        try {
          const stored = await this.write(key, windowStart, total)
          let counted = stored - total
          for (const hit of same) {
            counted += hit.weight
            hit.resolve({ hits: counted, resetInMs: windowStart + windowMs - hit.now })
          }
        } catch (error) {
          for (const hit of same) hit.reject(error)
        }
      }
    }
    // No await between the last look at the queue and here: no hit can be left behind.
    this.queues.delete(key)
  }

  /** One upsert: `weight` more hits on the key in the window; the key's count afterwards. */
  private async write(key: string, windowStart: number, weight: number): Promise<number> {
    this.compiled ??= compileOnce(this.upsert(KEY_MARK, WINDOW_MARK, WEIGHT_MARK).compile())
    const parameters = this.compiled.parameters.map((p) => (p === KEY_MARK ? key : p === WINDOW_MARK ? windowStart : p === WEIGHT_MARK ? weight : p))
    const { rows } = await this.db.executeQuery<{ hits: number }>(CompiledQuery.raw(this.compiled.sql, parameters))
    return Number(rows[0].hits)
  }

  private upsert(key: string, windowStart: number, weight: number) {
    return this.db
      .insertInto('rate_limits')
      .values({ key, window_start: windowStart, hits: weight })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          hits: eb
            .case()
            .when('rate_limits.window_start', '<', windowStart)
            .then(eb.val(weight))
            .else(eb('rate_limits.hits', '+', weight))
            .end(),
          window_start: windowStart,
        })),
      )
      .returning(['hits'])
  }

  async close() {
    // The database belongs to the services, which close it.
  }
}
