import type { APIRequestContext, BrowserContextOptions, Page } from 'playwright-core'
import { request as playwrightRequest } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { desktop, keepScreenshot, phone, waitForHydration } from './browser.ts'
import { apiCaller, createCategory, createPlace, createRoute, useBrowserPage } from './fixtures.ts'
import { sharedServer } from './shared-server.ts'

// Issue 18. Item 4: a new category's map opened on the whole of Switzerland (zoom 7), and a
// first route clicked together there came out at 470 km / 93 h with no warning. Item 23: the
// landing editor's route picker kept a route's old name after a rename, its preview said "Like 0".
// A manager of their own (registered here), with a category in Lausanne and new ones.

const browser = useBrowserPage()
/** The new manager's API calls; their sign-in, captured once, opens every page of the file. */
let request: APIRequestContext
let storageState: Exclude<BrowserContextOptions['storageState'], string | undefined>
const account = { name: 'Guidance Tester', email: `guidance-${Date.now()}@example.org`, password: 'walking in the hills' }
const ids = { home: 0, fresh: 0, far: 0, route: '' }

const api = apiCaller(() => request)
const category = (name: string) => createCategory(api, { name, slug: `${name.toLowerCase()}-${Date.now()}` })
const place = (categoryId: number, name: string, lat: number, lng: number) => createPlace(api, categoryId, { name, lat, lng })

/** The zoom of the map's tiles (their URLs are {z}/{x}/{y}), once they are loaded. */
async function tileZoom(page: Page) {
  const tile = page.getByTestId('route-editor-map').locator('img.leaflet-tile-loaded').first()
  await tile.waitFor({ timeout: 15_000 })
  const src = (await tile.getAttribute('src'))!
  return Number(new URL(src).pathname.split('/')[1])
}

beforeAll(async () => {
  request = await playwrightRequest.newContext({ baseURL: sharedServer().baseURL })
  await api('POST', '/api/auth/register', account)
  ids.home = (await category('Home')).id
  await place(ids.home, 'Cathedral', 46.5225, 6.6355)
  await place(ids.home, 'Station', 46.5167, 6.6291)
  ids.far = (await category('Far')).id
  const lausanne = await place(ids.far, 'Ouchy', 46.5069, 6.6264)
  const zurich = await place(ids.far, 'Zurich HB', 47.3779, 8.5403)
  const route = await createRoute(api, ids.far, { name: 'Lake to Limmat' })
  await api('PUT', '/api/routes/update', { uuid: route.uuid, places: [{ id: lausanne.id }, { id: zurich.id }] })
  ids.route = route.uuid
  // The last places added are Home's: a new category opens there (not on Far's 175 km box).
  await place(ids.home, 'Museum', 46.5232, 6.6331)
  ids.fresh = (await category('Fresh')).id
  storageState = await request.storageState()
}, 60_000)

afterAll(async () => {
  await request?.dispose()
})

/** A page of the new manager's (a fresh context, desktop in English unless asked), with the errors it logs. */
const open = (options: BrowserContextOptions = desktop, locale = 'en-US') => browser.open({ ...options, storageState }, { locale })

describe('map editor guidance', () => {
  it('opens a category without places on the manager’s other places, not on the whole country', async () => {
    const { page, errors } = await open()
    await page.goto(`/en/map?category=${ids.fresh}`)
    await waitForHydration(page)
    // Home's places lie within 1 km: a town's zoom, far from the country's 7.
    expect(await tileZoom(page)).toBeGreaterThanOrEqual(13)
    expect(errors).toEqual([])
    await page.close()
  })

  // Four languages, each a map editor load and a save, in one test: over a minute when the two cores are shared with the suite.
  it('warns about a 100 km leg in the save bar, in four languages, and still saves', { timeout: 150_000 }, async () => {
    const texts = { en: 'Check this route', fr: 'Vérifiez cet itinéraire', de: 'Prüfen Sie diese Route', it: 'Controllate questo percorso' }
    for (const [locale, title] of Object.entries(texts)) {
      for (const [size, options] of [
        ['desktop', { viewport: { width: 1366, height: 850 } }],
        ['phone', phone],
      ] as const) {
        const { page, errors } = await open(options, locale)
        await page.goto(`/${locale}/map?category=${ids.far}&route=${ids.route}`)
        await waitForHydration(page)
        const warnings = page.getByTestId('route-warnings')
        await expect.poll(() => warnings.isVisible()).toBe(true)
        const text = (await warnings.textContent())!
        expect(text).toContain(title)
        // Stops 1 and 2, 175 km apart as the crow flies; the route as a whole too.
        expect(text).toMatch(/1\D+2/)
        expect(text).toMatch(/17\d/)
        expect(await page.getByTestId('route-warning').count()).toBe(2)
        // Nothing sticks out of a phone's screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(options.viewport!.width)
        await warnings.scrollIntoViewIfNeeded()
        await keepScreenshot(page, `route-warnings-${locale}-${size}`)
        if (locale === 'en' && size === 'desktop') {
          // A warning, not a lock: the route computes and saves.
          await page.getByTestId('compute-path').click()
          await expect.poll(() => page.getByTestId('route-save').isEnabled()).toBe(true)
          await page.getByTestId('route-save').click()
          await expect.poll(() => page.getByTestId('save-state').textContent()).toBe('All changes saved')
          await expect.poll(() => warnings.isVisible()).toBe(true)
        }
        expect(errors).toEqual([])
        // Checked (axe) and closed: one map page at a time.
        await page.close()
      }
    }
  })
})

describe('landing editor details', () => {
  it('shows a renamed route in the route picker at once, and no like count in the preview', async () => {
    await api('PUT', '/api/routes/update', { uuid: ids.route, status: 'published' })
    const { page, errors } = await open()
    await page.goto(`/en/landing?category=${ids.far}&route=${ids.route}`)
    await waitForHydration(page)
    const picker = page.getByTestId('route-picker')
    expect(await picker.locator('option:checked').textContent()).toBe('Lake to Limmat')

    // A published route's page has a like button; the preview shows it without a made-up "0".
    const preview = page.getByTestId('public-preview')
    await preview.getByTestId('like-button').waitFor()
    expect(await preview.getByTestId('like-count').count()).toBe(0)
    expect((await preview.getByTestId('like-button').textContent())!.trim()).toBe('Like')

    await page.getByTestId('texts-tab-en').click()
    await page.getByTestId('text-name').fill('Lake to Limmat, the long way')
    await page.getByTestId('landing-save').click()
    await expect.poll(() => picker.locator('option:checked').textContent()).toBe('Lake to Limmat, the long way')
    await keepScreenshot(page, 'landing-editor-renamed-en-desktop')
    expect(errors).toEqual([])
    await page.close()
  })

  it('shows a route renamed in the map editor in its route list at once', async () => {
    const { page, errors } = await open()
    await page.goto(`/en/map?category=${ids.far}&route=${ids.route}`)
    await waitForHydration(page)
    // The toolbar is narrow beside the map: "edit" is in its menu.
    await page.getByTestId('toolbar-menu').click()
    await page.locator('[role="menuitem"][data-action="edit"]').click()
    await page.getByTestId('route-name').fill('Lake to Limmat by the hills')
    await page.getByTestId('route-form-submit').click()
    await page.getByTestId('edit-route-modal').waitFor({ state: 'detached' })
    await page.locator('[data-testid="route-toolbar"] button[data-action="select"]:visible').click()
    await expect.poll(() => page.getByTestId('route-option').allTextContents()).toEqual([expect.stringContaining('Lake to Limmat by the hills')])
    expect(errors).toEqual([])
    await page.close()
  })
})
