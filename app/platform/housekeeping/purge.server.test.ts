import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { appSecret, SECRET_FILE } from '#app/config/app-secret.server.ts'
import { createCategory, createUser } from '#tests/setup/factories.ts'
import { testConfig, useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { createLogger } from '#app/platform/observability/logger.server.ts'
import { longestWindowMs, purgeExpired, schedulePurge } from './purge.server.ts'

// No client address kept, expired rows purged on a schedule (docs/security.md).

const HOUR = 3_600_000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.each(testDialects)('purge of expired rows on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect, { TRUST_PROXY: 'on' })

  /**
   * Rows around `now`, the instant the purge will read. The scheduled purge reads the real clock,
   * so the scene is built on the real clock too: a scene on a fixed date expires in real time.
   */
  async function scene(now: Date) {
    const iso = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString()
    const db = testDb.db
    for (const table of ['rate_limits', 'auth_tokens', 'invitations'] as const) await db.deleteFrom(table).execute()
    const { user } = await createUser(t.services)
    const category = await createCategory(t.services, user)
    // The account's own session and the counter of its registration are not part of the scene.
    await db.deleteFrom('auth_tokens').execute()
    await db.deleteFrom('rate_limits').execute()
    const longest = longestWindowMs(t.config)
    await db
      .insertInto('rate_limits')
      .values([
        { key: 'login:old', window_start: now.getTime() - longest - 1, hits: 4 },
        { key: 'register:current', window_start: now.getTime() - longest + 60_000, hits: 1 },
      ])
      .execute()
    const token = (name: string, kind: 'session' | 'reset' | 'temp', expires: number, used = false) => ({
      user_id: user.id,
      kind,
      token_hash: name,
      created_at: iso(-2 * HOUR),
      expires_at: iso(expires),
      used_at: used ? iso(-HOUR) : null,
    })
    await db
      .insertInto('auth_tokens')
      .values([
        token('session-expired', 'session', -1),
        token('session-live', 'session', 24 * HOUR),
        token('reset-expired', 'reset', -HOUR),
        token('reset-used', 'reset', HOUR, true),
        token('reset-live', 'reset', HOUR),
        token('temp-expired', 'temp', -60_000),
      ])
      .execute()
    const invitation = (name: string, expires: number, accepted = false) => ({
      kind: 'category' as const,
      category_id: category.id,
      place_id: null,
      email: `${name}@example.org`,
      role: 'editor' as const,
      token_hash: name,
      invited_by: user.id,
      expires_at: iso(expires),
      accepted_at: accepted ? iso(-48 * HOUR) : null,
      created_at: iso(-8 * 24 * HOUR),
    })
    await db.insertInto('invitations').values([invitation('expired', -HOUR), invitation('pending', HOUR), invitation('accepted', -HOUR, true)]).execute()
  }

  const left = async () => ({
    rateLimits: (await testDb.db.selectFrom('rate_limits').select('key').orderBy('key').execute()).map((r) => r.key),
    tokens: (await testDb.db.selectFrom('auth_tokens').select('token_hash').orderBy('token_hash').execute()).map((r) => r.token_hash),
    invitations: (await testDb.db.selectFrom('invitations').select('token_hash').orderBy('token_hash').execute()).map((r) => r.token_hash),
  })

  it('deletes counters past every window, expired or used tokens and expired pending invitations; keeps the rest', async () => {
    const now = new Date()
    await scene(now)
    expect(await purgeExpired(testDb.db, t.config, now)).toEqual({ rateLimits: 1, tokens: 4, invitations: 1 })
    expect(await left()).toEqual({ rateLimits: ['register:current'], tokens: ['reset-live', 'session-live'], invitations: ['accepted', 'pending'] })
    // Run again: nothing more to delete.
    expect(await purgeExpired(testDb.db, t.config, now)).toEqual({ rateLimits: 0, tokens: 0, invitations: 0 })
  })

  it('runs on its schedule in the server, and stops', async () => {
    await scene(new Date())
    const stop = schedulePurge(testDb.db, t.config, createLogger('silent'), { firstInMs: 10 })
    try {
      await vi.waitFor(async () => expect((await left()).tokens).toEqual(['reset-live', 'session-live']), { timeout: 3_000, interval: 50 })
    } finally {
      stop()
    }
    // Stopped: a row that has expired since stays until the next run.
    await testDb.db.updateTable('auth_tokens').set({ expires_at: new Date(Date.now() - 24 * HOUR).toISOString() }).execute()
    await sleep(100)
    expect((await left()).tokens).toEqual(['reset-live', 'session-live'])
  })

  it('keeps no client address in the rate-limit table, whatever limit counted it', async () => {
    await testDb.db.deleteFrom('rate_limits').execute()
    const address = '198.51.100.23'
    const headers = { 'X-Forwarded-For': address }
    await t.call('POST', '/auth/login', { headers, body: { email: 'nobody@example.org', password: 'whatever it is' } })
    await t.call('POST', '/auth/register', { headers, body: { name: 'Eve', email: `eve-${Date.now()}@example.org`, password: 'a long enough password' } })
    await t.call('POST', '/auth/reset-password', { headers, body: { email: 'nobody@example.org' } })
    const keys = (await testDb.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key)
    // The reset request counts per e-mail and per client network: neither kept in the clear.
    expect(keys.map((k) => k.split(':')[0]).sort()).toEqual(['login', 'register', 'reset-client', 'reset-mail'])
    for (const key of keys) {
      expect(key).toMatch(/^[a-z-]+:[0-9a-f]{64}$/)
      expect(key).not.toContain(address)
      expect(key).not.toContain('nobody@example.org')
    }
  })
})

describe('the app secret', () => {
  const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'trailguide-secret-'))

  it('is APP_SECRET when set', () => {
    const config = testConfig({ APP_SECRET: 'x'.repeat(40), DATA_DIR: dir() })
    expect(appSecret(config)).toBe('x'.repeat(40))
    expect(fs.existsSync(path.join(config.DATA_DIR, SECRET_FILE))).toBe(false)
  })

  it('else is made once in DATA_DIR (readable by its owner only) and read back by every process', () => {
    const config = { APP_SECRET: undefined, DATA_DIR: path.join(dir(), 'data') }
    const first = appSecret(config)
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(appSecret(config)).toBe(first)
    const file = path.join(config.DATA_DIR, SECRET_FILE)
    expect(fs.statSync(file).mode & 0o077).toBe(0)
    expect(fs.readdirSync(config.DATA_DIR)).toEqual([SECRET_FILE])
    expect(appSecret({ APP_SECRET: undefined, DATA_DIR: path.join(dir(), 'data') })).not.toBe(first)
  })

  it('refuses a secret file that holds too little, and a short APP_SECRET', () => {
    const data = dir()
    fs.writeFileSync(path.join(data, SECRET_FILE), 'short')
    expect(() => appSecret({ APP_SECRET: undefined, DATA_DIR: data })).toThrow(/no usable secret/)
    expect(() => testConfig({ APP_SECRET: 'too short' })).toThrow(/APP_SECRET: must be at least 32 characters/)
  })
})
