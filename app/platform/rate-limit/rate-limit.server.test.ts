import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConfigError, loadConfig } from '#app/config/config.server.ts'
import { createDb } from '#app/db/db.server.ts'
import { AppError } from '#app/utils/errors.ts'
import type { Logger } from '#app/platform/observability/logger.server.ts'
import { DbRateLimitStore } from './db-store.server.ts'
import { RateLimiter } from './rate-limit.server.ts'
import { connectRedis, RedisRateLimitStore } from './redis-store.server.ts'
import { createStore, storeKinds, testRedisUrl, uniqueRedisPrefix, deleteRedisKeys, type StoreFixture } from './rate-limit.test-stores.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const minute = { limit: 3, windowMs: 60_000 }
const secret = () => 'a-secret-of-at-least-32-characters-for-tests'

describe.each(storeKinds)('rate limiter on the %s store', (kind) => {
  let fixture: StoreFixture
  let limiter: RateLimiter
  beforeAll(async () => {
    fixture = await createStore(kind, 'rate-limit')
    limiter = new RateLimiter(fixture.store, secret)
  })
  afterAll(() => fixture.destroy())

  it('allows `limit` hits in the window, then refuses with the seconds left in it', async () => {
    const results = []
    for (let i = 0; i < 4; i++) results.push(await limiter.hit('login:10.0.0.1', minute))
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false])
    expect(results[3].retryAfterSeconds).toBeGreaterThan(0)
    expect(results[3].retryAfterSeconds).toBeLessThanOrEqual(60)
  })

  it('counts each key on its own', async () => {
    for (let i = 0; i < 3; i++) await limiter.hit('login:10.0.0.2', minute)
    expect((await limiter.hit('login:10.0.0.2', minute)).allowed).toBe(false)
    expect((await limiter.hit('login:10.0.0.3', minute)).allowed).toBe(true)
    expect((await limiter.hit('register:10.0.0.2', minute)).allowed).toBe(true)
  })

  it('starts again once the window has passed', async () => {
    const short = { limit: 1, windowMs: 500 }
    expect((await limiter.hit('reset:10.0.0.4', short)).allowed).toBe(true)
    expect((await limiter.hit('reset:10.0.0.4', short)).allowed).toBe(false)
    await sleep(short.windowMs + 20)
    expect((await limiter.hit('reset:10.0.0.4', short)).allowed).toBe(true)
  })

  it('counts concurrent hits exactly once each (atomic increments)', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => fixture.store.increment('events:10.0.0.5', 60_000)))
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
  })

  it('counts a weighted hit (a batch of events) as that many hits, in a new window too', async () => {
    expect((await fixture.store.increment('events:10.0.0.7', 60_000, 5)).hits).toBe(5)
    expect((await fixture.store.increment('events:10.0.0.7', 60_000)).hits).toBe(6)
    expect((await limiter.hit('events:10.0.0.8', minute, 3)).allowed).toBe(true)
    expect((await limiter.hit('events:10.0.0.8', minute, 1)).allowed).toBe(false)
    const short = { limit: 10, windowMs: 500 }
    await fixture.store.increment('events:10.0.0.9', short.windowMs, 4)
    await sleep(short.windowMs + 20)
    expect((await fixture.store.increment('events:10.0.0.9', short.windowMs, 2)).hits).toBe(2)
  })

  it('shares the counters with another connection to the same store (another server process)', async () => {
    const other = new RateLimiter(fixture.other(), secret)
    for (let i = 0; i < 3; i++) await (i % 2 ? other : limiter).hit('login:10.0.0.6', minute)
    expect((await other.hit('login:10.0.0.6', minute)).allowed).toBe(false)
    expect((await limiter.hit('login:10.0.0.6', minute)).allowed).toBe(false)
  })

  it('enforce() throws the 429 with Retry-After past the limit', async () => {
    for (let i = 0; i < 3; i++) await limiter.enforce('uploads:7:10.0.0.7', minute)
    const error = await limiter.enforce('uploads:7:10.0.0.7', minute).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).status).toBe(429)
    expect((error as AppError).detail).toEqual({ key: 'errors.too_many_requests' })
    expect(Number((error as AppError).headers?.['Retry-After'])).toBeGreaterThan(0)
  })
})

describe('rate limiter keys', () => {
  const hmac = (key: string, under = secret()) => createHmac('sha256', under).update(key).digest('hex')

  it('never hands a client address or user id to the store: the kind in clear, then an HMAC of the key under the app secret', async () => {
    const keys: string[] = []
    const store = { increment: async (key: string) => (keys.push(key), { hits: 1, resetInMs: 1000 }), close: async () => {} }
    await new RateLimiter(store, secret).hit('login:203.0.113.9', minute)
    await new RateLimiter(store, secret).hit('uploads:7:2001:db8::1', minute)
    await new RateLimiter(store, () => 'another-secret-of-at-least-32-characters').hit('login:203.0.113.9', minute)
    expect(keys).toEqual([`login:${hmac('login:203.0.113.9')}`, `uploads:${hmac('uploads:7:2001:db8::1')}`, `login:${hmac('login:203.0.113.9', 'another-secret-of-at-least-32-characters')}`])
    for (const key of keys) expect(key).not.toMatch(/203\.0\.113|2001:db8|:7:/)
  })

  it('reads the secret once, at the first hit', async () => {
    const read = vi.fn(secret)
    const limiter = new RateLimiter({ increment: async () => ({ hits: 1, resetInMs: 1000 }), close: async () => {} }, read)
    expect(read).not.toHaveBeenCalled()
    for (let i = 0; i < 3; i++) await limiter.hit(`login:10.0.0.${i}`, minute)
    expect(read).toHaveBeenCalledTimes(1)
  })
})

describe('rate limiter when its store is down', () => {
  const logger = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn<Logger['error']>() })

  const expectUnavailable = async (limiter: RateLimiter) => {
    const error = await limiter.enforce('login:10.0.0.8', minute).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).status).toBe(503)
    expect((error as AppError).detail).toEqual({ key: 'errors.limits_unavailable' })
    expect((error as AppError).headers).toEqual({ 'Retry-After': '5' })
  }

  it('refuses with 503 (fails closed) when Redis cannot be reached, quickly, and logs it without the key', async () => {
    // Port 1 on loopback: nothing listens there.
    const redis = connectRedis('redis://127.0.0.1:1')
    const log = logger()
    const started = Date.now()
    await expectUnavailable(new RateLimiter(new RedisRateLimitStore(redis, 'x:'), secret, log))
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(log.error).toHaveBeenCalledWith('rate limit store unavailable', expect.objectContaining({ limit: 'login' }))
    expect(JSON.stringify(log.error.mock.calls)).not.toContain('10.0.0.8')
    redis.disconnect()
  })

  it('refuses with 503 when the database fails', async () => {
    const db = createDb({ url: ':memory:' }) // never migrated: no rate_limits table
    const log = logger()
    await expectUnavailable(new RateLimiter(new DbRateLimitStore(db), secret, log))
    expect(log.error).toHaveBeenCalledOnce()
    await db.destroy()
  })
})

describe('Redis store keys', () => {
  it('live under the prefix and expire with their window', async () => {
    const prefix = uniqueRedisPrefix('keys')
    const redis = connectRedis(testRedisUrl)
    try {
      await new RedisRateLimitStore(redis, prefix).increment('login:10.0.0.9', 30_000)
      expect(await redis.get(`${prefix}login:10.0.0.9`)).toBe('1')
      const ttl = await redis.pttl(`${prefix}login:10.0.0.9`)
      expect(ttl).toBeGreaterThan(25_000)
      expect(ttl).toBeLessThanOrEqual(30_000)
    } finally {
      await deleteRedisKeys(redis, prefix)
      await redis.quit()
    }
  })
})

describe('rate limit settings', () => {
  const base = { BASE_URL: 'http://localhost:3000' }
  it('reads RATE_LIMIT_UPLOADS, REDIS_URL and REDIS_KEY_PREFIX, with their defaults', () => {
    expect(loadConfig(base)).toMatchObject({ RATE_LIMIT_UPLOADS: { limit: 60, windowMs: 60_000 }, REDIS_KEY_PREFIX: 'trailguide:' })
    expect(loadConfig(base).REDIS_URL).toBeUndefined()
    expect(loadConfig({ ...base, RATE_LIMIT_UPLOADS: '5/10', REDIS_URL: 'rediss://:pw@cache:6380/2', REDIS_KEY_PREFIX: 'tg-staging:' })).toMatchObject({
      RATE_LIMIT_UPLOADS: { limit: 5, windowMs: 10_000 },
      REDIS_URL: 'rediss://:pw@cache:6380/2',
      REDIS_KEY_PREFIX: 'tg-staging:',
    })
    expect(loadConfig({ ...base, REDIS_URL: '' }).REDIS_URL).toBeUndefined()
  })

  it('stops the server on a REDIS_URL that is not a Redis URL, naming it', () => {
    expect(() => loadConfig({ ...base, REDIS_URL: 'http://cache:6379' })).toThrow(ConfigError)
    expect(() => loadConfig({ ...base, REDIS_URL: 'http://cache:6379' })).toThrow(/^REDIS_URL: /)
    expect(() => loadConfig({ ...base, RATE_LIMIT_UPLOADS: 'lots' })).toThrow(/^RATE_LIMIT_UPLOADS: /)
  })
})
