import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApi } from '#app/api-routes.server.ts'
import { smtpMailer } from '#app/platform/mail/mailer.server.ts'
import { createServices } from '#app/services.server.ts'
import { createLogger } from '#app/platform/observability/logger.server.ts'
import { createTestApi, hashPasswordsAtStandardCost, testConfig, useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'

const alice = { name: 'Alice Martin', email: 'alice@example.org', password: 'correct horse battery' }
const bob = { name: 'Bob Keller', email: 'bob@example.org', password: 'correct horse battery' }
const SMTP_DELAY_MS = 800

describe.each(testDialects)('password reset on %s', (dialect) => {
  hashPasswordsAtStandardCost()
  const { t, testDb } = useTestApi(dialect)

  // A real SMTP peer on loopback (as in the mailer's tests), slow on purpose: each message takes SMTP_DELAY_MS.
  const received: { to: string[]; data: string }[] = []
  let smtp: SMTPServer
  let port: number
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let data = ''
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
        stream.on('end', () => setTimeout(() => (received.push({ to: session.envelope.rcptTo.map((r) => r.address), data }), callback()), SMTP_DELAY_MS))
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    port = (smtp.server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())))

  beforeEach(async () => {
    received.length = 0
    for (const table of ['auth_tokens', 'users', 'rate_limits'] as const) await testDb.db.deleteFrom(table).execute()
    for (const user of [alice, bob]) expect((await t.call('POST', '/auth/register', { body: user })).status).toBe(200)
  })

  /** The API over SMTP at `smtpUrl`, the mail queue retrying `retries` times. */
  function apiOver(smtpUrl: string, retries = 0) {
    const lines: string[] = []
    const logger = { ...createLogger('silent'), error: (msg: string, fields?: Record<string, unknown>) => void lines.push(JSON.stringify({ msg, ...fields })) }
    const services = createServices({ config: testConfig(), db: testDb.db, logger, mailer: smtpMailer(smtpUrl, 'Trailguide <no-reply@trailguide.test>'), mailQueue: { retries, backoffMs: 10 } })
    const api = createApi(services)
    const ask = async (email: string) => {
      const started = performance.now()
      const res = await api.request('/auth/reset-password', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email }) })
      return { status: res.status, body: await res.text(), ms: performance.now() - started }
    }
    return { services, ask, lines }
  }

  it('answers before the mail is sent: the same answer, as fast, for a known and an unknown address', async () => {
    const { services, ask } = apiOver(`smtp://127.0.0.1:${port}`)
    const unknown = await ask('nobody@example.org')
    const known = await ask(alice.email)
    expect(known.status).toBe(200)
    expect(known.body).toBe(unknown.body)
    // Waiting on SMTP would take SMTP_DELAY_MS; both answers come well before that.
    expect(known.ms).toBeLessThan(SMTP_DELAY_MS / 2)
    expect(unknown.ms).toBeLessThan(SMTP_DELAY_MS / 2)
    expect(received).toHaveLength(0)

    await services.mailQueue.idle()
    expect(received).toHaveLength(1)
    expect(received[0].to).toEqual([alice.email])
    expect(received[0].data.replace(/=\r\n/g, '')).toMatch(/\/auth\/reset-password\/[\w-]{43}/)
  })

  it('answers the same when SMTP is down, and logs the failure without the address or the link', async () => {
    const closed = new SMTPServer({ logger: false })
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const deadPort = (closed.server.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))

    const { services, ask, lines } = apiOver(`smtp://127.0.0.1:${deadPort}`, 1)
    const unknown = await ask('nobody@example.org')
    const known = await ask(alice.email)
    expect(known).toMatchObject({ status: 200, body: unknown.body })
    expect(unknown.status).toBe(200)
    await services.mailQueue.idle()
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0])).toMatchObject({ msg: 'mail could not be sent', label: 'password reset', attempts: 2 })
    expect(lines[0]).not.toContain(alice.email)
    expect(lines[0]).not.toContain('reset-password/')
  })

  describe('limits', () => {
    const ask = (api: ReturnType<typeof createTestApi>, email: string, client: string) =>
      api.services.auth.requestPasswordReset(email, client).then(() => 200, (error: { status?: number }) => error.status ?? 500)

    it('counts per e-mail: colleagues behind one office address do not block each other', async () => {
      const api = createTestApi(testDb, { RATE_LIMIT_RESET: '3/900' })
      const office = '198.51.100.7'
      for (let i = 0; i < 3; i++) expect(await ask(api, alice.email, office)).toBe(200)
      expect(await ask(api, alice.email, office)).toBe(429)
      // Bob, at the same address, still gets his links.
      for (let i = 0; i < 3; i++) expect(await ask(api, bob.email, office)).toBe(200)
      // Alice's inbox stays bounded whatever address asks (the address is case-folded).
      expect(await ask(api, 'ALICE@example.org', '203.0.113.9')).toBe(429)
    })

    it('bounds one client address across e-mails, more loosely', async () => {
      const api = createTestApi(testDb, { RATE_LIMIT_RESET: '3/900', RATE_LIMIT_RESET_CLIENT: '4/900' })
      for (let i = 0; i < 4; i++) expect(await ask(api, `person${i}@example.org`, '192.0.2.1')).toBe(200)
      expect(await ask(api, 'person9@example.org', '192.0.2.1')).toBe(429)
      expect(await ask(api, 'person9@example.org', '192.0.2.2')).toBe(200)
    })

    it('does not count link uses with requests: a link still opens after the requests are used up', async () => {
      const api = createTestApi(testDb, { RATE_LIMIT_RESET: '2/900' })
      for (let i = 0; i < 2; i++) expect((await api.call('POST', '/auth/reset-password', { body: { email: alice.email } })).status).toBe(200)
      expect((await api.call('POST', '/auth/reset-password', { body: { email: alice.email } })).status).toBe(429)
      const token = api.sent.at(-1)!.link!.split('/').pop()!
      const res = await api.call('POST', '/auth/change-password', { body: { token, password: 'a brand new secret', password_confirmation: 'a brand new secret' } })
      expect(res.status).toBe(200)
    })
  })
})
