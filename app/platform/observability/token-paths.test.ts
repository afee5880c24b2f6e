import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { captureException, flushErrorReporting, initErrorReporting, withTracing } from './error-reporting.server.ts'
import { maskTokens, maskTokensDeep } from './token-paths.ts'

const token = 'Zk3_live-token-9f8e7d'

describe('maskTokens: no live link in a URL that leaves', () => {
  it.each([
    [`https://app.example.org/auth/reset-password/${token}`, 'https://app.example.org/auth/reset-password/[redacted]'],
    [`/fr/auth/reset-password/${token}?email=a%40b.ch`, '/fr/auth/reset-password/[redacted]?email=[redacted]'],
    [`/auth/temp/${token}?redirectTo=%2Fmap`, '/auth/temp/[redacted]?redirectTo=%2Fmap'],
    [`/de/invitations/${token}`, '/de/invitations/[redacted]'],
    [`/api/invitations/${token}/accept`, '/api/invitations/[redacted]/accept'],
    [`/auth/reset?token=${token}#x`, '/auth/reset?token=[redacted]#x'],
    [`GET /auth/reset-password/${token}`, 'GET /auth/reset-password/[redacted]'],
    ['/r/lausanne/la-vieille-ville?place=3', '/r/lausanne/la-vieille-ville?place=3'],
  ])('%s', (url, expected) => {
    expect(maskTokens(url)).toBe(expected)
  })

  it('masks every string of a report, at any depth, and leaves other values alone', () => {
    const event = { request: { url: `/auth/temp/${token}` }, breadcrumbs: [{ data: { from: '/dashboard', to: `/invitations/${token}` } }], level: 'error', n: 3 }
    expect(maskTokensDeep(event)).toEqual({
      request: { url: '/auth/temp/[redacted]' },
      breadcrumbs: [{ data: { from: '/dashboard', to: '/invitations/[redacted]' } }],
      level: 'error',
      n: 3,
    })
    expect(JSON.stringify(maskTokensDeep(event))).not.toContain(token)
  })
})

describe('server error reports', () => {
  let sentry: http.Server | undefined
  afterEach(async () => {
    await initErrorReporting({ SENTRY_DSN: undefined, APP_ENV: 'prod' })
    vi.restoreAllMocks()
    await new Promise((resolve) => sentry?.close(resolve))
  })

  /** A local server that takes Sentry's envelopes and keeps their bodies. */
  async function sentryServer(bodies: string[]) {
    sentry = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        const body = Buffer.concat(chunks)
        bodies.push((req.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(body) : body).toString())
        res.writeHead(200).end('{}')
      })
    })
    await new Promise<void>((resolve) => sentry!.listen(0, '127.0.0.1', resolve))
    return (sentry.address() as AddressInfo).port
  }

  it('send neither the path’s token nor one quoted in the error message', async () => {
    const bodies: string[] = []
    const port = await sentryServer(bodies)
    await initErrorReporting({ SENTRY_DSN: `http://publickey@127.0.0.1:${port}/1`, APP_ENV: 'prod' })
    const request = new Request(`http://localhost:3000/fr/auth/reset-password/${token}`, { method: 'POST' })
    captureException(new Error(`You made a POST request to "/fr/auth/reset-password/${token}" but did not provide an action`), request)
    // A sampled transaction names the path too.
    vi.spyOn(Math, 'random').mockReturnValue(0)
    await withTracing(async (_request: Request) => new Response('ok'))(request)
    await flushErrorReporting()
    expect(bodies).toHaveLength(2)
    for (const body of bodies) {
      expect(body).not.toContain(token)
      expect(body).toContain('/fr/auth/reset-password/[redacted]')
    }
  })

  it('mask e-mail addresses in messages and breadcrumbs, and join the browser’s trace', async () => {
    const bodies: string[] = []
    const port = await sentryServer(bodies)
    await initErrorReporting({ SENTRY_DSN: `http://publickey@127.0.0.1:${port}/1`, APP_ENV: 'prod' })
    const traceId = '0123456789abcdef0123456789abcdef'
    const request = new Request('http://localhost:3000/api/places', { headers: { 'sentry-trace': `${traceId}-0123456789abcdef-1` } })
    await withTracing(async (_request: Request) => {
      console.warn('mail to ada@example.org refused')
      captureException(new Error('no account for ada@example.org'), request)
      return new Response('ok')
    })(request)
    await flushErrorReporting()
    expect(bodies).toHaveLength(2)
    for (const body of bodies) {
      expect(body).not.toContain('ada@example.org')
      expect(body).toContain(traceId)
    }
    expect(bodies.join('\n')).toContain('no account for [email]')
  })
})
