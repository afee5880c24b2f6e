import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import type { ServerBuild } from 'react-router'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Services } from '#app/services.server.ts'
import { createHttpApp } from '../../server/http-app.ts'
import { createTestApi } from '../setup/test-app.ts'
import { createTestDb, type TestDb } from '../setup/test-db.ts'
import { root } from './server.ts'

// The built app in process: status codes and redirects of whole pages, and fault injection.

let build: ServerBuild
let testDb: TestDb

beforeAll(async () => {
  build = (await import(path.join(root, 'build/server/index.js'))) as ServerBuild
  testDb = await createTestDb('sqlite')
})
afterAll(async () => {
  await testDb.destroy()
})

function appWith(overrides: Record<string, string> = {}, patch?: (services: Services) => Services) {
  const { services } = createTestApi(testDb, overrides)
  return { app: createHttpApp({ services: patch ? patch(services) : services, build, mode: 'production' }), services }
}
/** A browser's page request. */
const page = (headers: Record<string, string> = {}) => ({ headers: { accept: 'text/html', ...headers } })

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
      await services.storage.put('routes/abc/photo-1.webp', webp, 'image/webp')
      const res = await app.request('/uploads/routes/abc/photo-1.webp')
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/webp')
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
})
