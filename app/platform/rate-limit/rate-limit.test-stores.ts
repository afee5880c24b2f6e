import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import { createTestDb, testDialects } from '#tests/setup/test-db.ts'
import { DbRateLimitStore } from './db-store.server.ts'
import type { RateLimitStore } from './rate-limit.server.ts'
import { connectRedis, RedisRateLimitStore } from './redis-store.server.ts'

// The rate-limit tests run against every store: the database on each test dialect, and Redis
// (TEST_REDIS_URL, by default the local one, which CI also runs).

export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

/** A key prefix no other test file (or run) uses. */
export const uniqueRedisPrefix = (name: string) => `trailguide-test:${name}:${randomBytes(4).toString('hex')}:`

/** Deletes every key under the prefix. */
export async function deleteRedisKeys(redis: Redis, prefix: string) {
  let cursor = '0'
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500)
    if (keys.length) await redis.del(...keys)
    cursor = next
  } while (cursor !== '0')
}

export interface StoreFixture {
  /** A store; `other()` a second one over the same backend through its own connection (another process's view). */
  store: RateLimitStore
  other(): RateLimitStore
  destroy(): Promise<void>
}

export type StoreKind = 'sqlite' | 'postgres' | 'redis'
export const storeKinds: StoreKind[] = [...testDialects, 'redis']

export async function createStore(kind: StoreKind, name: string): Promise<StoreFixture> {
  if (kind === 'redis') {
    const prefix = uniqueRedisPrefix(name)
    const clients: Redis[] = []
    const open = () => {
      const redis = connectRedis(testRedisUrl)
      clients.push(redis)
      return new RedisRateLimitStore(redis, prefix)
    }
    const store = open()
    return {
      store,
      other: open,
      async destroy() {
        await deleteRedisKeys(clients[0], prefix)
        await Promise.all(clients.map((c) => c.quit()))
      },
    }
  }
  const testDb = await createTestDb(kind)
  // One database handle: on SQLite a second connection to ":memory:" would be another database.
  return { store: new DbRateLimitStore(testDb.db), other: () => new DbRateLimitStore(testDb.db), destroy: () => testDb.destroy() }
}
