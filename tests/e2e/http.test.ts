import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Services } from '#app/services.server.ts'
import { importBuiltApp, type BuiltApp } from '../setup/built-app.ts'
import { createTestApi } from '../setup/test-app.ts'
import { createTestDb, type TestDb } from '../setup/test-db.ts'
import { root } from './server.ts'

// The built app in process: status codes and redirects of whole pages, and fault injection.

let built: BuiltApp
let testDb: TestDb

beforeAll(async () => {
  built = await importBuiltApp()
  testDb = await createTestDb('sqlite')
})
afterAll(async () => {
  await testDb.destroy()
})

function appWith(overrides: Record<string, string> = {}, patch?: (services: Services) => Services) {
  const { services } = createTestApi(testDb, overrides, built)
  return { app: built.createHttpApp({ services: patch ? patch(services) : services, build: built, mode: 'production' }), services }
}
/** A browser's page request. */
const page = (headers: Record<string, string> = {}) => ({ headers: { accept: 'text/html', ...headers } })

describe('compression over HTTP (issue 18 item 3)', () => {
  const decode = (body: Buffer, encoding: string | null) =>
    encoding === 'br' ? zlib.brotliDecompressSync(body).toString() : encoding === 'gzip' ? zlib.gunzipSync(body).toString() : body.toString()

  it('sends pages, JSON and built files in brotli or gzip, each with its own ETag, and images as they are', async () => {
    const clientDir = path.join(root, 'build/client')
    const { services } = createTestApi(testDb, {}, built)
    const app = built.createHttpApp({ services, build: built, mode: 'production', clientDir })
    for (const url of ['/auth/login', '/api/openapi.json']) {
      const plain = await app.request(url, page())
      const text = await plain.text()
      for (const encoding of ['br', 'gzip']) {
        const res = await app.request(url, page({ 'accept-encoding': encoding }))
        expect([url, res.headers.get('content-encoding')]).toEqual([url, encoding])
        expect(res.headers.get('vary')).toMatch(/Accept-Encoding/)
        const body = Buffer.from(await res.arrayBuffer())
        expect(body.length * 3).toBeLessThan(Buffer.byteLength(text))
        // The login page carries this answer's own CSP nonce: compare what does not change.
        expect(decode(body, encoding).replace(/nonce="[^"]+"/g, '')).toBe(text.replace(/nonce="[^"]+"/g, ''))
      }
    }
    // The build wrote .br and .gz copies: served as they are, never compressed per request.
    const script = fs.readdirSync(path.join(clientDir, 'assets')).find((f) => f.endsWith('.js') && fs.existsSync(path.join(clientDir, 'assets', `${f}.br`)))!
    const res = await app.request(`/assets/${script}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(path.join(clientDir, 'assets', `${script}.br`)))).toBe(true)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const etag = res.headers.get('etag')!
    expect((await app.request(`/assets/${script}`, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } })).status).toBe(304)
    const gz = await app.request(`/assets/${script}`, { headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers.get('etag')).not.toBe(etag)
    const png = await app.request('/icon-192.png', { headers: { 'accept-encoding': 'br' } })
    expect(png.status).toBe(200)
    expect(png.headers.get('content-encoding')).toBeNull()
  })
})

describe('pages over HTTP', () => {
  it('sends a guest from / to the login page, and a signed-in user to the dashboard (302)', async () => {
    const { app, services } = appWith()
    const guest = await app.request('/', page())
    expect(guest.status).toBe(302)
    expect(guest.headers.get('location')).toBe('/auth/login')

    const token = await services.auth.register({ name: 'Root', email: `root-${Date.now()}@example.org`, password: 'long enough' }, 'test')
    const user = await app.request('/', page({ cookie: `token=${token}` }))
    expect(user.status).toBe(302)
    expect(user.headers.get('location')).toBe('/dashboard')
  })

  it('puts the security headers on a page and on an API answer, HSTS only over https', async () => {
    const { app } = appWith()
    for (const res of [await app.request('/auth/login', page()), await app.request('/api/health')]) {
      expect(res.status).toBe(200)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      // The full policies are tested in server/security-headers.test.ts and tests/e2e/csp.test.ts.
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(res.headers.get('strict-transport-security')).toBeNull()
    }
    const secure = await appWith({ BASE_URL: 'https://example.org' }).app.request('/api/health')
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
  })

  it('follows ROOT_REDIRECT with its status when configured', async () => {
    const { app } = appWith({ ROOT_REDIRECT: 'https://www.example.org/welcome', ROOT_REDIRECT_STATUS: '301' })
    const res = await app.request('/', page())
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe('https://www.example.org/welcome')
  })

  it('renders the 404 page with status 404 for an unknown path or language prefix', async () => {
    const { app } = appWith()
    for (const path of ['/no/such/page', '/xx/dashboard']) {
      const res = await app.request(path, page())
      expect([path, res.status, res.headers.get('location')]).toEqual([path, 404, null])
      const html = await res.text()
      expect(html).toContain('Page Not Found')
      expect(html).toContain(`Page not found: ${path}`)
    }
  })

  it('renders a loader’s crash as the 500 page, without the stack', async () => {
    // The root loader reads APP_ENV: make that read fail as a broken dependency would.
    let logged: { mock: { calls: unknown[][] } } | undefined
    const { app } = appWith({}, (services) => {
      // The crash is logged as a JSON line through the app's logger, not on the console.
      logged = vi.spyOn(services.logger, 'error').mockImplementation(() => undefined)
      return {
        ...services,
        config: Object.defineProperty({ ...services.config }, 'APP_ENV', {
          get(): never {
            throw new Error('database on fire')
          },
        }),
      }
    })
    const res = await app.request('/auth/login', page())
    expect(res.status).toBe(500)
    expect(logged?.mock.calls.map(([message]) => message)).toContain('unhandled page error')
    const html = await res.text()
    expect(html).toContain('Internal Server Error')
    expect(html).not.toContain('database on fire')
    expect(html).not.toMatch(/at .*\.(ts|js):\d+/)
  })

  it('serves uploaded images from the data folder, as images, cached for good', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'))
    try {
      const { app, services } = appWith({ DATA_DIR: dataDir })
      const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).webp().toBuffer()
      const key = 'routes/0b7d6f39-52a8-4a07-9d3c-5b2f1d8e9a10/photo-0123456789abcdef01234567.webp'
      await services.storage.put(key, webp, 'image/webp')
      const res = await app.request(`/uploads/${key}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/webp')
      expect(res.headers.get('content-disposition')).toBe('inline')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('cache-control')).toContain('immutable')
      expect(Buffer.from(await res.arrayBuffer()).equals(webp)).toBe(true)
      expect((await app.request('/uploads/routes/abc/missing.webp')).status).toBe(404)
      expect((await app.request('/uploads/..%2f..%2fpackage.json')).status).toBe(404)
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('protects manager pages: a guest is sent to log in and come back', async () => {
    const { app } = appWith()
    const res = await app.request('/fr/map?x=1', page())
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/fr/auth/login?redirectTo=%2Fmap%3Fx%3D1')
  })

  it('shows the 404 page, not the sign-in page, for /zz, /es/, /q/ and /m/ (issue 18, item 17)', async () => {
    const { app } = appWith()
    for (const path of ['/zz', '/es/', '/q/', '/m/', '/fr/q/', '/de/m/']) {
      const res = await app.request(path, page())
      expect([path, res.status, res.headers.get('location')]).toEqual([path, 404, null])
      expect(await res.text()).toMatch(/Page Not Found|Seite nicht gefunden|Page introuvable/)
    }
  })

  it('never redirects off the site through the locale prefix: /en//evil.example (issue 12, item 4)', async () => {
    const { app } = appWith()
    for (const path of ['/en//evil.example', '/en///evil.example', '/en/%2F/evil.example']) {
      const res = await app.request(path, page())
      expect(res.status).toBe(302)
      const location = res.headers.get('location')!
      expect([path, new URL(location, 'http://localhost:3000').origin]).toEqual([path, 'http://localhost:3000'])
      expect(location.startsWith('//')).toBe(false)
    }
  })

  it('refuses a sign-in link whose redirectTo holds CR/LF or a TAB with 400, and keeps the token (issue 12, item 5)', async () => {
    const { app, services } = appWith()
    const token = await services.auth.register({ name: 'Temp', email: `temp-${Date.now()}@example.org`, password: 'long enough' }, 'test')
    const user = (await services.auth.userForSession(token))!
    const temp = await services.auth.createTempToken(user.id)
    for (const redirectTo of ['%0d%0aSet-Cookie:%20x=1', '/%09/evil.example', '/%5Cevil.example']) {
      const res = await app.request(`/auth/temp/${temp}?redirectTo=${redirectTo}`, page())
      expect([redirectTo, res.status, res.headers.get('location'), /(^|, )token=/.test(res.headers.get('set-cookie') ?? '')]).toEqual([redirectTo, 400, null, false])
    }
    const used = await app.request(`/auth/temp/${temp}?redirectTo=%2Fmap`, page())
    expect([used.status, used.headers.get('location')]).toEqual([302, '/map'])
  })

  describe('sign-out and account switch cannot be triggered from another site (issue 12, item 13)', () => {
    async function signedIn() {
      const { app, services } = appWith()
      const token = await services.auth.register({ name: 'Signed In', email: `in-${Date.now()}-${Math.random()}@example.org`, password: 'long enough' }, 'test')
      return { app, services, token, cookie: `token=${token}` }
    }

    it('GET /auth/logout asks, with a form that posts; the session is intact', async () => {
      const { app, services, token, cookie } = await signedIn()
      const res = await app.request('/fr/auth/logout', page({ cookie }))
      expect(res.status).toBe(200)
      const html = await res.text()
      expect(html).toContain('Se déconnecter de Trailguide sur ce navigateur\u202f?')
      expect(html).toMatch(/<form [^>]*method="post"/)
      expect(await services.auth.userForSession(token)).not.toBeNull()
      // A guest has nothing to sign out of: the sign-in page.
      const guest = await app.request('/auth/logout', page())
      expect([guest.status, guest.headers.get('location')]).toEqual([302, '/auth/login'])
    })

    it('a cross-site POST with the cookie is refused (403), a same-origin one signs out', async () => {
      const { app, services, token, cookie } = await signedIn()
      const form = { method: 'POST', body: '', headers: { accept: 'text/html', cookie, 'content-type': 'application/x-www-form-urlencoded' } }
      for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }] as Record<string, string>[]) {
        const refused = await app.request('/auth/logout', { ...form, headers: { ...form.headers, ...headers } })
        expect(refused.status).toBe(403)
        expect(await refused.text()).toContain('Cross-site request refused.')
        expect(await services.auth.userForSession(token)).not.toBeNull()
      }
      const own = await app.request('http://localhost:3000/auth/logout', { ...form, headers: { ...form.headers, origin: 'http://localhost:3000' } })
      expect([own.status, own.headers.get('location')]).toEqual([302, '/auth/login'])
      expect(await services.auth.userForSession(token)).toBeNull()
    })

    it('a sign-in link opened with another account signed in asks first', async () => {
      const { app, services, token, cookie } = await signedIn()
      const other = await services.auth.register({ name: 'Other', email: `other-${Date.now()}@example.org`, password: 'long enough' }, 'test')
      const temp = await services.auth.createTempToken((await services.auth.userForSession(other))!.id)
      const asked = await app.request(`/auth/temp/${temp}`, page({ cookie }))
      expect([asked.status, /(^|, )token=/.test(asked.headers.get('set-cookie') ?? '')]).toEqual([200, false])
      expect(await asked.text()).toContain('You are signed in as Signed In.')
      // From another site, the confirmation is refused too.
      const forged = await app.request(`/auth/temp/${temp}`, { method: 'POST', headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' } })
      expect(forged.status).toBe(403)
      expect((await services.auth.userForSession(token))?.name).toBe('Signed In')
    })
  })

  it('answers a POST to a page without an action with 405, quietly (issue 12, item 15)', async () => {
    let logged: { mock: { calls: unknown[][] } } | undefined
    const { app, services } = appWith({}, (services) => {
      logged = vi.spyOn(services.logger, 'error').mockImplementation(() => undefined)
      return services
    })
    const token = await services.auth.register({ name: 'Poster', email: `post-${Date.now()}@example.org`, password: 'long enough' }, 'test')
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    for (const [path, headers] of [
      ['/zz', form],
      ['/m/nowhere/none', form],
      ['/c/nowhere', form],
      ['/statistics', { ...form, cookie: `token=${token}`, origin: 'http://localhost:3000' }],
    ] as const) {
      const res = await app.request(`http://localhost:3000${path}`, { method: 'POST', body: 'a=1', headers: { accept: 'text/html', ...headers } })
      expect([path, res.status]).toEqual([path, 405])
      const html = await res.text()
      expect(html).toContain('Method not allowed')
      expect(html).toContain('This page does not accept what was sent to it.')
    }
    // A form posted from another site is refused before React Router, quietly too (its own
    // check would log each one as an error).
    const forged = await app.request('/auth/login', { method: 'POST', body: 'a=1', headers: { ...form, origin: 'https://evil.example' } })
    expect(forged.status).toBe(403)
    // The app's own Origin with another Host: React Router's check would log an error each time.
    for (let i = 0; i < 3; i++) {
      const misrouted = await app.request('http://internal.example:8080/auth/login', { method: 'POST', body: 'a=1', headers: { ...form, origin: 'http://localhost:3000' } })
      expect(misrouted.status).toBe(403)
    }
    expect(logged?.mock.calls.map(([message]) => message)).toEqual([])
  })
})
