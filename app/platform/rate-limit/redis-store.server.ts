import { createRequire } from 'node:module'
import type * as IoRedis from 'ioredis'
import type { Redis } from 'ioredis'
import type { RateLimitStore } from './rate-limit.server.ts'

// INCRBY (the hit's weight) and the expiry in one script, so they are atomic: no key left without an expiry (a
// counter that never resets) when a process dies between the two. The window starts at the
// key's first hit and its end is Redis's clock, the same for every server process.
const INCREMENT = `
local hits = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}
`

/** Opens a client that fails fast: a request must not hang while Redis is away. */
export function connectRedis(url: string): Redis {
  // Loaded here, when REDIS_URL is set: a single process without Redis does not pay for it at start.
  const { Redis: Client } = createRequire(import.meta.url)('ioredis') as typeof IoRedis
  const redis = new Client(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // Also bounds a command queued while (re)connecting: Redis away means a 503 within a second.
    commandTimeout: 1_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    // Connects on the first counted request: scripts that build the services never touch it.
    lazyConnect: true,
  })
  // The socket alone must not keep a process alive (a script that forgets close() still ends);
  // the HTTP server keeps the server's process running.
  redis.on('connect', () => redis.stream?.unref())
  // Connection errors surface as failed commands (a 503 from the limiter); without this
  // listener ioredis would print each reconnection attempt as an unhandled error.
  redis.on('error', () => undefined)
  return redis
}

/** Fixed-window counters in Redis under `prefix` (several apps can share one Redis). */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async increment(key: string, windowMs: number, weight = 1) {
    const [hits, ttl] = (await this.redis.eval(INCREMENT, 1, `${this.prefix}${key}`, windowMs, weight)) as [number, number]
    return { hits: Number(hits), resetInMs: Number(ttl) }
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect())
  }
}
