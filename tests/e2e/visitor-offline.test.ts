import type { APIRequestContext, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keepScreenshot, phone, waitForPageScript } from './browser.ts'
import { signedInRequest, useBrowserPage } from './fixtures.ts'

// The visitor offline (ADR 090): a page opens again without network from its first visit on
// (a plaque scanned once, then the signal lost, then a reload), and a visitor page that is not
// kept answers our offline page in the visitor's language, with the walks saved on the phone and
// the pages kept, as links. Each test starts from a fresh context: nothing kept before.

const visitorAgent = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
// Offline, the browser reports the requests it could not make (the page's beacons, tiles…).
const browser = useBrowserPage({ allowErrors: /Failed to load resource|ERR_INTERNET_DISCONNECTED/ })
let owner: APIRequestContext
let plaque: { code: string; placeName: string }
let context: BrowserContext
let page: Page

beforeAll(async () => {
  owner = await signedInRequest()
  const categories = ((await (await owner.get('/api/place-categories')).json()) as { data: { id: number; slug: string }[] }).data
  const lausanne = categories.find((c) => c.slug === 'lausanne')!.id
  const codes = ((await (await owner.get(`/api/place-categories/${lausanne}/fetch-qr-codes`)).json()) as { data: { code: string; place: { name: string } | null }[] }).data
  const activated = codes.find((c) => c.place !== null)!
  plaque = { code: activated.code, placeName: activated.place!.name }
})
afterAll(async () => {
  await owner?.dispose()
})

async function visitor(locale: string) {
  ;({ context, page } = await browser.open({ ...phone, serviceWorkers: 'allow' }, { locale, userAgent: visitorAgent }))
  return page
}

const offlineReady = () => page.waitForSelector('html[data-offline-ready="true"]', { state: 'attached', timeout: 15_000 })

describe('a page visited once opens offline', () => {
  it('a plaque scanned once, the network lost, a reload: the map page and its stop (phone, French)', async () => {
    await visitor('fr-FR')
    await page.goto(`/q/${plaque.code}`)
    const address = new URL(page.url())
    expect(address.pathname).toMatch(/^\/fr\/m\/lausanne\/[a-z0-9-]+$/)
    expect(address.searchParams.get('place')).toMatch(/^\d+$/)
    await waitForPageScript(page)
    const name = await page.getByRole('heading', { level: 1 }).textContent()
    await offlineReady()

    await context.setOffline(true)
    const reloaded = await page.reload()
    expect(reloaded?.status()).toBe(200)
    await waitForPageScript(page)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(name)
    expect(await page.getByTestId('place-detail').getByRole('heading', { level: 2 }).textContent()).toBe(plaque.placeName)
    // The stop list is in the page too: the walk goes on.
    expect(await page.locator('[data-place-open]').count()).toBeGreaterThan(1)
    await keepScreenshot(page, 'visitor-offline/reload-after-one-scan-phone-fr')
  })

  it('the map page visited once, the network lost, a reload (phone, English)', async () => {
    await visitor('en-US')
    // The moment the page says it is ready offline, it and its files are in the worker's caches
    // already (the worker answers before writing them: a signal lost at once found nothing kept).
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.documentElement.dataset.offlineReady !== 'true') return
        observer.disconnect()
        const own = performance.getEntriesByType('resource').map((entry) => entry.name).filter((url) => url.startsWith(`${location.origin}/assets/`))
        const missing = Promise.all([location.href, ...own].map(async (url) => ((await caches.match(url, { ignoreVary: true })) ? null : url)))
        ;(window as { notKeptWhenReady?: Promise<(string | null)[]> }).notKeptWhenReady = missing
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-offline-ready'] })
    })
    await page.goto('/m/lausanne/la-vieille-ville')
    await waitForPageScript(page)
    await offlineReady()
    const notKept = await page.evaluate(() => (window as { notKeptWhenReady?: Promise<(string | null)[]> }).notKeptWhenReady)
    expect(notKept?.filter(Boolean)).toEqual([])
    await context.setOffline(true)
    await page.reload()
    await waitForPageScript(page)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('The old town')
    expect(await page.getByRole('button', { name: 'Show my position' }).isVisible()).toBe(true)
  })
})

describe('a page not kept, offline', () => {
  it('answers "You are offline" in the visitor’s language with the pages kept, which open (phone, French)', async () => {
    await visitor('fr-FR')
    await page.goto('/fr/m/lausanne/la-vieille-ville')
    await waitForPageScript(page)
    await offlineReady()
    await context.setOffline(true)

    // The category home, never visited: our page, not the browser's.
    const answer = await page.goto('/fr/c/lausanne')
    expect(answer?.status()).toBe(503)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Vous êtes hors ligne')
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Parcours enregistrés sur ce téléphone', 'Pages gardées sur ce téléphone'])
    expect(await page.getByRole('listitem').filter({ hasText: 'Aucun parcours' }).textContent()).toBe('Aucun parcours n’est encore enregistré sur ce téléphone.')
    const kept = page.getByRole('listitem').filter({ hasText: 'La vieille ville' })
    expect(await kept.textContent()).toBe('La vieille ville Carte · FR')
    await keepScreenshot(page, 'visitor-offline/offline-page-phone-fr')

    // The other language of the same page, not kept: the offline page again, in French (the one kept).
    await page.goto('/de/m/lausanne/la-vieille-ville')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Vous êtes hors ligne')

    // A kept page opens from its link.
    await page.getByRole('link', { name: 'La vieille ville' }).click()
    await waitForPageScript(page)
    expect(new URL(page.url()).pathname).toBe('/fr/m/lausanne/la-vieille-ville')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('La vieille ville')
  })

  it('lists the walks saved on the phone (phone, English)', async () => {
    await visitor('en-US')
    await page.goto('/m/lausanne/la-vieille-ville')
    await waitForPageScript(page)
    await offlineReady()
    await page.getByRole('button', { name: 'Save this walk for offline' }).click()
    await page.getByRole('button', { name: 'Download' }).click()
    await page.waitForSelector('[data-offline-saved="true"]', { state: 'attached', timeout: 30_000 })
    await context.setOffline(true)

    // A plaque scanned offline: the address resolves on the server only.
    await page.goto(`/q/${plaque.code}`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('You are offline')
    const walks = page.locator('[data-offline-walks]')
    expect(await walks.getByRole('link').allTextContents()).toEqual(['The old town'])
    expect(await page.locator('[data-offline-pages]').getByRole('listitem').allTextContents()).toEqual(['The old town Map · EN'])
    await keepScreenshot(page, 'visitor-offline/offline-page-saved-walk-phone-en')
    await walks.getByRole('link', { name: 'The old town' }).click()
    await waitForPageScript(page)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('The old town')
  })
})
