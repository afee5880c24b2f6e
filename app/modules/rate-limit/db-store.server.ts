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

interface PendingGroup {
  key: string
  windowStart: number
  hits: { weight: number; resolve: (hits: number) => void; reject: (error: unknown) => void }[]
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

  // Hits waiting for the next turn of the event loop, by window and key (see increment).
  private pending: Map<string, PendingGroup> | null = null

  /**
   * Counts a hit. The hits of one turn of the event loop are written together (ADR 033): one
   * upsert per key and window with their summed weight, all in one transaction, and each caller
   * gets the count it would have got alone (the total before the group plus the weights up to
   * its own, in arrival order). Under load a client's many requests cost one write, not one each.
   */
  increment(key: string, windowMs: number, weight = 1): Promise<{ hits: number; resetInMs: number }> {
    const now = this.now()
    const windowStart = now - (now % windowMs)
    return new Promise((resolve, reject) => {
      if (!this.pending) {
        this.pending = new Map()
        setImmediate(() => void this.flush())
      }
      const id = `${windowStart}\u0000${key}`
      let group = this.pending.get(id)
      if (!group) this.pending.set(id, (group = { key, windowStart, hits: [] }))
      group.hits.push({ weight, resolve: (hits) => resolve({ hits, resetInMs: windowStart + windowMs - now }), reject })
    })
  }

  private async flush() {
    // In one order in every process, so two processes' transactions on PostgreSQL never wait on each other in a cycle.
    const groups = [...this.pending!.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.windowStart - b.windowStart))
    this.pending = null
    const weightOf = (group: PendingGroup) => group.hits.reduce((sum, hit) => sum + hit.weight, 0)
    try {
      const totals =
        groups.length === 1
          ? [await this.run(this.db, groups[0].key, groups[0].windowStart, weightOf(groups[0]))]
          : await this.db.transaction().execute(async (trx) => {
              const out: number[] = []
              for (const group of groups) out.push(await this.run(trx, group.key, group.windowStart, weightOf(group)))
              return out
            })
      groups.forEach((group, i) => {
        let hits = totals[i] - weightOf(group)
        for (const hit of group.hits) hit.resolve((hits += hit.weight))
      })
    } catch (error) {
      for (const group of groups) for (const hit of group.hits) hit.reject(error)
    }
  }

  private async run(db: DB, key: string, windowStart: number, weight: number): Promise<number> {
    this.compiled ??= compileOnce(this.upsert(KEY_MARK, WINDOW_MARK, WEIGHT_MARK).compile())
    const parameters = this.compiled.parameters.map((p) => (p === KEY_MARK ? key : p === WINDOW_MARK ? windowStart : p === WEIGHT_MARK ? weight : p))
    const { rows } = await db.executeQuery<{ hits: number }>(CompiledQuery.raw(this.compiled.sql, parameters))
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
