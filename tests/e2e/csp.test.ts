import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it, onTestFinished } from 'vitest'
import { desktop, keepScreenshot, waitForHydration } from './browser.ts'
import { demoEditor } from './demo-login.ts'
import { useBrowserPage } from './fixtures.ts'
import { sharedServer } from './shared-server.ts'

// Content-Security-Policy in a real browser: no page of the app breaks its own policy (nonce'd
// inline scripts, same-origin chunks, local tiles, Leaflet's styles, the heatmap canvas), and
// only the share-map embed can be framed by another site.

const baseURL = sharedServer().baseURL
// The demo's published route, at its canonical address (ADR 011: the category names it).
const published = 'lausanne/la-vieille-ville'
// The fixtures fail a test on any error its page logged but a failed resource load.
const browser = useBrowserPage()
let context: BrowserContext
let page: Page
let errors: string[] = []
let violations: string[]

async function open(signedIn: boolean) {
  ;({ context, page, errors } = await browser.open(desktop, signedIn ? { signIn: demoEditor } : {}))
  violations = []
  // The browser reports every blocked script, style, image, connection or frame with this event.
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      void (window as unknown as { reportViolation: (t: string) => void }).reportViolation(`${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`)
    })
  })
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  return page
}

/** The page's policy and its inline scripts' nonces, as served. */
async function served(path: string, cookie = '') {
  const res = await fetch(new URL(path, baseURL), { headers: { accept: 'text/html', cookie } })
  const html = await res.text()
  const csp = res.headers.get('content-security-policy') ?? ''
  // Data blocks (the pages' JSON-LD, ADR 121) are never run: the policy does not apply to them.
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")([^>]*)>/g)].map((m) => /\bnonce="([^"]*)"/.exec(m[1])?.[1] ?? null)
  return { res, csp, nonce: /'nonce-([^']+)'/.exec(csp)?.[1], inline }
}

describe('Content-Security-Policy over HTTP', () => {
  it('puts a fresh nonce on every inline script of a page, different on each request', async () => {
    const first = await served('/en/auth/login')
    const second = await served('/en/auth/login')
    expect(first.res.status).toBe(200)
    expect(first.nonce).toBeTruthy()
    expect(first.nonce).not.toBe(second.nonce)
    expect(first.inline.length).toBeGreaterThan(1)
    expect(new Set(first.inline)).toEqual(new Set([first.nonce]))
    expect(new Set(second.inline)).toEqual(new Set([second.nonce]))
    expect(first.csp).toMatch(/^default-src 'self'; script-src 'self' 'nonce-[^']+'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: http:\/\/127\.0\.0\.1:\d+;/)
    expect(first.csp).toContain("frame-ancestors 'none'")
    expect(first.res.headers.get('x-frame-options')).toBe('DENY')
  })

  it('landing pages without the framework still nonce their colour-mode script', async () => {
    const landing = await served(`/en/r/${published}`)
    expect(landing.inline.length).toBeGreaterThan(0)
    expect(new Set(landing.inline)).toEqual(new Set([landing.nonce]))
  })

  it('answers the API with the strict policy, and the API reference still renders', async () => {
    const json = await fetch(new URL('/api/health', baseURL))
    expect(json.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    const reference = await fetch(new URL('/api/reference', baseURL))
    expect(reference.status).toBe(200)
    // Its inline <style> is allowed by the page policy.
    expect(reference.headers.get('content-security-policy')).toContain("style-src 'self' 'unsafe-inline'")
  })

  it('serves the build id for polling, never cached', async () => {
    const res = await fetch(new URL('/build.json', baseURL))
    expect(res.headers.get('cache-control')).toBe('no-store')
    const { id } = (await res.json()) as { id: string }
    expect(id).toMatch(/^[0-9a-f]{8}$/)
    expect(await (await fetch(new URL('/en/auth/login', baseURL))).text()).toMatch(new RegExp(`"version": ?"${id}"`))
  })
})

describe('Content-Security-Policy in Chromium', () => {
  it.each([
    ['login', '/en/auth/login', false, 'form'],
    ['landing page', `/en/r/${published}`, false, 'h1'],
    ['route map', `/en/m/${published}`, false, '.leaflet-tile-loaded'],
    ['route map embed', `/en/m/${published}?embed=1`, false, '.leaflet-tile-loaded'],
    ['unknown QR code', '/en/q/no-such-code-here', false, 'h1'],
    ['dashboard', '/en/dashboard', true, 'h1'],
    ['statistics', '/en/statistics', true, '.recharts-surface'],
    ['heatmap', '/en/heatmap', true, 'canvas.leaflet-heatmap-layer'],
    ['landing editor', '/en/landing', true, 'h1'],
    ['route map editor', '/en/map', true, 'h1'],
  ])('%s (%s) runs without a single violation', async (name, path, signedIn, ready) => {
    await open(signedIn)
    await page.goto(path)
    // The visitor pages run no framework (nothing to hydrate).
    if (!/^\/en\/[rqm]\//.test(path)) await waitForHydration(page)
    await page.waitForSelector(ready, { timeout: 15_000 })
    await page.waitForLoadState('networkidle')
    if (name === 'statistics' || name === 'route map') await keepScreenshot(page, `csp-${name.replace(/ /g, '-')}`)
    expect(violations).toEqual([])
  })

  it('a scanned plaque (/q) leads to the map without a violation', async () => {
    await open(true)
    const categories = (await (await context.request.get('/api/place-categories')).json()) as { data: { id: number; slug: string }[] }
    const lausanne = categories.data.find((c) => c.slug === 'lausanne')!
    const codes = (await (await context.request.get(`/api/place-categories/${lausanne.id}/fetch-qr-codes`)).json()) as { data: { code: string; place: unknown }[] }
    const active = codes.data.find((c) => c.place)!
    await page.goto(`/en/q/${active.code}`)
    await page.waitForSelector('.leaflet-tile-loaded', { timeout: 15_000 })
    expect(page.url()).toContain('/m/')
    expect(violations).toEqual([])
  })
})

describe('framing', () => {
  it('another site can frame the share-map embed and the route list, but not the dashboard or a landing page', async () => {
    await open(true)
    // Another site: a real server on another origin (127.0.0.1 instead of localhost, another port),
    // as Chromium refuses local frames in a page it takes for a public site.
    const html = `<!doctype html><html lang="en"><title>A tourism site</title><h1>Our walks</h1>
<iframe name="embed" title="map" src="${baseURL}/en/m/${published}?embed=1" width="600" height="400"></iframe>
<iframe name="list" title="routes" src="${baseURL}/fr/embed/lausanne" width="600" height="300"></iframe>
<iframe name="dashboard" title="dashboard" src="${baseURL}/en/dashboard" width="300" height="200"></iframe>
<iframe name="landing" title="landing" src="${baseURL}/en/r/${published}" width="300" height="200"></iframe>`
    const site = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(html))
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
    onTestFinished(() => new Promise<void>((resolve) => site.close(() => resolve())))
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/walks`)
    const frame = (name: string) => page.frame({ name })!
    await expect.poll(() => frame('embed').locator('.leaflet-tile-loaded').count(), { timeout: 15_000 }).toBeGreaterThan(0)
    expect(await frame('embed').locator('h1').textContent()).toBe('The old town')
    // The embed leaves out the GPX download (the rest of the map page stays).
    expect(await frame('embed').getByRole('link', { name: /GPX/ }).count()).toBe(0)
    // The snippet of /landing/list: the category's published routes, in French, each opening its page.
    await expect.poll(() => frame('list').getByTestId('embed-route').count()).toBeGreaterThan(0)
    expect(await frame('list').getByTestId('embed-route').first().getAttribute('href')).toMatch(/\/r\/lausanne\//)
    expect(await frame('list').locator('main').getAttribute('lang')).toBe('fr')
    await page.waitForLoadState('networkidle')
    await keepScreenshot(page, 'csp-embedder')
    // A refused frame shows the browser's error page: none of the app's content is there.
    for (const name of ['dashboard', 'landing']) {
      await expect.poll(() => frame(name).url()).toBe('chrome-error://chromewebdata/')
    }
    expect(violations.filter((v) => v.includes("frame-ancestors 'none'"))).toHaveLength(2)
    // The browser's own report of the two refusals is expected here.
    errors.splice(0, errors.length, ...errors.filter((e) => !e.includes("frame-ancestors 'none'")))
  })
})
