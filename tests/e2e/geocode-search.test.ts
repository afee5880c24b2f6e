import type { BrowserContextOptions, Page } from 'playwright-core'
import { request as playwrightRequest } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { keepScreenshot, phone, waitForHydration } from './browser.ts'
import { useBrowserPage } from './fixtures.ts'
import { sharedServer } from './shared-server.ts'

// Issue 18 item 4: a new category's map opened on the whole of Switzerland with no way to find a
// town. "Find a town or address" asks the server's geocoder (here a local Nominatim stand-in
// started by global-setup.ts) and moves the map to the pick.

// No error may be logged, not even a failed resource load (the map's tiles come from the local tile server).
const browser = useBrowserPage({ allowErrors: null })
/** The new manager's sign-in, captured once: every page of the file opens with it. */
let storageState: Exclude<BrowserContextOptions['storageState'], string | undefined>
const laptop = { viewport: { width: 1366, height: 850 } }
const account = { name: 'Geocode Tester', email: `geocode-${Date.now()}@example.org`, password: 'walking by the lake' }
let categoryId = 0

/** Where the map is: the centre and zoom its element carries (route-editor-map.client.tsx). */
async function view(page: Page) {
  const map = page.locator('.leaflet-container[data-zoom]')
  const [center, zoom] = await Promise.all([map.getAttribute('data-center'), map.getAttribute('data-zoom')])
  const [lat, lng] = center!.split(',').map(Number)
  return { lat, lng, zoom: Number(zoom) }
}

beforeAll(async () => {
  const request = await playwrightRequest.newContext({ baseURL: sharedServer().baseURL })
  const register = await request.post('/api/auth/register', { data: account })
  expect(register.ok(), await register.text()).toBe(true)
  const created = await request.post('/api/place-categories', { data: { name: 'Riviera', slug: `riviera-${Date.now()}` } })
  expect(created.ok(), await created.text()).toBe(true)
  categoryId = ((await created.json()) as { data: { id: number } }).data.id
  storageState = await request.storageState()
  await request.dispose()
}, 60_000)

describe('map editor address search', () => {
  it('finds a town from the keyboard and an address with the mouse, and the map goes there', async () => {
    const { page, errors } = await browser.open({ ...laptop, storageState })
    await page.goto(`/en/map?category=${categoryId}`)
    await waitForHydration(page)
    // A manager with no place anywhere: the map starts on the whole country.
    await expect.poll(async () => (await view(page)).zoom).toBe(7)

    const input = page.getByRole('searchbox', { name: 'Find a town or address' })
    await input.fill('Vevey')
    await input.press('Enter')
    const results = page.getByTestId('geocode-result')
    await expect.poll(() => results.allTextContents()).toEqual(['Vevey, Riviera-Pays-d’Enhaut District, Vaud, Switzerland'])
    await input.press('ArrowDown')
    await page.keyboard.press('Enter')
    // The town's whole area: Vevey's box (6.83–6.87 E, 46.45–46.47 N) at a town's zoom.
    await expect.poll(async () => (await view(page)).zoom).toBeGreaterThanOrEqual(13)
    const town = await view(page)
    expect(town.lat).toBeCloseTo(46.4626, 2)
    expect(town.lng).toBeCloseTo(6.848, 2)
    expect(await results.count()).toBe(0)

    await input.fill('Rue du Lac 5, Vevey')
    await input.press('Enter')
    await expect.poll(() => results.first().textContent()).toBe('5, Rue du Lac, Vevey, Vaud, 1800, Switzerland')
    await results.first().click()
    await expect.poll(async () => (await view(page)).zoom).toBe(15)
    const address = await view(page)
    expect(address.lat).toBeCloseTo(46.4588, 3)
    expect(address.lng).toBeCloseTo(6.8452, 3)

    // Nothing found, and a single letter: said in words.
    await input.fill('Atlantis')
    await input.press('Enter')
    await expect.poll(() => page.getByTestId('geocode-search').getByRole('status').textContent()).toBe('Nothing found for “Atlantis”.')
    await input.fill('V')
    await input.press('Enter')
    await expect.poll(() => page.getByTestId('geocode-search').getByRole('alert').textContent()).toBe('Type 2 to 200 characters to search for a place.')
    await input.press('Escape')
    expect(await page.getByTestId('geocode-search').getByRole('alert').count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('shows the server’s error in the page’s language when the geocoder is down', async () => {
    // The geocoder's refusal is answered 502 on purpose: the browser logs that failed load.
    const { page, errors } = await browser.open({ ...laptop, storageState })
    await page.goto(`/de/map?category=${categoryId}`)
    await waitForHydration(page)
    // The API's own 502 answer, as GET /geocode gives it when the provider fails (geocoding.api.test.ts).
    const message = 'Die Adresssuche ist gerade nicht verfügbar. Versuchen Sie es gleich noch einmal.'
    await page.route('**/api/geocode?*', (route) => route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ message }) }))
    const input = page.getByRole('searchbox', { name: 'Ort oder Adresse suchen' })
    await input.fill('Vevey')
    await input.press('Enter')
    await expect.poll(() => page.getByTestId('geocode-search').getByRole('alert').textContent()).toBe(message)
    // It does not stay over the map: typing again takes it away (and it goes by itself after a while).
    await input.fill('Vevey, Waadt')
    expect(await page.getByTestId('geocode-search').getByRole('alert').count()).toBe(0)
    errors.splice(0, errors.length, ...errors.filter((e) => !/status of 502/.test(e)))
  })

  // Two languages at two sizes, each a map editor load and two searches, in one test: over a minute when the two cores are shared with the suite.
  it('fits a phone and a desktop in French and German (screenshots)', { timeout: 150_000 }, async () => {
    const texts = { fr: 'Vevey, District de la Riviera-Pays-d’Enhaut, Vaud, Suisse', de: 'Vevey, Bezirk Riviera-Pays-d’Enhaut, Waadt, Schweiz' }
    for (const [locale, label] of Object.entries(texts)) {
      for (const [size, options] of [
        ['desktop', { viewport: { width: 1366, height: 850 } }],
        ['phone', phone],
        ['desktop-dark', { viewport: { width: 1366, height: 850 }, colorScheme: 'dark' }],
      ] as const) {
        const { page, errors } = await browser.open({ ...options, storageState }, { locale })
        await page.goto(`/${locale}/map?category=${categoryId}`)
        await waitForHydration(page)
        await page.locator('.leaflet-container[data-zoom]').waitFor()
        const input = page.getByTestId('geocode-search').getByRole('searchbox')
        await input.fill('Vevey')
        await input.press('Enter')
        await expect.poll(() => page.getByTestId('geocode-result').first().textContent()).toBe(label)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(options.viewport!.width)
        await keepScreenshot(page, `geocode-search-${locale}-${size}`)
        await page.getByTestId('geocode-result').first().click()
        await expect.poll(async () => (await view(page)).zoom).toBeGreaterThanOrEqual(13)
        await keepScreenshot(page, `geocode-picked-${locale}-${size}`)
        expect(errors).toEqual([])
        // Checked (axe) and closed: one map page at a time.
        await page.close()
      }
    }
  })
})
