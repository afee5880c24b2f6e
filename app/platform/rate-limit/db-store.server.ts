import { sql } from 'kysely'
import type { DB } from '#app/db/db.server.ts'
import type { RateLimitStore } from './rate-limit.server.ts'

/**
 * Fixed-window counters in the `rate_limits` table, shared by every process on the database.
 * A key's window starts at its first hit (as in the Redis store) and is stored with its count, so
 * every process agrees on it; an upsert starts a new window when the stored one has passed.
 * Windows aligned on the clock instead split a burst that straddles a boundary in two: N + 1
 * quick hits were sometimes all allowed.
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
        // One row per key and window length, in call order; a key hit with two lengths goes in a
        // later statement: one statement may not touch a row twice.
        const rounds: Array<Map<string, KeyWindow>> = []
        for (const hit of hits) {
          // The round of this key's last row: the same length joins it, another goes after it.
          const last = rounds.findLastIndex((r) => r.has(hit.key))
          const previous = last >= 0 ? rounds[last].get(hit.key)! : undefined
          const index = previous && previous.windowMs !== hit.windowMs ? last + 1 : Math.max(last, 0)
          rounds[index] ??= new Map()
          const round = rounds[index]
          let row = round.get(hit.key)
          if (!row) {
            // A new window, if the stored one has passed, starts at the row's first hit.
            row = { key: hit.key, windowMs: hit.windowMs, windowStart: hit.now, total: 0, hits: [] }
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
                const { hits, windowStart } = stored.get(row.key)!
                let counted = hits - row.total
                for (const hit of row.hits) {
                  counted += hit.weight
                  hit.resolve({ hits: counted, resetInMs: windowStart + row.windowMs - hit.now })
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

  /** Each key's weight more hits in its window (one upsert per window length); each key's count and window afterwards. */
  private async write(rows: KeyWindow[]): Promise<Map<string, { hits: number; windowStart: number }>> {
    const counts = new Map<string, { hits: number; windowStart: number }>()
    for (const windowMs of new Set(rows.map((row) => row.windowMs))) {
      const result = await this.db
        .insertInto('rate_limits')
        .values(rows.filter((row) => row.windowMs === windowMs).map((row) => ({ key: row.key, window_start: row.windowStart, hits: row.total })))
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => {
            // The stored window has passed when this row's first hit comes at or after its end.
            const passed = eb(sql<number>`${eb.ref('rate_limits.window_start')} + ${windowMs}`, '<=', eb.ref('excluded.window_start'))
            return {
              hits: eb.case().when(passed).then(eb.ref('excluded.hits')).else(eb('rate_limits.hits', '+', eb.ref('excluded.hits'))).end(),
              window_start: eb.case().when(passed).then(eb.ref('excluded.window_start')).else(eb.ref('rate_limits.window_start')).end(),
            }
          }),
        )
        .returning(['key', 'hits', 'window_start'])
        .execute()
      for (const r of result) counts.set(r.key, { hits: Number(r.hits), windowStart: Number(r.window_start) })
    }
    return counts
  }

  async close() {
    // The database belongs to the services, which close it.
  }
}
