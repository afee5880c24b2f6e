import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { desktop, keepScreenshot, phone } from './browser.ts'
import { useBrowserPage } from './fixtures.ts'
import { signInAs } from './demo-login.ts'
import { sharedServer } from './shared-server.ts'

// The demo's published "old town" route (named in French first) and its draft "museums" route, at
// their canonical addresses: /r/{category}/{slug} (ADR 011).
const published = 'lausanne/la-vieille-ville'
const draft = 'lausanne/les-musees'

const baseURL = sharedServer().baseURL
const browser = useBrowserPage()
let context: BrowserContext | undefined
let page: Page

/**
 * A visitor: each context gets its own user agent, so it is its own visitor (the visitor hash
 * is IP + user agent) and not taken for a bot (headless Chromium's own agent is one).
 */
async function visitor(options: BrowserContextOptions = phone, locale = 'en-US') {
  const userAgent = `Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1 visitor-${Math.random().toString(36).slice(2)}`
  ;({ context, page } = await browser.open(options, { locale, userAgent }))
  return page
}

const likeCount = async () => Number(await page.getByTestId('like-count').getAttribute('data-like-count'))

describe('route landing page', () => {
  it('shows the route in French to a phone that prefers French, with little JavaScript', async () => {
    await visitor(phone, 'fr-FR')
    const scripts: Promise<number>[] = []
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.body().then((b) => b.length, () => 0))
    })
    await page.goto(`/r/${published}`)
    expect(new URL(page.url()).pathname).toBe(`/fr/r/${published}`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('La vieille ville')
    expect(await page.getByText('De la Palud à la Cathédrale').count()).toBe(1)
    expect(await page.getByText('Une ville en pente').count()).toBe(1)
    const mapLink = page.getByRole('link', { name: 'Ouvrir la carte' })
    expect(await mapLink.getAttribute('href')).toBe(`/fr/m/${published}`)
    expect(await page.getByTestId('fact-distance').textContent()).toMatch(/\d,\d{2}\s?km/)
    expect(await page.getByTestId('fact-places').textContent()).toContain('8')
    // Nearby routes are cards linking to their own landing pages, at their canonical addresses.
    const nearby = page.getByTestId('nearby-route')
    expect(await nearby.count()).toBe(2)
    for (const href of await nearby.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) expect(href).toMatch(/^\/fr\/r\/lausanne\/[a-z0-9-]+$/)
    // Each language link is the page's canonical address in that language, the choice asked (and kept, ADR 043).
    expect(await page.locator('a[hreflang="de"]').getAttribute('href')).toBe(`/de/r/${published}?lang=de`)
    await page.waitForLoadState('networkidle')
    const jsBytes = (await Promise.all(scripts)).reduce((sum, n) => sum + n, 0)
    console.info(`landing page JavaScript: ${jsBytes} bytes in ${scripts.length} script(s)`)
    expect(jsBytes).toBeGreaterThan(0)
    expect(jsBytes).toBeLessThan(30 * 1024)
    await keepScreenshot(page, 'landing-phone-fr')
  })

  it('serves the content in the HTML itself, without the framework runtime or a map library', async () => {
    const res = await fetch(`${baseURL}/r/${published}`, { headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 raw-html-check' } })
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('The old town')
    expect(html).toContain('From the Palud to the Cathedral')
    expect(html).toContain('<meta property="og:title" content="The old town"/>')
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/r/${published}"/>`)
    expect(html).not.toContain('<script type="module"')
    expect(html).not.toContain('entry.client')
    expect(html).not.toContain('__reactRouterContext')
    console.info(`landing page HTML: ${html.length} bytes; scripts: ${(html.match(/<script/g) ?? []).length}`)
    expect(html).not.toContain('modulepreload')
    expect(html.toLowerCase()).not.toContain('leaflet')
    expect(html).not.toContain('noindex')
    expect(html).toContain('/landing.js')
  })

  it('counts one like per visitor, updating the count without a reload, and takes it back when pressed again', async () => {
    await visitor()
    await page.goto(`/r/${published}`)
    const before = await likeCount()
    const button = page.getByTestId('like-button')
    expect(await button.getAttribute('aria-pressed')).toBe('false')
    await button.click()
    await expect.poll(likeCount).toBe(before + 1)
    expect(await button.getAttribute('aria-pressed')).toBe('true')
    expect(new URL(page.url()).search).toBe('')
    // A second like of the same visitor that day is refused by the server anyway.
    const again = await context!.request.post(`/r/${published}`, { form: { intent: 'like' }, headers: { origin: baseURL }, maxRedirects: 0 })
    expect(again.status()).toBe(303)
    await page.reload()
    expect(await likeCount()).toBe(before + 1)
    expect(await page.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true')
    await keepScreenshot(page, 'landing-phone-liked')
    // Pressed again: the like is undone, here and on the server.
    await page.getByTestId('like-button').click()
    await expect.poll(likeCount).toBe(before)
    expect(await page.getByTestId('like-button').getAttribute('aria-pressed')).toBe('false')
    expect(await page.getByTestId('like-button').textContent()).toContain('Like')
    await page.reload()
    expect(await likeCount()).toBe(before)
    expect(await page.getByTestId('like-button').getAttribute('aria-pressed')).toBe('false')
  })

  it('takes a like, and its undoing, as plain form posts when JavaScript is off', async () => {
    await visitor({ ...phone, javaScriptEnabled: false })
    await page.goto(`/r/${published}`)
    const before = await likeCount()
    // No script: the share button stays hidden (it needs one).
    expect(await page.getByTestId('share-button').isVisible()).toBe(false)
    await page.getByTestId('like-button').click()
    await page.waitForURL(`**/r/${published}?liked=1`)
    expect(await likeCount()).toBe(before + 1)
    expect(await page.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true')
    await page.getByTestId('like-button').click()
    await page.waitForURL((url) => url.pathname.endsWith(`/r/${published}`) && url.search === '')
    expect(await likeCount()).toBe(before)
    expect(await page.getByTestId('like-button').getAttribute('aria-pressed')).toBe('false')
  })

  it('shares the link by copying it where the Web Share API is missing, and sends the time on the page', async () => {
    await visitor(desktop)
    await context!.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
    await page.goto(`/r/${published}`)
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }))
    await page.getByRole('button', { name: 'Share' }).click()
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Link copied' }).count()).toBe(1)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/r/${published}`)
    await keepScreenshot(page, 'landing-desktop')

    await page.waitForTimeout(1200)
    const beacon = page.waitForRequest((req) => req.url().endsWith('/api/events') && req.method() === 'POST')
    // The visitor switches away from the tab: the seconds go out with sendBeacon.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    const request = await beacon
    expect((await request.response())?.status()).toBe(202)
    const body = JSON.parse(request.postData() ?? '{}') as { type: string; route_uuid: string; value: number }
    expect(body.type).toBe('time')
    expect(body.route_uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(body.value).toBeGreaterThanOrEqual(1)
  })

  it('answers 404 for a draft to a visitor, and shows it with a draft banner to a member', async () => {
    await visitor()
    const res = await page.goto(`/r/${draft}`)
    expect(res?.status()).toBe(404)
    await context!.close()

    await visitor(phone)
    await signInAs(context!)
    const member = await page.goto(`/r/${draft}`)
    expect(member?.status()).toBe(200)
    const banner = page.getByTestId('draft-banner')
    expect(await banner.textContent()).toMatch(/Draft|Brouillon|Entwurf|Bozza/)
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
    expect(await page.getByTestId('like-button').count()).toBe(0)
    await keepScreenshot(page, 'landing-phone-draft')
  })
})
