import { AppError } from '#app/utils/errors.ts'
import { tooManyRequests, type Limit, type RateLimiter } from './rate-limit.server.ts'

interface Count {
  limit: Limit
  /** When the window these figures are of ends (ms): the store's answer, or a local guess until one comes. */
  windowEnd: number
  /** Hits in the shared store at the last write, this process's included. */
  stored: number
  /** Hits of this process not written yet. */
  unwritten: number
}

/**
 * Per-client limits of the visitors' hot path counted in memory and written to the shared store
 * (the database or Redis) in groups, one increment per key every `flushMs` (ADR 071): a view of
 * a kept page or an event costs no round trip. Each hit is judged against the store's count at
 * the last write plus this process's hits since, so a client spread over N processes may pass
 * its limit by what the others counted in the last `flushMs` at most. Fails closed: after a
 * failed write every hit is refused (503) until a write succeeds. With `flushMs` 0 every hit is
 * written before it is judged, as `RateLimiter.hit` does.
 */
export class LimitTally {
  private readonly counts = new Map<string, Count>()
  private timer: NodeJS.Timeout | null = null
  private writing: Promise<void> | null = null
  private failed = false

  constructor(
    readonly limiter: RateLimiter,
    private readonly flushMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a hit and throws the 429 when the key is over its limit (503 when the store is down). */
  async enforce(key: string, limit: Limit, weight = 1): Promise<void> {
    const { allowed, retryAfterSeconds } = await this.hit(key, limit, weight)
    if (!allowed) throw tooManyRequests(retryAfterSeconds)
  }

  /**
   * `hit` without a promise, when it needs no I/O: null when every hit is written first
   * (`flushMs` 0), the caller then takes `hit`'s way. Throws the 503 when the store is down.
   */
  hitNow(key: string, limit: Limit, weight = 1): { allowed: boolean; retryAfterSeconds: number } | null {
    return this.flushMs === 0 ? null : this.count(key, limit, weight)
  }

  /**
   * `enforce` without a promise, when it needs no I/O: false when every hit is written first
   * (`flushMs` 0: nothing counted, the caller then takes `enforce`'s way); the same 429 over it.
   */
  enforceNow(key: string, limit: Limit, weight = 1): boolean {
    const counted = this.hitNow(key, limit, weight)
    if (counted === null) return false
    if (!counted.allowed) throw tooManyRequests(counted.retryAfterSeconds)
    return true
  }

  /** Counts `weight` hits of `key`; whether they are within its limit (no I/O unless `flushMs` is 0). */
  async hit(key: string, limit: Limit, weight = 1): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    if (this.flushMs === 0) return this.limiter.hit(key, limit, weight)
    return this.count(key, limit, weight)
  }

  private count(key: string, limit: Limit, weight: number): { allowed: boolean; retryAfterSeconds: number } {
    if (this.failed) throw new AppError(503, { key: 'errors.limits_unavailable' }, undefined, { 'Retry-After': '5' })
    const now = this.now()
    let count = this.counts.get(key)
    if (!count || now >= count.windowEnd) {
      // A new window, starting at this hit as in the stores: the store's count of the old one no
      // longer applies (the unwritten hits go to the new one).
      count = { limit, windowEnd: now + limit.windowMs, stored: 0, unwritten: count?.unwritten ?? 0 }
      this.counts.set(key, count)
    }
    count.unwritten += weight
    this.schedule()
    const retryAfterSeconds = Math.max(1, Math.ceil((count.windowEnd - now) / 1000))
    return { allowed: count.stored + count.unwritten <= limit.limit, retryAfterSeconds }
  }

  /** Writes every unwritten hit now (one increment per key); the shutdown's and the tests' call. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.writing ??= this.write().finally(() => {
      this.writing = null
      if ([...this.counts.values()].some((c) => c.unwritten > 0)) this.schedule()
    })
    return this.writing
  }

  private schedule() {
    if (this.timer || this.writing) return
    this.timer = setTimeout(() => void this.flush(), this.flushMs)
    this.timer.unref()
  }

  private async write() {
    const now = this.now()
    const writes = [...this.counts].filter(([, count]) => count.unwritten > 0)
    const results = await Promise.allSettled(
      writes.map(async ([key, count]) => {
        const weight = count.unwritten
        count.unwritten -= weight
        try {
          const { hits, resetInMs } = await this.limiter.store.increment(this.limiter.storedKey(key), count.limit.windowMs, weight)
          // The store's window (another process may have started it) replaces the local guess,
          // unless this key has moved on to a new window meanwhile.
          if (this.counts.get(key) === count) {
            count.stored = hits
            count.windowEnd = this.now() + resetInMs
          }
        } catch (error) {
          count.unwritten += weight
          throw error
        }
      }),
    )
    this.failed = results.some((r) => r.status === 'rejected')
    // Keys idle for a whole window are forgotten: memory follows the active clients.
    for (const [key, count] of this.counts) if (count.unwritten === 0 && now >= count.windowEnd) this.counts.delete(key)
  }
}
