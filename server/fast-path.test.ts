import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { getRequestListener } from '@hono/node-server'
import { manager, storeRoute } from '#app/modules/walks/walks.test-fixtures.ts'
import { importBuiltApp, type BuiltApp } from '#tests/setup/built-app.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { root } from '../tests/e2e/server.ts'

// The lean request path (ADR 033): what it answers before the framework must be the
// framework's answer, header for header and byte for byte (only the request id, the date and
// the CSP nonce differ), every kept page served is a view, and a write is seen at once.

let built: BuiltApp
const clientDir = path.join(root, 'build/client')
beforeAll(async () => {
  built = await importBuiltApp()
})

/** Headers that belong to one answer or to the connection. */
const PER_ANSWER = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'])
const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1]
function comparable(headers: Headers) {
  const out: Record<string, string> = {}
  headers.forEach((value, name) => {
    if (!PER_ANSWER.has(name)) out[name] = name === 'content-security-policy' ? value.replace(/'nonce-[^']+'/, "'nonce-*'") : value
  })
  return out
}
/** A request as it goes on the wire (fetch would decompress the body). */
function raw(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'user-agent': BROWSER, ...headers } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const out = new Headers()
          for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) out.set(name, Array.isArray(value) ? value.join(', ') : value)
          resolve({ status: res.statusCode!, headers: out, body: Buffer.concat(chunks) })
        })
      })
      .on('error', reject)
  })
}
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36'
const withoutNonces = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""')

describe.each(testDialects)('the lean request path on %s', (dialect) => {
  const { t } = useTestApi(dialect, {}, () => built)
  let server: http.Server | undefined
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve))
    server = undefined
  })

  async function listen(pageCache?: InstanceType<BuiltApp['PageCache']>) {
    server = http.createServer(built.createRequestListener({ services: t.services, build: built, mode: 'production', clientDir, pageCache }))
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`
  }
  /** The same request through the framework alone (its own render cache, so a first render then a kept answer). */
  const framework = () => built.createHttpApp({ services: t.services, build: built, mode: 'production', clientDir, pageCache: new built.PageCache(t.services.db) })

  async function publishedRoute(name: string) {
    const { token, category } = await manager(t, { fallback_locale: 'en' })
    const route = await storeRoute(t, token, category.id, { name })
    const res = await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, status: 'published' } })
    expect(res.status, JSON.stringify(res.json)).toBe(200)
    const walk = await t.services.db.selectFrom('walks').select('id').where('uuid', '=', route.uuid).executeTakeFirstOrThrow()
    return { token, route, walkId: walk.id, path: `/r/${category.slug}/${route.slug}` }
  }
  const viewsOf = async (walkId: number) =>
    Number((await t.services.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).where('walk_id', '=', walkId).where('type', '=', 'view').executeTakeFirstOrThrow()).n)
  async function eventually(check: () => Promise<boolean>) {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 20))
  }

  it('answers a kept page as the framework does, with a fresh nonce, and counts every view', async () => {
    const { walkId, path: pagePath, token, route } = await publishedRoute('Tour des Remparts')
    const base = await listen()
    const views = await viewsOf(walkId)
    const first = await raw(`${base}${pagePath}`, { 'accept-encoding': 'identity' })
    const firstHtml = first.body.toString()
    const kept = await raw(`${base}${pagePath}`, { 'accept-encoding': 'identity' })
    const keptHtml = kept.body.toString()
    expect(kept.status).toBe(200)
    expect(keptHtml).toContain('Tour des Remparts')

    // The framework's own kept answer: same headers, same bytes but the nonce.
    const app = framework()
    await app.request(pagePath, { headers: { 'accept-encoding': 'identity', 'user-agent': BROWSER } })
    const reference = await app.request(pagePath, { headers: { 'accept-encoding': 'identity', 'user-agent': BROWSER } })
    expect(comparable(kept.headers)).toEqual(comparable(reference.headers))
    expect(withoutNonces(keptHtml)).toBe(withoutNonces(await reference.text()))
    expect(withoutNonces(keptHtml)).toBe(withoutNonces(firstHtml))
    // Each answer its own nonce, the same in the policy and in the page's scripts.
    const nonce = nonceOf(kept.headers.get('content-security-policy'))
    expect(nonce).toBeTruthy()
    expect(nonce).not.toBe(nonceOf(first.headers.get('content-security-policy')))
    expect(keptHtml).toContain(`nonce="${nonce}"`)
    expect(keptHtml).not.toContain(`nonce="${nonceOf(first.headers.get('content-security-policy'))}"`)
    expect(kept.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/)
    expect((await raw(`${base}${pagePath}`, { 'x-request-id': 'lb-42' })).headers.get('x-request-id')).toBe('lb-42')

    // gzip from the kept parts, with its own ETag; a 304 for the client's copy, without a policy.
    const gz = await raw(`${base}${pagePath}`, { 'accept-encoding': 'gzip' })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    const gzHtml = zlib.gunzipSync(gz.body).toString()
    expect(withoutNonces(gzHtml)).toBe(withoutNonces(keptHtml))
    expect(gzHtml).toContain(`nonce="${nonceOf(gz.headers.get('content-security-policy'))}"`)
    const notModified = await raw(`${base}${pagePath}`, { 'accept-encoding': 'gzip', 'if-none-match': gz.headers.get('etag')! })
    expect(notModified.status).toBe(304)
    expect(notModified.headers.get('content-security-policy')).toBeNull()
    expect(notModified.headers.get('x-content-type-options')).toBe('nosniff')

    // Every page served is a view: 2 above, 1 with the request id, the gzip one and the 304 (the
    // framework's two are counted too).
    await eventually(async () => (await viewsOf(walkId)) >= views + 7)
    expect(await viewsOf(walkId)).toBe(views + 7)

    // A write raises the content version: the next request renders anew, on either path.
    const renamed = await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, name: 'Tour des Bastions' } })
    expect(renamed.status).toBe(200)
    expect(await (await fetch(`${base}${pagePath}`)).text()).toContain('Tour des Bastions')
    expect(await (await fetch(`${base}${pagePath}`)).text()).toContain('Tour des Bastions')
  })

  it('leaves members, subdomains and other methods to the framework', async () => {
    const { path: pagePath, token } = await publishedRoute('Tour du Signal')
    const base = await listen()
    await fetch(`${base}${pagePath}`)
    // A member may see drafts: never a kept page, marked private by the framework.
    const member = await fetch(`${base}${pagePath}`, { headers: { cookie: `token=${token}` } })
    expect(member.headers.get('cache-control')).toBe('private, no-store')
    const head = await fetch(`${base}${pagePath}`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await (await fetch(`${base}/%00`)).text()).toBe('Bad request')
  })

  it('leaves a page to the framework when the lean path fails before answering', async () => {
    const { path: pagePath } = await publishedRoute('Tour de la Cité')
    const pageCache = new built.PageCache(t.services.db)
    const base = await listen(pageCache)
    expect((await raw(`${base}${pagePath}`)).status).toBe(200)
    // The lean path's lookup of the kept page fails once (its versions unreadable, say).
    const lookupNow = pageCache.lookupNow.bind(pageCache)
    let calls = 0
    pageCache.lookupNow = (key: string) => {
      if (calls++ === 0) throw new Error('versions unreadable')
      return lookupNow(key)
    }
    const answer = await raw(`${base}${pagePath}`, { 'accept-encoding': 'identity' })
    expect(answer.status).toBe(200)
    expect(answer.body.toString()).toContain('Tour de la Cité')
    // The failure, then the framework's own lookup of the same page.
    expect(calls).toBe(2)
  })

  it('serves built files and the liveness probe from memory with the framework headers', async () => {
    const base = await listen()
    const app = framework()
    const script = fs.readdirSync(path.join(clientDir, 'assets')).find((f) => f.endsWith('.js') && fs.existsSync(path.join(clientDir, 'assets', `${f}.br`)))!
    const cases: [string, Record<string, string>][] = [
      ['/icon-192.png', {}],
      ['/favicon.svg', { 'accept-encoding': 'gzip' }],
      ['/manifest.webmanifest', {}],
      [`/assets/${script}`, { 'accept-encoding': 'br' }],
      [`/assets/${script}`, { 'accept-encoding': 'gzip' }],
      [`/assets/${script}`, {}],
      ['/api/health', {}],
      ['/robots.txt', { 'accept-encoding': 'gzip' }],
      ['/robots.txt', {}],
    ]
    for (const [url, headers] of cases) {
      const fast = await raw(`${base}${url}`, headers)
      const reference = await app.request(url, { headers })
      expect([url, fast.status]).toEqual([url, reference.status])
      expect([url, comparable(fast.headers)]).toEqual([url, comparable(reference.headers)])
      expect([url, fast.body.equals(Buffer.from(await reference.arrayBuffer()))]).toEqual([url, true])
      const etag = fast.headers.get('etag')
      if (!etag) continue
      const fast304 = await raw(`${base}${url}`, { ...headers, 'if-none-match': etag })
      const reference304 = await app.request(url, { headers: { ...headers, 'if-none-match': etag } })
      expect([url, fast304.status]).toEqual([url, 304])
      expect([url, comparable(fast304.headers)]).toEqual([url, comparable(reference304.headers)])
    }
    const head = await fetch(`${base}/icon-192.png`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String((await app.request('/icon-192.png')).headers.get('content-length')))
  })
})

/** The listener's two halves apart, to tell which one answered: the server and its counts. */
async function listenSplit(services: Parameters<BuiltApp['createFastPath']>[0]['services']) {
  const fast = built.createFastPath({ services, pageCache: new built.PageCache(services.db), clientDir, countView: built.countView })
  const framework = getRequestListener(built.createHttpApp({ services, build: built, mode: 'production', clientDir }).fetch)
  const seen = { fast: 0, framework: 0 }
  const server = http.createServer((req, res) => {
    void Promise.resolve(fast(req, res)).then((answered) => {
      if (answered) seen.fast++
      else {
        seen.framework++
        void framework(req, res)
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }
}

describe.each(testDialects)('visitor events on the lean path on %s', (dialect) => {
  const { t } = useTestApi(dialect, { RATE_LIMIT_EVENTS: '6/60' }, () => built)
  let server: http.Server | undefined
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve))
    server = undefined
  })

  async function listen() {
    const split = await listenSplit(t.services)
    server = split.server
    return split
  }
  const post = (base: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/events`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'user-agent': BROWSER, ...headers } })
  const timeEvents = async (walkId: number) =>
    Number((await t.services.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).where('walk_id', '=', walkId).where('type', '=', 'time').executeTakeFirstOrThrow()).n)

  it('stores an event and answers as the framework does; refusals are the API’s own, in the caller’s language', async () => {
    const { token, category } = await manager(t, { fallback_locale: 'en' })
    const route = await storeRoute(t, token, category.id, { name: 'Sentier des Vignes' })
    expect((await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, status: 'published' } })).status).toBe(200)
    const walk = await t.services.db.selectFrom('walks').select('id').where('uuid', '=', route.uuid).executeTakeFirstOrThrow()
    const { base, seen } = await listen()
    const event = JSON.stringify({ type: 'time', route_uuid: route.uuid, value: 30 })

    const fast = await post(base, event)
    expect(fast.status).toBe(202)
    expect(seen).toEqual({ fast: 1, framework: 0 })
    const reference = await built.createHttpApp({ services: t.services, build: built, mode: 'production', clientDir }).request('/api/events', {
      method: 'POST',
      body: event,
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
    })
    expect(reference.status).toBe(202)
    expect(comparable(fast.headers)).toEqual(comparable(reference.headers))
    expect(await fast.text()).toBe(await reference.text())
    // A beacon (text/plain) and a batch of two take the lean path too: 1 + 1 + 2 + 1 stored.
    expect((await post(base, event, { 'content-type': 'text/plain;charset=UTF-8' })).status).toBe(202)
    expect((await post(base, JSON.stringify({ events: [JSON.parse(event), JSON.parse(event)] }))).status).toBe(202)
    expect(seen).toEqual({ fast: 3, framework: 0 })
    expect(await timeEvents(walk.id)).toBe(5)

    // What the lean path does not take goes to the framework, body and all: its wording, its status.
    const malformed = await post(base, '{"type": "time",', { 'accept-language': 'fr' })
    expect([malformed.status, ((await malformed.json()) as { message: string }).message]).toEqual([400, 'Le corps de la requête n’est pas du JSON valide.'])
    const invalid = await post(base, JSON.stringify({ type: 'time', route_uuid: route.uuid, value: -4 }), { 'accept-language': 'de' })
    expect(invalid.status).toBe(422)
    expect(Object.keys(((await invalid.json()) as { errors: Record<string, string[]> }).errors)).toEqual(['value'])
    const member = await post(base, event, { cookie: `token=${token}` })
    expect(member.status).toBe(202)
    expect(seen).toEqual({ fast: 3, framework: 3 })

    // A refusal of the service itself is answered on the lean path, with the envelope's words.
    const unknown = await post(base, JSON.stringify({ type: 'time', route_uuid: '00000000-0000-4000-8000-000000000000', value: 3 }), { 'accept-language': 'it' })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ message: 'Non trovato.' })
    // The client's limit (6 a minute) is the same count on both paths: the 7th event is refused.
    const limited = await post(base, event, { 'accept-language': 'en' })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(((await limited.json()) as { message: string }).message).toMatch(/too many/i)
    expect(seen).toEqual({ fast: 5, framework: 3 })
    expect(await timeEvents(walk.id)).toBe(6)
  })
})

describe.each(testDialects)('open data on the lean path on %s', (dialect) => {
  // One trusted proxy: each test is a client of its own (X-Forwarded-For), with a limit of its own.
  const { t } = useTestApi(dialect, { RATE_LIMIT_OPEN_DATA: '14/60', TRUST_PROXY: '1' }, () => built)
  let server: http.Server | undefined
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve))
    server = undefined
  })

  it('answers as the framework does, leaves the unusual to it, and counts one limit', async () => {
    const { token, category } = await manager(t, { fallback_locale: 'fr' })
    const route = await storeRoute(t, token, category.id, { name: 'Chemin des Crêtes' })
    expect((await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, status: 'published' } })).status).toBe(200)
    const split = await listenSplit(t.services)
    server = split.server
    const { base, seen } = split
    // The reference: the framework alone (another client: its own limit).
    const app = built.createHttpApp({ services: t.services, build: built, mode: 'production', clientDir })
    const open = `/api/public/categories/${category.slug}`

    const cases: [string, Record<string, string>][] = [
      [open, {}],
      [open, { 'accept-encoding': 'gzip' }],
      [open, { 'accept-encoding': 'br, gzip', 'accept-language': 'de' }],
      [`${open}?locale=de`, {}],
      [`${open}/geojson`, { 'accept-encoding': 'gzip' }],
    ]
    for (const [url, headers] of cases) {
      const lean = await raw(`${base}${url}`, headers)
      const reference = await app.request(url, { headers: { 'user-agent': BROWSER, ...headers } })
      expect([url, lean.status]).toEqual([url, 200])
      expect([url, comparable(lean.headers)]).toEqual([url, comparable(reference.headers)])
      expect([url, lean.body.equals(Buffer.from(await reference.arrayBuffer()))]).toEqual([url, true])
      const etag = lean.headers.get('etag')!
      const lean304 = await raw(`${base}${url}`, { ...headers, 'if-none-match': etag })
      const reference304 = await app.request(url, { headers: { 'user-agent': BROWSER, ...headers, 'if-none-match': etag } })
      expect([url, lean304.status]).toEqual([url, 304])
      expect([url, comparable(lean304.headers)]).toEqual([url, comparable(reference304.headers)])
    }
    expect(seen).toEqual({ fast: 10, framework: 0 })
    // Refusals and the unusual go to the framework.
    const unknown = await raw(`${base}/api/public/categories/nowhere-at-all`, { 'accept-language': 'it' })
    expect([unknown.status, unknown.headers.get('access-control-allow-origin')]).toEqual([404, '*'])
    expect(JSON.parse(unknown.body.toString())).toEqual({ message: 'Non trovato.' })
    const badLocale = await raw(`${base}${open}?locale=not_a_tag`)
    // Not a tag: the framework's reading of it (the lean path takes canonical tags only).
    expect([badLocale.status, (await app.request(`${open}?locale=not_a_tag`)).status]).toEqual([422, 422])
    const withSession = await raw(`${base}${open}`, { cookie: `token=${token}` })
    expect(withSession.status).toBe(200)
    expect(seen).toEqual({ fast: 10, framework: 3 })
  })

  it('refuses a client over its limit with the API’s 429, CORS-open, on either path', async () => {
    const { category } = await manager(t, { fallback_locale: 'fr' })
    const split = await listenSplit(t.services)
    server = split.server
    const { base } = split
    const statuses: number[] = []
    const client = { 'x-forwarded-for': '203.0.113.9' }
    for (let i = 0; i < 15; i++) statuses.push((await raw(`${base}/api/public/categories/${category.slug}`, client)).status)
    // 14 a minute: the 15th is refused (the lean path's count is the framework's).
    expect(statuses.filter((s) => s === 200)).toHaveLength(14)
    expect(statuses[14]).toBe(429)
    const refused = await raw(`${base}/api/public/categories/${category.slug}`, { ...client, 'accept-language': 'de' })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('access-control-allow-origin')).toBe('*')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
