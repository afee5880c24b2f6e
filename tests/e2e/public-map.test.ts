import fs from 'node:fs'
import { gzipSync } from 'node:zlib'
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { haversineDistance } from '#app/modules/geo/geo.ts'
import { formatDistance } from '#app/utils/format-walk.ts'
import { keepScreenshot, phone, waitForHydration, waitForPageScript } from './browser.ts'
import { demoEditor } from './demo-login.ts'
import { apiCaller, createQrCode, signedInRequest, useBrowserPage } from './fixtures.ts'
import { sharedServer } from './shared-server.ts'

// Headless Chromium says "HeadlessChrome", which isbot counts as a bot: visitors use a phone's browser.
const visitorAgent = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const nearCathedral = { latitude: 46.5226, longitude: 6.635 }
const cathedral = { name: 'Cathédrale de Lausanne', lat: 46.52255, lng: 6.63567 }

const baseURL = sharedServer().baseURL
const browser = useBrowserPage({ allowErrors: null })
let owner: APIRequestContext
let context: BrowserContext
let page: Page
let errors: string[]

interface QrCodeView {
  code: string
  place: { id: number; name: string } | null
}
interface RouteSummary {
  uuid: string
  slug: string
  status: string
}

async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(res.status(), await res.text()).toBeLessThan(300)
  return ((await res.json()) as { data: T }).data
}

async function lausanneId(): Promise<number> {
  const categories = await data<{ id: number; slug: string }[]>(await owner.get('/api/place-categories'))
  return categories.find((c) => c.slug === 'lausanne')!.id
}

const placeVisits = async (id: number) => (await data<{ place_visits: number }>(await owner.get(`/api/place-categories/${id}/fetch-statistic?year=total`))).place_visits

const ownerApi = apiCaller(() => owner)

/** A fresh, not activated code of the demo category (deleted after the test). */
const created: string[] = []
async function newCode(categoryId: number): Promise<string> {
  const qr = await createQrCode(ownerApi, categoryId, 'E2E plaque')
  created.push(qr.code)
  return qr.code
}

async function open(options: { signedIn?: boolean; geolocation?: boolean } = {}) {
  // The demo's editor (a member of Lausanne) reads English; the owner reads French.
  ;({ context, page, errors } = await browser.open({ ...phone, acceptDownloads: true }, { userAgent: visitorAgent, signIn: options.signedIn && demoEditor }))
  if (options.geolocation) {
    await context.grantPermissions(['geolocation'])
    await context.setGeolocation(nearCathedral)
  }
  return page
}

beforeAll(async () => {
  owner = await signedInRequest()
})
afterAll(async () => {
  for (const code of created) await owner.delete(`/api/qr-codes/${code}`)
  await owner?.dispose()
})

describe('route map page and QR resolver (phone)', () => {
  it('a scanned plaque counts a visit and opens the map on its place; distances, GPX and a light page', async () => {
    const categoryId = await lausanneId()
    const codes = await data<QrCodeView[]>(await owner.get(`/api/place-categories/${categoryId}/fetch-qr-codes`))
    const plaque = codes.find((c) => c.place?.name === cathedral.name)!
    expect(plaque).toBeDefined()
    const before = await placeVisits(categoryId)

    await open({ geolocation: true })
    const scripts = new Map<string, number>()
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return
      const body = await response.body().catch(() => null)
      if (body) scripts.set(response.url(), gzipSync(body).length)
    })
    // Typed from the plaque in lowercase (codes are found in any case), it lands on the route's
    // canonical map page (ADR 011: /m/{category}/{slug}), focused on the place.
    await page.goto(`/q/${plaque.code.toLowerCase()}`)
    // Answered with the map page itself, whose script puts its address in the history (ADR 071).
    await page.waitForURL(/\/m\/lausanne\//)
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toMatch(new RegExp(`^/m/lausanne/[a-z0-9-]+\\?place=${plaque.place!.id}$`))
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseURL}${new URL(page.url()).pathname}`)
    // A way back to the route's page, and the same map in another language (issue 18.10).
    const mapPath = new URL(page.url()).pathname
    expect(await page.getByRole('link', { name: 'Route page' }).getAttribute('href')).toBe(mapPath.replace('/m/', '/r/'))
    expect(await page.locator('a[hreflang="fr"]').getAttribute('href')).toBe(`/fr${mapPath}?lang=fr`)
    const detail = page.getByTestId('place-detail')
    expect(await detail.getByRole('heading', { level: 2 }).textContent()).toBe(cathedral.name)
    // An English visitor reads the stop's English story (ADR 044; the French one is the fallback's).
    expect(await detail.getByRole('heading', { name: 'The watchman' }).isVisible()).toBe(true)
    await waitForPageScript(page)
    await expect.poll(() => page.getByTestId('numbered-marker').count(), { timeout: 15_000 }).toBeGreaterThan(1)
    await expect.poll(() => page.getByTestId('route-line').count()).toBe(1)
    // The map opens on the scanned stop (its marker, the selected one, at the map's centre).
    const mapBox = (await page.getByTestId('public-route-map').boundingBox())!
    const selected = page.locator('[data-testid="numbered-marker"]:has(span[style*="box-shadow"])')
    expect(await selected.getAttribute('title')).toMatch(new RegExp(`^\\d+\\. ${cathedral.name}$`))
    const stopBox = (await selected.boundingBox())!
    expect(Math.abs(stopBox.x + stopBox.width / 2 - (mapBox.x + mapBox.width / 2))).toBeLessThan(3)
    expect(Math.abs(stopBox.y + stopBox.height / 2 - (mapBox.y + mapBox.height / 2))).toBeLessThan(3)
    await keepScreenshot(page, 'public-map-place-phone')
    await expect.poll(() => placeVisits(categoryId)).toBe(before + 1)

    // The page's scripts, gzipped, Leaflet included: no framework runtime (issue 13: ≤ 60 KB).
    await page.waitForLoadState('networkidle')
    const total = [...scripts.values()].reduce((a, b) => a + b, 0)
    console.log(`map page scripts: ${scripts.size} files, ${(total / 1024).toFixed(1)} KB gzipped`)
    for (const [url, size] of [...scripts].sort((a, b) => b[1] - a[1])) console.log(`  ${(size / 1024).toFixed(1)} KB ${url}`)
    expect([...scripts.keys()].some((url) => /entry\.client|react-dom/.test(url))).toBe(false)
    expect(total).toBeLessThan(60 * 1024)

    await page.getByRole('button', { name: 'All places' }).click()
    expect(await page.getByTestId('closest-distance').textContent()).toBe('N/A')
    await page.getByRole('button', { name: 'Show my position' }).click()
    const expected = formatDistance(haversineDistance({ lat: nearCathedral.latitude, lng: nearCathedral.longitude }, cathedral), 'en')
    await expect.poll(() => page.getByTestId('closest-distance').textContent()).toBe(expected)
    expect(expected).toMatch(/^\d+\u00a0m$/)
    // The closest place is named beside its distance.
    expect(await page.getByTestId('closest-name').textContent()).toBe(cathedral.name)
    await expect.poll(() => page.getByTestId('my-position').count()).toBe(1)
    await page.getByRole('button', { name: /Show the \d+ places/ }).click()
    const listed = await page.getByTestId('place-list').getByRole('button').allTextContents()
    expect(listed.some((text) => text.includes(cathedral.name) && text.includes(expected))).toBe(true)
    await keepScreenshot(page, 'public-map-list-phone')

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'GPX' }).click()])
    expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+\.gpx$/)
    const xml = fs.readFileSync((await download.path())!, 'utf8')
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml')
      return {
        errors: doc.getElementsByTagName('parsererror').length,
        root: doc.documentElement.localName,
        waypoints: [...doc.getElementsByTagName('wpt')].map((w) => w.getElementsByTagName('name')[0]?.textContent ?? ''),
      }
    }, xml)
    expect(parsed.errors).toBe(0)
    expect(parsed.root).toBe('gpx')
    expect(parsed.waypoints.length).toBeGreaterThan(1)
    expect(parsed.waypoints.some((name) => name.endsWith(cathedral.name))).toBe(true)
  })

  it('a code that is not active yet gives visitors a friendly page, and an unknown code the 404 page', async () => {
    const code = await newCode(await lausanneId())
    await open()
    const res = await page.goto(`/q/${code}`)
    expect(res!.status()).toBe(200)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This code is not active yet')
    await keepScreenshot(page, 'public-qr-inactive-phone')
    const unknown = await page.goto('/q/no-such-code-here')
    expect(unknown!.status()).toBe(404)
    // The browser logs the 404 document itself: expected here.
    errors.splice(0, errors.length, ...errors.filter((e) => !e.includes('status of 404')))
  })

  it('the signed-in owner activates a code where they stand, linking the place within 20 m', async () => {
    const categoryId = await lausanneId()
    const code = await newCode(categoryId)
    await open({ signedIn: true, geolocation: true })
    await context.setGeolocation({ latitude: cathedral.lat, longitude: cathedral.lng + 0.0001 })
    await page.goto(`/q/${code}`)
    await waitForHydration(page)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Activate this QR code')
    await page.getByRole('button', { name: 'Use my location' }).click()
    await page.getByLabel('Name of the place').fill('Cathedral plaque')
    await keepScreenshot(page, 'public-qr-activate-phone')
    await page.getByRole('button', { name: 'Activate here' }).click()
    const link = page.getByRole('button', { name: `Link to ${cathedral.name}` })
    await link.waitFor()
    await keepScreenshot(page, 'public-qr-nearby-phone')
    // The browser logs the expected 409 (places nearby) as a failed resource.
    errors.splice(0, errors.length, ...errors.filter((e) => !e.includes('status of 409')))
    await link.click()
    await page.waitForURL(/\/m\/lausanne\/[a-z0-9-]+\?place=\d+$/)
    expect(await page.getByTestId('place-detail').getByRole('heading', { level: 2 }).textContent()).toBe(cathedral.name)
    const qr = await data<QrCodeView>(await owner.get(`/api/qr-codes/${code}`))
    expect(qr.place?.name).toBe(cathedral.name)
  })

  it('a draft route answers 404 to visitors and shows members a draft banner', async () => {
    const routes = await data<RouteSummary[]>(await owner.get(`/api/place-categories/${await lausanneId()}/fetch-routes`))
    const draft = routes.find((r) => r.status === 'draft')!
    await open()
    expect((await page.goto(`/m/lausanne/${draft.slug}`))!.status()).toBe(404)
    expect((await page.request.get(`/api/routes/${draft.uuid}/gpx`)).status()).toBe(404)
    await context.close()
    await open({ signedIn: true })
    expect((await page.goto(`/m/lausanne/${draft.slug}`))!.status()).toBe(200)
    expect(await page.getByTestId('draft-banner').isVisible()).toBe(true)
    await waitForPageScript(page)
    await expect.poll(() => page.getByTestId('numbered-marker').count(), { timeout: 15_000 }).toBeGreaterThan(1)
    await keepScreenshot(page, 'public-map-draft-phone')
  })
})

describe("the map pages' stylesheets (phone)", () => {
  it.each(['/m/lausanne/la-vieille-ville', '/c/lausanne'])('%s preloads the stylesheets its script links, fetched once and before the script is in', async (address) => {
    await open()
    const served = await (await page.goto(address))!.text()
    await waitForPageScript(page)
    // The stylesheets the server's HTML links itself; the others are the script's.
    const ownLinks = [...served.matchAll(/<link [^>]*rel="stylesheet"[^>]*>/g)].map((m) => new URL(/href="([^"]+)"/.exec(m[0])![1]!, baseURL).href)
    const found = await page.evaluate((own) => {
      const hrefs = (selector: string) => [...document.querySelectorAll<HTMLLinkElement>(selector)].map((link) => link.href).sort()
      const script = [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => performance.getEntriesByName(s.src)[0] as PerformanceResourceTiming | undefined).find(Boolean)
      const preloaded = hrefs('link[rel="preload"][as="style"]')
      return {
        preloaded,
        linked: hrefs('link[rel="stylesheet"]').filter((href) => !own.includes(href)),
        fetches: preloaded.map((href) => performance.getEntriesByName(href).length),
        beforeScript: preloaded.map((href) => (performance.getEntriesByName(href)[0]?.startTime ?? Infinity) < (script?.responseEnd ?? 0)),
      }
    }, ownLinks)
    expect(ownLinks.length).toBeGreaterThan(0)
    expect(found.preloaded.length).toBeGreaterThan(0)
    expect(found.linked).toEqual(found.preloaded)
    expect(found.fetches).toEqual(found.preloaded.map(() => 1))
    expect(found.beforeScript).toEqual(found.preloaded.map(() => true))
  })
})
