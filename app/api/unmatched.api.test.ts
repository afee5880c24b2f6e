import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi } from '#tests/setup/test-app.ts'
import { createTestDb, type TestDb } from '#tests/setup/test-db.ts'
import { createHttpApp } from '../../server/http-app.ts'

// Issue 12, item 20: a path under /api that no route takes answers the API's JSON envelope
// (404, or 405 with Allow for a known path and another method), never the pages' HTML.

describe('unknown API paths through the whole server', () => {
  let testDb: TestDb
  let app: ReturnType<typeof createHttpApp>
  beforeAll(async () => {
    testDb = await createTestDb('sqlite')
    // The pages are never reached: the React Router build must not be loaded.
    app = createHttpApp({ services: createTestApi(testDb).services, build: () => Promise.reject(new Error('a page was rendered')), mode: 'production' })
  })
  afterAll(() => testDb.destroy())

  const call = async (method: string, path: string, headers: Record<string, string> = {}) => {
    const res = await app.request(path, { method, headers: { accept: 'text/html,*/*', ...headers } })
    return { status: res.status, type: res.headers.get('content-type'), allow: res.headers.get('allow'), body: await res.text() }
  }

  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/nope'],
    ['DELETE', '/api/no/such/thing'],
    ['GET', '/api/qr-codez'],
    ['GET', '/api/'],
    ['GET', '/api'],
  ])('%s %s: 404 in the JSON envelope', async (method, path) => {
    const res = await call(method, path)
    expect([res.status, res.type]).toEqual([404, 'application/json'])
    expect(JSON.parse(res.body)).toEqual({ message: 'Not found.' })
  })

  it.each([
    ['POST', '/api/health', 'GET, HEAD'],
    ['DELETE', '/api/auth/login', 'POST'],
    ['PUT', '/api/qr-codes/ABCD2345/detach-place', 'GET, POST, HEAD'],
    ['GET', '/api/qr-codes', 'POST'],
  ])('%s %s: 405 in the JSON envelope, with Allow', async (method, path, allow) => {
    const res = await call(method, path)
    expect([res.status, res.type, res.allow]).toEqual([405, 'application/json', allow])
    expect(JSON.parse(res.body)).toEqual({ message: 'This method is not allowed for this address.' })
  })

  it('answers in the caller’s language', async () => {
    expect(JSON.parse((await call('GET', '/api/nope', { 'accept-language': 'fr-CH,fr;q=0.9' })).body)).toEqual({ message: 'Introuvable.' })
    expect(JSON.parse((await call('POST', '/api/health', { 'accept-language': 'de' })).body)).toEqual({ message: 'Diese Methode ist für diese Adresse nicht erlaubt.' })
  })

  it('leaves the routes that exist alone', async () => {
    const health = await call('GET', '/api/health')
    expect([health.status, health.type]).toEqual([200, 'application/json'])
    expect((await call('HEAD', '/api/health')).status).toBe(200)
    expect((await call('POST', '/api/auth/login')).status).toBe(422)
  })
})
