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

export class DbRateLimitStore implements RateLimitStore {
  constructor(
    private readonly db: DB,
    private readonly now: () => number = Date.now,
  ) {}

  // The upsert is built and compiled once (for the handle's dialect), with marker values whose
  // places in the parameter list are then filled at every hit: building it with Kysely cost more
  // than running it (~136 µs per hit, the largest part of an event's ingestion).
  private compiled: { sql: string; parameters: readonly unknown[] } | undefined

  async increment(key: string, windowMs: number, weight = 1) {
    const now = this.now()
    const windowStart = now - (now % windowMs)
    this.compiled ??= compileOnce(this.upsert(KEY_MARK, WINDOW_MARK, WEIGHT_MARK).compile())
    const parameters = this.compiled.parameters.map((p) => (p === KEY_MARK ? key : p === WINDOW_MARK ? windowStart : p === WEIGHT_MARK ? weight : p))
    const { rows } = await this.db.executeQuery<{ hits: number }>(CompiledQuery.raw(this.compiled.sql, parameters))
    return { hits: Number(rows[0].hits), resetInMs: windowStart + windowMs - now }
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
