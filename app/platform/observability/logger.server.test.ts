import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '#app/db/db.server.ts'
import { createServices, type Services } from '#app/services.server.ts'
import type { MailMessage } from '#app/platform/mail/mailer.server.ts'
import { testConfig } from '#tests/setup/test-app.ts'
import { createTestDb, type TestDb } from '#tests/setup/test-db.ts'
import { createHttpApp } from '../../../server/http-app.ts'
import { requestIdFrom } from './logger-http.server.ts'
import { isoNow } from '#app/utils/iso-now.ts'
import { createLogger, currentRequestId, holdRequestContext, linesOfATurn, requestContextHasHooks, loggablePath, logRequest, scrub, scrubText, withRequestId, type Logger } from './logger.server.ts'

/** A logger whose JSON lines are kept in memory. */
function capturedLogger(level: 'debug' | 'info' = 'info') {
  const lines: string[] = []
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  const logger = createLogger(level, { destination })
  return { logger, lines, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) }
}

describe('log masking', () => {
  it.each([
    ['an e-mail address', 'login failed for Alice.Martin+x@example.org', 'login failed for [email]'],
    ['a URL-encoded address', '/reset?email=alice%40example.org&x=1', '/reset?email=[redacted]&x=1'],
    ['a bearer token', 'Authorization: Bearer abc.DEF-123_x', 'Authorization: Bearer [redacted]'],
    ['a token in a query string', 'GET /x?token=s3cret&page=2', 'GET /x?token=[redacted]&page=2'],
    ['a reset link', 'https://x.test/fr/auth/reset-password/AbC123_-x', 'https://x.test/fr/auth/reset-password/[redacted]'],
    ['an invitation', '/api/invitations/tok_en/accept', '/api/invitations/[redacted]/accept'],
    ['a temp-token page', '/auth/temp/xyz.data', '/auth/temp/[redacted]'],
    ['URL credentials', 'connect postgres://app:hunter2@db.internal:5432/x failed', 'connect postgres://[redacted]@db.internal:5432/x failed'],
  ])('masks %s in text', (_case, input, expected) => {
    expect(scrubText(input)).toBe(expected)
  })

  it('replaces fields named like secrets, at any depth, and masks strings inside errors', () => {
    const error = new Error('no user bob@example.org')
    const out = scrub({ password: 'pw', nested: { access_token: 't', Authorization: 'Bearer x', email: 'a@b.co', to: 'a@b.co' }, list: ['c@d.co'], error, count: 3 }) as Record<string, any>
    expect(out).toMatchObject({
      password: '[redacted]',
      nested: { access_token: '[redacted]', Authorization: '[redacted]', email: '[redacted]', to: '[redacted]' },
      list: ['[email]'],
      error: { name: 'Error', message: 'no user [email]' },
      count: 3,
    })
    expect(JSON.stringify(out)).not.toContain('example.org')
  })

  it('logs the path without its query string', () => {
    expect(loggablePath('http://x.test/api/events?token=abc&email=a@b.co')).toBe('/api/events')
  })
})

describe('request ids', () => {
  it('keeps a short, plain incoming id and replaces anything else', () => {
    expect(requestIdFrom('abc-123_x.y:z')).toBe('abc-123_x.y:z')
    for (const bad of [undefined, '', 'a'.repeat(129), 'has space', 'line\nbreak', '<script>', 'ü']) {
      expect(requestIdFrom(bad)).toMatch(/^[0-9a-f-]{36}$/)
    }
  })

  it('stamps every line written inside the request with its id', () => {
    const { logger, records } = capturedLogger()
    withRequestId('req-1', () => logger.warn('inside'))
    logger.warn('outside')
    expect(records()).toMatchObject([{ msg: 'inside', level: 'warn', request_id: 'req-1' }, { msg: 'outside', level: 'warn' }])
    expect(records()[1]).not.toHaveProperty('request_id')
    expect(currentRequestId()).toBeUndefined()
  })

  it('keeps the context on while a request holds it, and switches it off a second after the last one (ADR 048)', async () => {
    const { logger, records } = capturedLogger()
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
    const seen: Record<string, string | undefined> = {}
    // Held by the running function: a line after more than a second still carries its id.
    const long = withRequestId('req-long', async () => {
      await wait(1_300)
      logger.info('after a long wait')
    })
    // Held until its answer's last byte (the framework's answers): a timer left by it keeps the id.
    const release = holdRequestContext()
    withRequestId('req-streamed', () => setTimeout(() => logger.info('while streaming'), 1_400))
    await long
    await wait(200)
    release()
    // Nothing holds this one once it returned: its timer fires after the context was switched
    // off, where there are hooks to switch off (Node 20; Node 24 has none, and keeps the id).
    withRequestId('req-left', () => setTimeout(() => (seen.left = currentRequestId()), 1_200))
    await wait(1_300)
    expect(seen).toEqual({ left: requestContextHasHooks ? undefined : 'req-left' })
    expect(requestContextHasHooks).toBe(Number(process.versions.node.split('.')[0]) < 24)
    // Switched on again by the next request, across its awaits.
    await withRequestId('req-next', async () => {
      await wait(5)
      logger.info('next')
    })
    expect(records()).toMatchObject([
      { msg: 'after a long wait', request_id: 'req-long' },
      { msg: 'while streaming', request_id: 'req-streamed' },
      { msg: 'next', request_id: 'req-next' },
    ])
  })

  it('writes nothing below its level', () => {
    const { logger, lines } = capturedLogger()
    logger.debug('hidden')
    createLogger('silent', { destination: new Writable({ write: () => lines.push('silent wrote') }) }).error('hidden')
    expect(lines).toEqual([])
  })
})

describe('a request line', () => {
  const line = { method: 'GET', path: '/r/vevey/"quoted"\\path\u00e9', status: 200, duration_ms: 1.3 }

  it('is the line pino writes for the same fields, with and without a request id, at info and error', () => {
    const fast = capturedLogger()
    const general = capturedLogger()
    // A logger not made by createLogger takes pino's way (logger.info): the reference.
    const plain: Logger = { debug: general.logger.debug, info: general.logger.info, warn: general.logger.warn, error: general.logger.error }
    for (const status of [200, 503]) {
      withRequestId('req-"9"', () => logRequest(fast.logger, { ...line, status }))
      withRequestId('req-"9"', () => logRequest(plain, { ...line, status }))
      logRequest(fast.logger, { ...line, status })
      logRequest(plain, { ...line, status })
    }
    const withoutTime = (records: Array<Record<string, unknown>>) => records.map(({ time, ...rest }) => (expect(time).toMatch(/^\d{4}-\d\d-\d\dT/), rest))
    expect(withoutTime(fast.records())).toEqual(withoutTime(general.records()))
    expect(fast.records().map((r) => Object.keys(r).join())).toEqual(general.records().map((r) => Object.keys(r).join()))
    expect(fast.records()[2]).toMatchObject({ level: 'error', request_id: 'req-"9"', path: line.path, status: 503, msg: 'request' })
  })

  it('is not written below the logger\'s level', () => {
    const quiet = capturedLogger()
    const warnOnly = createLogger('warn', { destination: new Writable({ write: (chunk, _e, done) => (quiet.lines.push(String(chunk)), done()) }) })
    logRequest(warnOnly, line)
    expect(quiet.lines).toEqual([])
    logRequest(warnOnly, { ...line, status: 500 })
    expect(quiet.lines).toHaveLength(1)
  })
})

describe('lines written to stdout', () => {
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

  it('reach the destination as one write a turn of the event loop, in their order', async () => {
    const writes: string[] = []
    const destination = linesOfATurn({ write: (lines: string) => void writes.push(lines) }, () => expect.unreachable())
    destination.write('a\n')
    destination.write('b\n')
    expect(writes).toEqual([])
    await nextTurn()
    expect(writes).toEqual(['a\nb\n'])
    destination.write('c\n')
    await nextTurn()
    await nextTurn()
    expect(writes).toEqual(['a\nb\n', 'c\n'])
  })

  it('reach it in pieces well under sonic-boom\'s 16 KB write in a burst, none lost', async () => {
    const writes: string[] = []
    const destination = linesOfATurn({ write: (lines: string) => void writes.push(lines) }, () => expect.unreachable())
    const lines = Array.from({ length: 1000 }, (_, i) => `${String(i).padStart(99, '-')}\n`)
    for (const line of lines) destination.write(line)
    await nextTurn()
    expect(writes.length).toBeGreaterThan(20)
    expect(Math.max(...writes.map((w) => Buffer.byteLength(w)))).toBeLessThan(8 * 1024)
    expect(writes.join('')).toBe(lines.join(''))
  })

  it('not yet handed over are written at exit after what the destination holds, never handed to it then', () => {
    // Handed to sonic-boom at exit, they would start an asynchronous write nobody waits for.
    const done: string[] = []
    const destination = linesOfATurn({ write: (lines: string) => void done.push(`async ${lines}`), flushSync: () => void done.push('its queue') }, (lines) => void done.push(`now ${lines}`))
    destination.write('a\n')
    destination.write('b\n')
    destination.flushSync()
    expect(done).toEqual(['its queue', 'now a\nb\n'])
    destination.flushSync()
    expect(done).toEqual(['its queue', 'now a\nb\n', 'its queue'])
  })

  it('are all written when the process exits at once, the request line among them, in order', async () => {
    // A real process on the default stdout destination (pino's, asynchronous), ended by
    // process.exit() in the same turn as its lines: none may be lost.
    const script = `
      import { createLogger, logRequest } from ${JSON.stringify(path.resolve(import.meta.dirname, 'logger.server.ts'))}
      const logger = createLogger('info')
      for (let i = 0; i < 3000; i++) {
        logger.info('line ' + i)
        logRequest(logger, { method: 'GET', path: '/r/' + i, status: 200, duration_ms: 0.1 }, 'req-' + i)
      }
      process.exit(0)`
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { maxBuffer: 64 * 1024 * 1024 })
    const records = stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(records).toHaveLength(6000)
    records.forEach((record, n) => {
      const i = Math.floor(n / 2)
      if (n % 2 === 0) expect(record).toMatchObject({ level: 'info', msg: `line ${i}` })
      else expect(record).toMatchObject({ level: 'info', request_id: `req-${i}`, path: `/r/${i}`, msg: 'request' })
    })
  })

  it('carry the time of the clock, to the millisecond', async () => {
    for (let i = 0; i < 3; i++) {
      const before = Date.now()
      const time = isoNow()
      const after = Date.now()
      expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
      expect(Date.parse(time)).toBeGreaterThanOrEqual(before)
      expect(Date.parse(time)).toBeLessThanOrEqual(after)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  })
})

describe('request log lines of the server', () => {
  let testDb: TestDb
  let services: Services
  let app: ReturnType<typeof createHttpApp>
  let capture: ReturnType<typeof capturedLogger>
  const sent: MailMessage[] = []
  const alice = { name: 'Alice', email: 'alice.secret@example.org', password: 'correct horse battery staple' }
  const base = 'http://localhost:3000'
  const credentials = { email: alice.email, password: alice.password }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trailguide-logger-'))
  const config = () => testConfig({ DATA_DIR: dataDir })

  beforeAll(async () => {
    testDb = await createTestDb('sqlite')
    capture = capturedLogger()
    services = createServices({ config: config(), db: testDb.db, logger: capture.logger, mailer: { send: async (m) => void sent.push(m) } })
    // Only /api is requested: the React Router build is never loaded.
    app = createHttpApp({ services, build: () => Promise.reject(new Error('no build in this test')), mode: 'production' })
  })
  afterAll(async () => {
    await testDb.destroy()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) })

  it('logs one line per request with id, method, path, status and duration, and nothing secret', async () => {
    const registered = await post('/api/auth/register', alice)
    expect(registered.status).toBe(200)
    const token = ((await registered.json()) as { data: { access_token: string } }).data.access_token
    capture.lines.length = 0

    const login = await post('/api/auth/login?email=alice.secret%40example.org&token=query-secret', credentials, {
      'X-Request-Id': 'client-req-42',
      Authorization: `Bearer ${token}`,
      Cookie: `token=${token}`,
    })
    expect(login.status).toBe(200)
    expect(login.headers.get('x-request-id')).toBe('client-req-42')
    const wrong = await post('/api/auth/login', { ...credentials, password: 'wrong horse battery staple' })
    expect(wrong.status).toBe(422)
    const generated = wrong.headers.get('x-request-id')!
    expect(generated).toMatch(/^[0-9a-f-]{36}$/)
    // A reset request sends a mail with a token link; the mailer here keeps it in memory.
    expect((await post('/api/auth/reset-password', { email: alice.email }, { 'X-Request-Id': 'reset-1' })).status).toBe(200)
    // The mail goes out after the answer: wait for the queue.
    await services.mailQueue.idle()
    expect(sent.at(-1)?.link).toMatch(/reset-password\/[\w-]+/)

    const records = capture.records()
    expect(records).toEqual([
      expect.objectContaining({ level: 'info', msg: 'request', request_id: 'client-req-42', method: 'POST', path: '/api/auth/login', status: 200, duration_ms: expect.any(Number) }),
      expect.objectContaining({ level: 'info', msg: 'request', request_id: generated, method: 'POST', path: '/api/auth/login', status: 422 }),
      expect.objectContaining({ level: 'info', msg: 'request', request_id: 'reset-1', path: '/api/auth/reset-password', status: 200 }),
    ])
    expect(typeof records[0].time).toBe('string')
    const output = capture.lines.join('\n')
    const resetToken = sent.at(-1)!.link!.split('/').pop()!
    for (const secret of [alice.email, 'alice.secret', alice.password, token, 'query-secret', resetToken, 'Bearer', 'example.org']) {
      expect(output).not.toContain(secret)
    }
  })

  it('stamps an API error line with the request id of its request line', async () => {
    // A readiness probe whose database is gone logs a warning while answering.
    const gone = createDb({ url: 'postgres://nobody@127.0.0.1:1/none' }) // nothing listens on port 1
    const broken = createHttpApp({ services: { ...services, db: gone }, build: () => Promise.reject(new Error('no build')), mode: 'production' })
    capture.lines.length = 0
    const res = await broken.request(`${base}/api/ready`, { headers: { 'X-Request-Id': 'probe-7' } })
    expect(res.status).toBe(503)
    expect(res.headers.get('x-request-id')).toBe('probe-7')
    const records = capture.records()
    expect(records.map((r) => [r.msg, r.request_id])).toEqual([
      ['readiness check failed', 'probe-7'],
      ['request', 'probe-7'],
    ])
    await gone.destroy()
  })
})
