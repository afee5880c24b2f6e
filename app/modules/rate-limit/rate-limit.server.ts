import type { DB } from '#app/db/db.server.ts'
import { AppError } from '#app/utils/errors.ts'

export interface Limit {
  limit: number
  windowMs: number
}

/**
 * Fixed-window counters kept in the database, so every server process shares them.
 * One upsert per hit: it starts a new window when the old one has passed.
 */
export class RateLimiter {
  constructor(
    private readonly db: DB,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, { limit, windowMs }: Limit): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    const now = this.now()
    const windowStart = now - (now % windowMs)
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, window_start: windowStart, hits: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          hits: eb
            .case()
            .when('rate_limits.window_start', '<', windowStart)
            .then(1)
            .else(eb('rate_limits.hits', '+', 1))
            .end(),
          window_start: windowStart,
        })),
      )
      .returning(['hits'])
      .executeTakeFirstOrThrow()
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000))
    return { allowed: Number(row.hits) <= limit, retryAfterSeconds }
  }

  /** Counts a hit and throws the 429 when the key is over its limit. */
  async enforce(key: string, limit: Limit): Promise<void> {
    const { allowed, retryAfterSeconds } = await this.hit(key, limit)
    if (!allowed) {
      throw new AppError(429, { key: 'errors.too_many_requests' }, undefined, {
        'Retry-After': String(retryAfterSeconds),
      })
    }
  }
}
