import { createHmac } from 'node:crypto'
import type { Logger } from '#app/platform/observability/logger.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { clientNetwork } from './client-network.ts'

export interface Limit {
  limit: number
  windowMs: number
}

/**
 * Where the counters live. It must be shared by every server process (the database, or Redis
 * when REDIS_URL is set): a counter in one process's memory would let a client multiply its
 * allowance by the number of processes behind the load balancer.
 */
export interface RateLimitStore {
  /**
   * Counts one hit on `key` in its current fixed window (or `weight` hits at once: a batch of
   * events): the hits so far and the ms until the window ends.
   */
  increment(key: string, windowMs: number, weight?: number): Promise<{ hits: number; resetInMs: number }>
  /** Releases connections the store holds (the database store holds none of its own). */
  close(): Promise<void>
}

/** Seconds a client is asked to wait when the counters cannot be read. */
const UNAVAILABLE_RETRY_SECONDS = 5

/** The refusal of a hit over its limit: 429, and when to try again. */
export const tooManyRequests = (retryAfterSeconds: number) => new AppError(429, { key: 'errors.too_many_requests' }, undefined, { 'Retry-After': String(retryAfterSeconds) })

export class RateLimiter {
  private secret: string | undefined

  /** `readSecret`: the app's secret (`appSecret`), read at the first hit; every process must share it. */
  constructor(
    readonly store: RateLimitStore,
    private readonly readSecret: () => string,
    private readonly logger?: Logger,
  ) {}

  /**
   * The key as stored: its kind in clear (`login`), the rest (a client address, a user id) as an
   * HMAC under the app's secret. Neither the table nor Redis ever holds a client address.
   */
  storedKey(key: string): string {
    const colon = key.indexOf(':')
    const kind = colon < 0 ? key : key.slice(0, colon)
    this.secret ??= this.readSecret()
    return `${kind}:${createHmac('sha256', this.secret).update(key).digest('hex')}`
  }

  async hit(key: string, { limit, windowMs }: Limit, weight = 1): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    let counted
    try {
      counted = await this.store.increment(this.storedKey(key), windowMs, weight)
    } catch (error) {
      // Fail closed: a limit that lapses whenever its store is down (or knocked down) protects
      // nothing. The key carries a client address or user id: only its kind is logged.
      this.logger?.error('rate limit store unavailable', {
        limit: key.split(':')[0],
        error: error instanceof Error ? error.message : String(error),
      })
      throw new AppError(503, { key: 'errors.limits_unavailable' }, undefined, { 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS) })
    }
    return { allowed: counted.hits <= limit, retryAfterSeconds: Math.max(1, Math.ceil(counted.resetInMs / 1000)) }
  }

  /** Counts a hit and throws the 429 when the key is over its limit (503 when the store is down). */
  async enforce(key: string, limit: Limit, weight = 1): Promise<void> {
    const { allowed, retryAfterSeconds } = await this.hit(key, limit, weight)
    if (!allowed) throw tooManyRequests(retryAfterSeconds)
  }

  /**
   * The per-client limits (likes, events, scans, QR images, open data, uploads, sign-in…) go
   * through these two and only these: the client is counted by its network (`clientNetwork`, an
   * IPv6 client by its /64), never by one address of the many it holds. `kind` may carry a
   * further scope (`uploads:<user id>`).
   */
  hitClient(kind: string, client: string, limit: Limit, weight = 1): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    return this.hit(`${kind}:${clientNetwork(client)}`, limit, weight)
  }

  enforceClient(kind: string, client: string, limit: Limit, weight = 1): Promise<void> {
    return this.enforce(`${kind}:${clientNetwork(client)}`, limit, weight)
  }

  close(): Promise<void> {
    return this.store.close()
  }
}
