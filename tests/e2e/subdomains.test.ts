import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { manager, storeRoute } from '#app/modules/walks/walks.test-fixtures.ts'
import { importBuiltApp, type BuiltApp } from '../setup/built-app.ts'
import { createTestApi, type TestApi } from '../setup/test-app.ts'
import { createTestDb, type TestDb } from '../setup/test-db.ts'
import { keepScreenshot, phone } from './browser.ts'
import { demoOwner } from './demo-login.ts'
import { useBrowserPage } from './fixtures.ts'
import { startServer, type RunningServer } from './server.ts'

// Subdomain routing (issue 5, docs/spec.md §4): {category}.{base host} serves that category's
// public pages. Routing compares host names only, so BASE_URL needs no port here.
const BASE = 'http://trailguide.test'
const page = (host: string, headers: Record<string, string> = {}) => ({ headers: { accept: 'text/html', host, ...headers } })
// The fixtures' Chromium (errors and axe checked on every page), with names that resolve to this machine.
const browser = useBrowserPage({ launchArgs: ['--host-resolver-rules=MAP *.trailguide.test 127.0.0.1, MAP trailguide.test 127.0.0.1'] })

describe('subdomain routing over HTTP (Host headers)', () => {
  let built: BuiltApp
  let testDb: TestDb

  beforeAll(async () => {
    built = await importBuiltApp()
    testDb = await createTestDb('sqlite')
  })
  afterAll(async () => {
    await testDb.destroy()
  })

  function appWith(overrides: Record<string, string>) {
    const t = createTestApi(testDb, { BASE_URL: BASE, ...overrides }, built)
    return { t, app: built.createHttpApp({ services: t.services, build: built, mode: 'production' }) }
  }
  async function published(t: TestApi, token: string, categoryId: number, name: string) {
    const route = await storeRoute(t, token, categoryId, { name })
    const res = await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, status: 'published' } })
    expect(res.status).toBe(200)
    return route as { uuid: string; slug: string }
  }

  it("serves a category's route on its subdomain, and 404s an unknown subdomain", async () => {
    const { t, app } = appWith({ SUBDOMAIN_ROUTING: 'on' })
    const { token, category } = await manager(t)
    const route = await published(t, token, category.id, 'Lakeside stroll')
    const res = await app.request(`/r/${route.slug}`, page(`${category.slug}.trailguide.test`))
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('Lakeside stroll')

    const unknown = await app.request(`/r/${route.slug}`, page('no-such-town.trailguide.test'))
    expect(unknown.status).toBe(404)
    // A page of ours in the address's language, named and with its language set (WCAG 3.1.1).
    const german = await app.request(`/de/r/${route.slug}`, page('no-such-town.trailguide.test'))
    expect(german.status).toBe(404)
    const html = await german.text()
    expect(html).toContain('<html lang="de">')
    expect(html).toContain(`<title>Seite nicht gefunden</title>`)
    expect(html).toContain(`/de/r/${route.slug}`)
    expect((await app.request('/', page('no-such-town.trailguide.test'))).status).toBe(404)
  })

  it("sends a slug of another category to the host category's first published route, keeping the language", async () => {
    const { t, app } = appWith({ SUBDOMAIN_ROUTING: 'on' })
    const host = await manager(t)
    const first = await published(t, host.token, host.category.id, 'First walk')
    await published(t, host.token, host.category.id, 'Second walk')
    const other = await manager(t)
    const foreign = await published(t, other.token, other.category.id, 'Elsewhere walk')

    const res = await app.request(`/r/${foreign.slug}`, page(`${host.category.slug}.trailguide.test`))
    expect([res.status, res.headers.get('location')]).toEqual([302, `/r/${first.slug}`])
    const fr = await app.request(`/fr/r/${foreign.slug}`, page(`${host.category.slug}.trailguide.test`))
    expect([fr.status, fr.headers.get('location')]).toEqual([302, `/fr/r/${first.slug}`])
    // On its own subdomain the foreign route is served.
    expect((await app.request(`/r/${foreign.slug}`, page(`${other.category.slug}.trailguide.test`))).status).toBe(200)
  })

  it('sends a mismatch to the landing list when the host category has no published route', async () => {
    const { t, app } = appWith({ SUBDOMAIN_ROUTING: 'on' })
    const host = await manager(t)
    const other = await manager(t)
    const foreign = await published(t, other.token, other.category.id, 'Only there')
    const res = await app.request(`/r/${foreign.slug}`, page(`${host.category.slug}.trailguide.test`))
    expect([res.status, res.headers.get('location')]).toEqual([302, '/landing/list'])
  })

  it('passes the category of the host to the page: a slug shared by two categories resolves per subdomain', async () => {
    const { t, app } = appWith({ SUBDOMAIN_ROUTING: 'on' })
    const a = await manager(t)
    const b = await manager(t)
    const ra = await published(t, a.token, a.category.id, 'Twin walk')
    const rb = await published(t, b.token, b.category.id, 'Twin walk')
    expect(ra.slug).toBe(rb.slug)
    await t.call('PUT', '/routes/update', { token: b.token, body: { uuid: rb.uuid, translations: { en: { subtitle: 'The B side' } } } })
    const onA = await (await app.request(`/r/${ra.slug}`, page(`${a.category.slug}.trailguide.test`))).text()
    const onB = await (await app.request(`/r/${rb.slug}`, page(`${b.category.slug}.trailguide.test`))).text()
    expect(onA).not.toContain('The B side')
    expect(onB).toContain('The B side')
  })

  it('is off by default: a category host name changes nothing, the path names the category', async () => {
    const { t, app } = appWith({})
    const host = await manager(t)
    const other = await manager(t)
    const foreign = await published(t, other.token, other.category.id, 'Unrouted walk')
    const res = await app.request(`/r/${other.category.slug}/${foreign.slug}`, page(`${host.category.slug}.trailguide.test`))
    expect(res.status).toBe(200)
    expect((await app.request('/r/whatever', page('no-such-town.trailguide.test'))).status).toBe(404)
  })

  it("serves the category's home at / of its subdomain, and sends /c/{slug} there (issue 13)", async () => {
    const { t, app } = appWith({ SUBDOMAIN_ROUTING: 'on' })
    const { token, category } = await manager(t)
    await published(t, token, category.id, 'Harbour walk')
    await storeRoute(t, token, category.id, { name: 'Secret draft walk' })
    const home = await app.request('/', page(`${category.slug}.trailguide.test`))
    expect(home.status).toBe(200)
    const html = await home.text()
    expect(html).toContain('Harbour walk')
    expect(html).not.toContain('Secret draft walk')
    expect(html).toContain(`<link rel="canonical" href="http://${category.slug}.trailguide.test/"/>`)
    const fr = await app.request('/fr', page(`${category.slug}.trailguide.test`))
    expect(fr.status).toBe(200)
    const moved = await app.request(`/de/c/${category.slug}?duration=60`, page('trailguide.test'))
    expect([moved.status, moved.headers.get('location')]).toEqual([301, `http://${category.slug}.trailguide.test/de?duration=60`])
    // The base host's / is unchanged: the sign-in page for a visitor.
    expect((await app.request('/', page('trailguide.test'))).status).toBe(302)
  })

  it('sets the session cookie on the base host when routing is on, and not otherwise', async () => {
    for (const [routing, domain] of [['on', 'Domain=trailguide.test'], ['off', null]] as const) {
      const { t, app } = appWith({ SUBDOMAIN_ROUTING: routing })
      const email = `sub-${routing}-${Date.now()}@example.org`
      await t.services.auth.register({ name: 'Sub', email, password: 'a long enough password' }, 'test')
      const res = await app.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'trailguide.test' },
        body: JSON.stringify({ email, password: 'a long enough password' }),
      })
      expect(res.status).toBe(200)
      const cookie = res.headers.get('set-cookie') ?? ''
      expect(cookie).toMatch(/^token=/)
      if (domain) expect(cookie).toContain(domain)
      else expect(cookie).not.toContain('Domain=')
    }
  })
})

describe('subdomains in Chromium', () => {
  let server: RunningServer
  let port: string

  beforeAll(async () => {
    server = await startServer({ SUBDOMAIN_ROUTING: 'on', BASE_URL: BASE }, { copyDataFrom: inject('demoDataDir') })
    port = new URL(server.url).port
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('serves lausanne.trailguide.test/r/{slug}, and a session from the base host is valid there', async () => {
    const { context, page: tab, errors } = await browser.open(phone, { locale: 'en-US', reducedMotion: null })
    const base = `http://trailguide.test:${port}`
    const sub = `http://lausanne.trailguide.test:${port}`

    // Sign in on the base host, as the login page would.
    await tab.goto(`${base}/auth/login`)
    const login = await tab.evaluate(async (account) => {
      const res = await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) })
      return res.status
    }, demoOwner)
    expect(login).toBe(200)
    const cookies = await context.cookies(sub)
    expect(cookies.find((c) => c.name === 'token')?.domain).toMatch(/^\.?trailguide\.test$/)

    // The session works on the category subdomain: the API knows the user there.
    await tab.goto(`${sub}/auth/login`)
    const user = await tab.evaluate(async () => {
      const res = await fetch('/api/auth/user')
      return { status: res.status, body: (await res.json()) as { data?: { email?: string } } }
    })
    expect(user.status).toBe(200)
    expect(JSON.stringify(user.body)).toContain(demoOwner.email)

    const routes = await tab.evaluate(async () => {
      const cats = ((await (await fetch('/api/place-categories')).json()) as { data: { id: number; slug: string }[] }).data
      const id = cats.find((c) => c.slug === 'lausanne')!.id
      return ((await (await fetch(`/api/place-categories/${id}/fetch-routes`)).json()) as { data: { slug: string; status: string }[] }).data
    })
    const slug = routes.find((r) => r.status === 'published')!.slug
    const response = await tab.goto(`${sub}/r/${slug}`)
    expect(response?.status()).toBe(200)
    expect(new URL(tab.url()).host).toBe(`lausanne.trailguide.test:${port}`)
    expect(await tab.locator('h1').count()).toBeGreaterThan(0)
    await keepScreenshot(tab, 'subdomain-landing-phone')

    // An unknown category subdomain answers 404.
    const unknown = await tab.goto(`http://nowhere.trailguide.test:${port}/r/${slug}`)
    expect(unknown?.status()).toBe(404)
    // The 404 document is logged by the browser as a failed load, which the fixtures allow; nothing else.
    expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([])
  })
})
