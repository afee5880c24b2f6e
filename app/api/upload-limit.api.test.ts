import { afterEach, describe, expect, it } from 'vitest'
import { solidImage } from '#app/platform/images/images.test-fixtures.ts'
import { manager, storeRoute, upload } from '#app/modules/walks/walks.test-fixtures.ts'
import { createUser } from '#tests/setup/factories.ts'
import { createTestApi, useTestApi, type TestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { connectRedis } from '#app/platform/rate-limit/redis-store.server.ts'
import { deleteRedisKeys, testRedisUrl, uniqueRedisPrefix } from '#app/platform/rate-limit/rate-limit.test-stores.ts'

// RATE_LIMIT_UPLOADS: one budget per user and client address over every image upload endpoint.

const stores = ['database', 'redis'] as const

describe.each(testDialects)('upload rate limit on %s', (dialect) => {
  const { testDb } = useTestApi(dialect)
  let opened: TestApi[] = []
  const prefix = uniqueRedisPrefix('upload-limit')

  const api = (store: (typeof stores)[number], overrides: Record<string, string> = {}) => {
    const t = createTestApi(testDb, {
      RATE_LIMIT_UPLOADS: '3/60',
      TRUST_PROXY: 'on',
      ...(store === 'redis' ? { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: prefix } : {}),
      ...overrides,
    })
    opened.push(t)
    return t
  }
  afterEach(async () => {
    await Promise.all(opened.map((t) => t.services.rateLimiter.close()))
    opened = []
    await testDb.db.deleteFrom('rate_limits').execute()
    const redis = connectRedis(testRedisUrl)
    await deleteRedisKeys(redis, prefix)
    await redis.quit()
  })

  const from = (ip: string) => ({ 'X-Forwarded-For': ip })
  const send = (t: TestApi, path: string, token: string, ip: string, bytes: Buffer) =>
    t.api.request(path, { method: 'POST', body: form(bytes), headers: { Authorization: `Bearer ${token}`, ...from(ip) } })
  const form = (bytes: Buffer) => {
    const f = new FormData()
    f.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'image.png')
    return f
  }

  describe.each(stores)('with the %s store', (store) => {
    it('counts every upload endpoint in one budget, then answers 429 with Retry-After and stores nothing', async () => {
      const t = api(store)
      const { token, category } = await manager(t)
      const route = await storeRoute(t, token, category.id)
      const image = await solidImage(10, 10)
      const paths = ['/auth/user/avatar', `/routes/${route.uuid}/photo`, `/routes/${route.uuid}/content-image`]
      for (const path of paths) expect((await send(t, path, token, '10.1.0.1', image)).status, path).toBe(200)
      for (const path of [...paths, `/routes/${route.uuid}/logo-pro`, `/routes/${route.uuid}/logos`]) {
        const res = await send(t, path, token, '10.1.0.1', image)
        expect(res.status, path).toBe(429)
        expect(await res.json()).toEqual({ message: 'Too many attempts. Please try again later.' })
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
        expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60)
      }
      expect(await testDb.db.selectFrom('walk_logos').selectAll().execute()).toHaveLength(0)
    })

    it('keeps separate budgets per user and per client address; other requests are not counted', async () => {
      const t = api(store, { RATE_LIMIT_UPLOADS: '1/60' })
      const alice = await createUser(t.services)
      const bob = await createUser(t.services)
      const image = await solidImage(10, 10)
      expect((await send(t, '/auth/user/avatar', alice.token, '10.1.0.2', image)).status).toBe(200)
      expect((await send(t, '/auth/user/avatar', alice.token, '10.1.0.2', image)).status).toBe(429)
      expect((await send(t, '/auth/user/avatar', bob.token, '10.1.0.2', image)).status).toBe(200)
      expect((await send(t, '/auth/user/avatar', alice.token, '10.1.0.3', image)).status).toBe(200)
      // Removing an image or reading the user is not an upload.
      const removal = await t.call('DELETE', '/auth/user/avatar', { token: bob.token, headers: from('10.1.0.2') })
      expect(removal.status).toBe(200)
    })

    it('checks the sign-in first: an anonymous upload is 401 and counts nothing', async () => {
      const t = api(store, { RATE_LIMIT_UPLOADS: '1/60' })
      const image = await solidImage(10, 10)
      for (let i = 0; i < 3; i++) expect((await upload(t, 'POST', '/auth/user/avatar', { bytes: image })).status).toBe(401)
      expect(await testDb.db.selectFrom('rate_limits').selectAll().where('key', 'like', 'uploads:%').execute()).toEqual([])
      const redis = connectRedis(testRedisUrl)
      expect(await redis.keys(`${prefix}*`)).toEqual([])
      await redis.quit()
    })
  })

  it('shares the Redis budget between two API instances (two server processes)', async () => {
    const a = api('redis', { RATE_LIMIT_UPLOADS: '2/60' })
    const b = api('redis', { RATE_LIMIT_UPLOADS: '2/60' })
    const { token } = await createUser(a.services)
    const image = await solidImage(10, 10)
    expect((await send(a, '/auth/user/avatar', token, '10.1.0.4', image)).status).toBe(200)
    expect((await send(b, '/auth/user/avatar', token, '10.1.0.4', image)).status).toBe(200)
    expect((await send(a, '/auth/user/avatar', token, '10.1.0.4', image)).status).toBe(429)
    expect((await send(b, '/auth/user/avatar', token, '10.1.0.4', image)).status).toBe(429)
  })
})
