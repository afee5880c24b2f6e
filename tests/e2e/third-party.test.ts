import http from 'node:http'
import type net from 'node:net'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Services } from '#app/services.server.ts'
import { importBuiltApp, type BuiltApp } from '../setup/built-app.ts'
import { createTestApi } from '../setup/test-app.ts'
import { createTestDb, type TestDb } from '../setup/test-db.ts'
import { desktop } from './browser.ts'
import { useBrowserPage } from './fixtures.ts'
import { startServer, type RunningServer } from './server.ts'
import { sharedServer } from './shared-server.ts'

// Third-party hooks (docs/spec.md §7 analytics, §8 error reporting), each against a local stand-in.

interface Received {
  url: string
  headers: http.IncomingHttpHeaders
  body: string
}

/** A local HTTP server that records every request: plays Plausible or Sentry. */
async function recorder() {
  const received: Received[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body })
      res.writeHead(202, { 'Access-Control-Allow-Origin': '*' }).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return { port, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

let built: BuiltApp
let testDb: TestDb
// The browser tests below browse the app as app.trailguide.test (mapped to 127.0.0.1 inside
// Chromium), on servers of their own: the fixtures' Chromium, context per test and checks
// (errors, axe) with those servers' addresses.
const analyticsHost = 'app.trailguide.test'
// The one error this file throws on purpose (Sentry's test) is its own to check: not a failure of the page.
const browser = useBrowserPage({ launchArgs: [`--host-resolver-rules=MAP ${analyticsHost} 127.0.0.1`], allowErrors: /^pageerror: boom in the browser$/ })
/** As this file's browser tests always opened them: Chromium's own language and motion settings. */
const chromiumDefaults = { locale: null, reducedMotion: null }

beforeAll(async () => {
  built = await importBuiltApp()
  testDb = await createTestDb('sqlite')
})
afterAll(async () => {
  await testDb.destroy()
})

function appWith(overrides: Record<string, string> = {}, patch?: (services: Services) => Services) {
  const { services } = createTestApi(testDb, overrides, built)
  return built.createHttpApp({ services: patch ? patch(services) : services, build: built, mode: 'production' })
}
const page = { headers: { accept: 'text/html' } }

describe('analytics script in the HTML', () => {
  it('is absent when ANALYTICS_HOST is unset', async () => {
    const html = await (await appWith().request('/auth/login', page)).text()
    expect(html).not.toContain('analytics.js')
  })

  it('points at the configured host, with BASE_URL’s host as the default domain', async () => {
    const html = await (await appWith({ ANALYTICS_HOST: 'https://stats.example.org/' }).request('/auth/login', page)).text()
    // With the page's CSP nonce, like every script the app writes.
    expect(html).toMatch(/<script nonce="[\w+/=]+" defer="" src="\/analytics.js" data-api="https:\/\/stats.example.org\/api\/event" data-domain="localhost" data-token-path="[^"]+" data-secret-query="[^"]+">/)
  })
})

describe('error reporting', () => {
  let sentry: Awaited<ReturnType<typeof recorder>>
  beforeAll(async () => {
    sentry = await recorder()
    await built.initErrorReporting({ SENTRY_DSN: `http://publickey@127.0.0.1:${sentry.port}/1`, APP_ENV: 'staging' })
  })
  afterAll(async () => {
    await built.initErrorReporting({ SENTRY_DSN: undefined, APP_ENV: 'prod' })
    await sentry.stop()
  })

  it('sends a loader’s crash as an envelope, without cookies, headers or query string', async () => {
    const app = appWith({}, (services) => ({
      ...services,
      config: Object.defineProperty({ ...services.config }, 'APP_ENV', {
        get(): never {
          throw new Error('database on fire')
        },
      }),
    }))
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const res = await app.request('/auth/login?token=secret-token', {
      headers: { accept: 'text/html', cookie: 'token=secret-cookie', authorization: 'Bearer secret-bearer' },
    })
    logged.mockRestore()
    expect(res.status).toBe(500)
    await built.flushErrorReporting()

    expect(sentry.received).toHaveLength(1)
    const [{ url, headers, body }] = sentry.received
    expect(url).toBe('/api/1/envelope/')
    expect(headers['x-sentry-auth']).toContain('sentry_key=publickey')
    const [envelopeHeader, itemHeader, event] = body.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(envelopeHeader.dsn).toBe(`http://publickey@127.0.0.1:${sentry.port}/1`)
    expect(itemHeader).toEqual({ type: 'event' })
    expect(event).toMatchObject({
      level: 'error',
      platform: 'node',
      environment: 'staging',
      exception: { values: [{ type: 'Error', value: 'database on fire' }] },
      request: { method: 'GET', url: 'http://localhost/auth/login' },
    })
    expect(body).not.toMatch(/secret-(token|cookie|bearer)|cookie|authorization/i)
  })
})

describe('page-view analytics in the browser', () => {
  // The app is browsed as app.trailguide.test (mapped to 127.0.0.1 inside Chromium), since the
  // script rightly ignores localhost.
  const host = analyticsHost
  let plausible: Awaited<ReturnType<typeof recorder>>
  let server: RunningServer
  let origin: string

  beforeAll(async () => {
    plausible = await recorder()
    const dataDir = sharedServer().dataDir
    // The demo database of the main e2e server, read by this second one (it has the landing pages).
    server = await startServer({
      ANALYTICS_HOST: `http://127.0.0.1:${plausible.port}`,
      ANALYTICS_DOMAIN: 'trailguide.test',
      DATABASE_URL: path.join(dataDir, 'trailguide.sqlite'),
      DATA_DIR: dataDir,
    })
    origin = server.url.replace('localhost', host)
  })
  afterAll(async () => {
    await server?.stop()
    await plausible?.stop()
  })
  afterEach(() => {
    plausible.received.length = 0
  })

  async function open(): Promise<Page> {
    return (await browser.open({ ...desktop, baseURL: origin }, chromiumDefaults)).page
  }
  const events = () => plausible.received.map((r) => ({ url: r.url, type: r.headers['content-type'], event: JSON.parse(r.body) as unknown }))

  it('sends a pageview on load and after a client-side navigation', async () => {
    const page = await open()
    await page.goto('/auth/login')
    await expect.poll(() => plausible.received.length).toBe(1)
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' })
    await page.getByRole('link', { name: /create an account|register|sign up/i }).first().click()
    await page.waitForURL('**/auth/register')
    await expect.poll(() => plausible.received.length).toBe(2)
    expect(events()).toEqual([
      {
        url: '/api/event',
        type: 'text/plain',
        event: { n: 'pageview', u: `${origin}/auth/login`, d: 'trailguide.test', r: null, w: 1280, h: 0, p: {} },
      },
      {
        url: '/api/event',
        type: 'text/plain',
        event: { n: 'pageview', u: `${origin}/auth/register`, d: 'trailguide.test', r: null, w: 1280, h: 0, p: {} },
      },
    ])
  })

  it('counts the script-less landing page too, with its referrer', async () => {
    const page = await open()
    await page.goto('/r/lausanne/la-vieille-ville', { referer: 'https://search.example.org/' })
    expect(await page.locator('html[data-hydrated]').count()).toBe(0)
    await expect.poll(() => plausible.received.length).toBe(1)
    expect(JSON.parse(plausible.received[0].body)).toMatchObject({ u: `${origin}/r/lausanne/la-vieille-ville`, r: 'https://search.example.org/' })
  })

  it('masks the token of a reset, sign-in or invitation link in the page and referrer URLs (issue 12, item 11)', async () => {
    const page = await open()
    const token = 'live-reset-token-4f9a2c'
    await page.goto(`/fr/auth/reset-password/${token}?email=ada%40example.org`, { referer: `${origin}/invitations/${token}` })
    await expect.poll(() => plausible.received.length).toBe(1)
    expect(plausible.received[0].body).not.toContain(token)
    expect(plausible.received[0].body).not.toContain('ada')
    expect(JSON.parse(plausible.received[0].body)).toMatchObject({
      u: `${origin}/fr/auth/reset-password/[redacted]?email=[redacted]`,
      r: `${origin}/invitations/[redacted]`,
    })
  })

  it('sends nothing on localhost', async () => {
    const page = await open()
    await page.goto(`${server.url}/auth/login`)
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' })
    await page.waitForTimeout(300)
    expect(plausible.received).toEqual([])
  })

  it('sends nothing when the ignore flag is set in local storage', async () => {
    const page = await open()
    await page.goto('/auth/login')
    await expect.poll(() => plausible.received.length).toBe(1)
    await page.evaluate(() => localStorage.setItem('plausible_ignore', 'true'))
    plausible.received.length = 0
    await page.reload()
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' })
    await page.getByRole('link', { name: /create an account|register|sign up/i }).first().click()
    await page.waitForURL('**/auth/register')
    await page.waitForTimeout(500)
    expect(plausible.received).toEqual([])
  })
})

describe('error reporting in the browser', () => {
  let sentry: Awaited<ReturnType<typeof recorder>>
  let server: RunningServer

  beforeAll(async () => {
    sentry = await recorder()
    server = await startServer({ SENTRY_DSN: `http://publickey@127.0.0.1:${sentry.port}/1` })
  })
  afterAll(async () => {
    await server?.stop()
    await sentry?.stop()
  })

  it('sends an uncaught error through Sentry’s SDK, loaded only because a DSN is set, without the query string', async () => {
    const { page, errors } = await browser.open({ ...desktop, baseURL: server.url }, chromiumDefaults)
    await page.goto('/auth/login?token=secret-in-query')
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' })
    // The SDK is a lazy chunk: wait until it has installed its handlers.
    await page.waitForFunction(() => Boolean((window as unknown as { __SENTRY__?: unknown }).__SENTRY__))
    await page.evaluate(() => setTimeout(() => { throw new Error('boom in the browser') }))
    await expect.poll(() => sentry.received.filter((r) => r.body.includes('boom in the browser')).length, { timeout: 10_000 }).toBeGreaterThan(0)
    const report = sentry.received.find((r) => r.body.includes('boom in the browser'))!
    expect(report.url).toMatch(/^\/api\/1\/envelope\//)
    expect(report.body).not.toContain('secret-in-query')
    // Nothing but the error thrown on purpose (which Sentry's handler may keep from the console).
    expect(errors.filter((e) => !e.includes('Failed to load resource') && e !== 'pageerror: boom in the browser')).toEqual([])
    errors.length = 0
  })

  it('masks the token of the page’s path and of navigations in the report (issue 12, item 11)', async () => {
    const { page, errors } = await browser.open({ ...desktop, baseURL: server.url }, chromiumDefaults)
    const token = 'live-reset-token-77b1e0'
    await page.goto(`/auth/reset-password/${token}`)
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' })
    await page.waitForFunction(() => Boolean((window as unknown as { __SENTRY__?: unknown }).__SENTRY__))
    // A breadcrumb of a navigation to another token page, then an error.
    await page.evaluate((t) => history.pushState(null, '', `/auth/temp/${t}`), token)
    await page.evaluate((t) => setTimeout(() => { throw new Error(`boom on /invitations/${t}`) }), token)
    await expect.poll(() => sentry.received.filter((r) => r.body.includes('boom on')).length, { timeout: 10_000 }).toBeGreaterThan(0)
    await page.waitForTimeout(500)
    for (const report of sentry.received) expect(report.body).not.toContain(token)
    const report = sentry.received.find((r) => r.body.includes('boom on'))!
    expect(report.body).toContain('/invitations/[redacted]')
    // Nothing but the error thrown on purpose (which Sentry's handler may keep from the console).
    expect(errors.filter((e) => !e.includes('Failed to load resource') && e !== `pageerror: boom on /invitations/${token}`)).toEqual([])
    errors.length = 0
  })
})
