import type { DB } from '#app/db/db.server.ts'
import type { RateLimitStore } from './rate-limit.server.ts'

/**
 * Fixed-window counters in the `rate_limits` table, shared by every process on the database.
 * An upsert per key starts a new window when the stored one has passed. Windows are aligned on
 * multiples of their length, so every process agrees on them without a clock of its own beyond
 * the system's.
 */

interface Hit {
  key: string
  now: number
  windowMs: number
  weight: number
  resolve: (counted: { hits: number; resetInMs: number }) => void
  reject: (error: unknown) => void
}

/** The hits of one key in one window, written as one row of an upsert. */
interface KeyWindow {
  key: string
  windowMs: number
  windowStart: number
  total: number
  hits: Hit[]
}

// Rows per upsert (3 parameters each: well under SQLite's and PostgreSQL's bounds).
const KEYS_PER_STATEMENT = 1000

export class DbRateLimitStore implements RateLimitStore {
  constructor(
    private readonly db: DB,
    private readonly now: () => number = Date.now,
  ) {}

  // Hits waiting for the next upsert, and whether one is being written (see increment).
  private queue: Hit[] = []
  private writing = false

  /**
   * Group commit of hits (ADR 031): the hits that arrive in the same turn of the event loop, or
   * while the previous upsert runs, are written in one upsert, one row per key with the summed
   * weight; each caller gets its key's count as if the hits had been written one after another
   * (the running sum), so the limit refuses exactly the same hits. Every hit is written before
   * it is answered. On PostgreSQL an upsert per hit meant a commit (a WAL flush) per request, and
   * upserts of one row waited for each other's commit.
   */
  increment(key: string, windowMs: number, weight = 1): Promise<{ hits: number; resetInMs: number }> {
    const now = this.now()
    return new Promise((resolve, reject) => {
      this.queue.push({ key, now, windowMs, weight, resolve, reject })
      if (!this.writing) {
        this.writing = true
        setImmediate(() => void this.drain())
      }
    })
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const hits = this.queue
        this.queue = []
        // One row per key and window, in call order; a key seen in two windows (a burst across
        // the boundary) goes in a later statement: one statement may not touch a row twice.
        const rounds: Array<Map<string, KeyWindow>> = []
        for (const hit of hits) {
          const windowStart = hit.now - (hit.now % hit.windowMs)
          // The round of this key's last row: the same window joins it, a new one goes after it.
          const last = rounds.findLastIndex((r) => r.has(hit.key))
          const previous = last >= 0 ? rounds[last].get(hit.key)! : undefined
          const index = previous && (previous.windowStart !== windowStart || previous.windowMs !== hit.windowMs) ? last + 1 : Math.max(last, 0)
          rounds[index] ??= new Map()
          const round = rounds[index]
          let row = round.get(hit.key)
          if (!row) {
            row = { key: hit.key, windowMs: hit.windowMs, windowStart, total: 0, hits: [] }
            round.set(hit.key, row)
          }
          row.total += hit.weight
          row.hits.push(hit)
        }
        for (const round of rounds) {
          // Sorted by key: concurrent processes lock the rows in one order (no deadlock).
          const rows = [...round.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
          for (let i = 0; i < rows.length; i += KEYS_PER_STATEMENT) {
            const chunk = rows.slice(i, i + KEYS_PER_STATEMENT)
            try {
              const stored = await this.write(chunk)
              for (const row of chunk) {
                let counted = stored.get(row.key)! - row.total
                for (const hit of row.hits) {
                  counted += hit.weight
                  hit.resolve({ hits: counted, resetInMs: row.windowStart + row.windowMs - hit.now })
                }
              }
            } catch (error) {
              for (const row of chunk) for (const hit of row.hits) hit.reject(error)
            }
          }
        }
      }
    } finally {
      this.writing = false
    }
  }

  /** One upsert: each key's weight more hits in its window; each key's count afterwards. */
  private async write(rows: KeyWindow[]): Promise<Map<string, number>> {
    const result = await this.db
      .insertInto('rate_limits')
      .values(rows.map((row) => ({ key: row.key, window_start: row.windowStart, hits: row.total })))
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          // A stored window that has passed starts again with these hits.
          hits: eb
            .case()
            .when('rate_limits.window_start', '<', eb.ref('excluded.window_start'))
            .then(eb.ref('excluded.hits'))
            .else(eb('rate_limits.hits', '+', eb.ref('excluded.hits')))
            .end(),
          window_start: eb.ref('excluded.window_start'),
        })),
      )
      .returning(['key', 'hits'])
      .execute()
    return new Map(result.map((r) => [r.key, Number(r.hits)]))
  }

  async close() {
    // The database belongs to the services, which close it.
  }
}
