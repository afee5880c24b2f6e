import { describe, expect, it } from 'vitest'
import { createUser } from '#tests/setup/factories.ts'
import { createTestApi, useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { clientIp } from './middleware.server.ts'

// TRUST_PROXY: the client address behind N appending proxies is the right-most hop they did not
// write; what a client writes itself into X-Forwarded-For never picks its rate-limit key.

const request = (forwarded: string | undefined, socket = '10.0.0.9') => ({
  req: { header: (name: string) => (name === 'x-forwarded-for' ? forwarded : undefined) },
  env: { incoming: { socket: { remoteAddress: socket } } },
})

describe('clientIp', () => {
  it('is the socket’s address when no proxy is trusted, whatever the header says', () => {
    expect(clientIp(request('203.0.113.7'), 0)).toBe('10.0.0.9')
  })

  it('takes the hop the one trusted proxy appended, not the client-written first entry', () => {
    expect(clientIp(request('203.0.113.7'), 1)).toBe('203.0.113.7')
    expect(clientIp(request('1.2.3.4, 203.0.113.7'), 1)).toBe('203.0.113.7')
    expect(clientIp(request('spoof, 1.2.3.4 ,203.0.113.7'), 1)).toBe('203.0.113.7')
  })

  it('skips the hops of further trusted proxies (client, outer proxy → inner proxy → server)', () => {
    expect(clientIp(request('1.2.3.4, 203.0.113.7, 192.0.2.10'), 2)).toBe('203.0.113.7')
    expect(clientIp(request('203.0.113.7, 192.0.2.10'), 2)).toBe('203.0.113.7')
  })

  it('falls back to the socket when the request did not pass through every trusted proxy', () => {
    expect(clientIp(request(undefined), 1)).toBe('10.0.0.9')
    expect(clientIp(request(' , '), 1)).toBe('10.0.0.9')
    expect(clientIp(request('203.0.113.7'), 2)).toBe('10.0.0.9')
  })
})

describe.each(testDialects)('per-address limits behind a proxy on %s', (dialect) => {
  const { testDb } = useTestApi(dialect)

  it.each([
    ['TRUST_PROXY=on', 'on', (i: number) => `198.51.100.${i}, 203.0.113.7`],
    ['TRUST_PROXY=2', '2', (i: number) => `198.51.100.${i}, 203.0.113.7, 192.0.2.10`],
  ])('%s: a client rotating the first X-Forwarded-For entry still hits RATE_LIMIT_LOGIN', async (_label, trust, header) => {
    await testDb.db.deleteFrom('rate_limits').execute()
    const t = createTestApi(testDb, { TRUST_PROXY: trust, RATE_LIMIT_LOGIN: '3/60' })
    try {
      const { user } = await createUser(t.services)
      const statuses: number[] = []
      for (let i = 0; i < 6; i++) {
        const res = await t.call('POST', '/auth/login', { body: { email: user.email, password: 'wrong password' }, headers: { 'X-Forwarded-For': header(i) } })
        statuses.push(res.status)
      }
      expect(statuses).toEqual([422, 422, 422, 429, 429, 429])
      // Another real client behind the same proxy keeps its own budget.
      const other = await t.call('POST', '/auth/login', { body: { email: user.email, password: 'wrong password' }, headers: { 'X-Forwarded-For': header(99).replace('203.0.113.7', '203.0.113.8') } })
      expect(other.status).toBe(422)
    } finally {
      await t.services.rateLimiter.close()
    }
  })
})
