import type { APIRequestContext, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { haversineDistance } from '#app/modules/geo/geo.ts'
import { formatDistance } from '#app/utils/format-walk.ts'
import { desktop, keepScreenshot, phone, waitForPageScript } from './browser.ts'
import { signedInRequest, useBrowserPage } from './fixtures.ts'
import { sharedServer } from './shared-server.ts'

// Issue 13: the trail in the visitor's pocket. The map page and the landing page open again with
// the network cut; "save for offline" keeps the tiles along the path (counted in the cache and
// served from it offline); position and nearest-place distance work offline; coming within 20 m
// of a stop opens its card once; "Listen" speaks in the page's language. And the category home.

const baseURL = sharedServer().baseURL
const tileURL = inject('tileURL')
const visitorAgent = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const route = 'lausanne/la-vieille-ville'
const cathedral = { name: 'Cathédrale de Lausanne', lat: 46.52255, lng: 6.63567 }
const nearby = { latitude: 46.5226, longitude: 6.635 }
const tileOrigin = new URL(tileURL.replace('{z}/{x}/{y}.png', '')).origin

// Offline, the browser reports the requests it could not make (the landing script's beacon…).
const browser = useBrowserPage({ allowErrors: /Failed to load resource|ERR_INTERNET_DISCONNECTED/ })
let owner: APIRequestContext
let context: BrowserContext
let page: Page

beforeAll(async () => {
  owner = await signedInRequest()
})
afterAll(async () => {
  await owner?.dispose()
})

async function visitor(locale = 'fr-FR', size = phone) {
  ;({ context, page } = await browser.open({ ...size, serviceWorkers: 'allow' }, { locale, userAgent: visitorAgent }))
  await context.grantPermissions(['geolocation'])
  await context.setGeolocation(nearby)
  // What the page asks of the speech synthesis and the vibration motor, recorded.
  await context.addInitScript(() => {
    const w = window as unknown as { spoken: { text: string; lang: string }[]; vibrations: number }
    w.spoken = []
    w.vibrations = 0
    window.speechSynthesis.speak = (u: SpeechSynthesisUtterance) => void w.spoken.push({ text: u.text, lang: u.lang })
    navigator.vibrate = () => {
      w.vibrations += 1
      return true
    }
  })
  return page
}

const savedTiles = (uuid: string) =>
  page.evaluate(async ({ uuid, origin }) => {
    const cache = await caches.open(`trailguide-walk:${uuid}`)
    return (await cache.keys()).filter((r) => r.url.startsWith(origin)).length
  }, { uuid, origin: tileOrigin })

describe('the trail offline (phone, French)', () => {
  it('opens /m and /r with the network cut, saves the walk with its tiles, and follows the visitor offline', async () => {
    await visitor()
    await page.goto(`/fr/r/${route}`)
    await page.waitForSelector('html[data-offline-ready="true"]', { state: 'attached', timeout: 15_000 })
    await page.goto(`/fr/m/${route}`)
    await waitForPageScript(page)
    await page.waitForSelector('html[data-offline-ready="true"]', { state: 'attached', timeout: 15_000 })
    const uuid = await page.evaluate(() => (JSON.parse(document.querySelector('[data-trail]')!.getAttribute('data-trail')!) as { uuid: string }).uuid)
    // The way back to the landing page, and the page in the other languages.
    expect(new URL((await page.getByTestId('back-to-landing').getAttribute('href'))!, baseURL).pathname).toBe(`/fr/r/${route}`)
    const languages = page.getByRole('navigation', { name: 'Langues' }).getByRole('link')
    expect(await languages.evaluateAll((links) => links.map((a) => [a.getAttribute('hreflang'), a.getAttribute('aria-current')]))).toEqual([
      ['en', null],
      ['fr', 'page'],
      ['de', null],
      ['it', null],
    ])

    // The size is shown before anything is downloaded, then a progress bar, then the saved walk.
    await page.getByRole('button', { name: 'Enregistrer ce parcours hors ligne' }).click()
    await expect.poll(() => page.locator('[data-offline-status]').textContent(), { timeout: 15_000 }).toMatch(/^Environ \d+,\d\sMo\s: cette carte et la page du parcours, \d+ fichiers, et \d+ tuiles de carte \(zoom \d+–\d+\)/)
    const estimated = /^Environ (\d+,\d\sMo)/.exec((await page.locator('[data-offline-status]').textContent())!)![1]
    await keepScreenshot(page, 'trail-offline-estimate-phone-fr')
    await page.getByRole('button', { name: 'Télécharger' }).click()
    await page.waitForSelector('[data-offline-saved="true"]', { state: 'attached', timeout: 30_000 })
    // The figure saved is the one announced (issue 26, item 8), in the language's unit.
    expect(await page.locator('[data-offline-status]').textContent()).toBe(`Enregistré\u00a0: ce parcours s’ouvre sans réseau. (${estimated})`)
    expect(await page.locator(`[data-saved-walk="${uuid}"]`).textContent()).toContain('La vieille ville')
    const tiles = await savedTiles(uuid)
    console.info(`tiles saved for offline: ${tiles}`)
    expect(tiles).toBeGreaterThan(20)

    await context.setOffline(true)
    const fromWorker: string[] = []
    page.on('response', (response) => {
      if (response.url().startsWith(tileOrigin) && response.fromServiceWorker() && response.ok()) fromWorker.push(response.url())
    })
    await page.goto(`/fr/m/${route}`)
    await waitForPageScript(page)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('La vieille ville')
    // The places are in the page (the list folds away on a phone until asked for).
    expect(await page.locator('[data-place-open]').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining(cathedral.name)]))
    expect(await page.locator('[data-place-open]').count()).toBe(8)
    await expect.poll(() => page.locator('.leaflet-tile-loaded').count(), { timeout: 15_000 }).toBeGreaterThan(3)
    // Offline, every tile on screen came from the saved walk.
    expect(fromWorker.length).toBeGreaterThanOrEqual(await page.locator('.leaflet-tile-loaded').count())
    console.info(`tiles served by the service worker offline: ${fromWorker.length}`)

    // Position and the nearest place, computed in the page.
    await page.getByRole('button', { name: 'Afficher ma position' }).click()
    const expected = formatDistance(haversineDistance({ lat: nearby.latitude, lng: nearby.longitude }, cathedral), 'fr')
    await expect.poll(() => page.getByTestId('closest-distance').textContent()).toBe(expected)
    expect(await page.getByTestId('closest-name').textContent()).toBe(cathedral.name)
    await keepScreenshot(page, 'trail-offline-position-phone-fr')

    // Within 20 m of the cathedral: its card opens, with a vibration, once.
    await context.setGeolocation({ latitude: cathedral.lat + 0.00005, longitude: cathedral.lng })
    const detail = page.getByTestId('place-detail')
    await expect.poll(() => detail.getByRole('heading', { level: 2 }).textContent()).toBe(cathedral.name)
    expect(await detail.getByRole('heading', { name: 'Le guet' }).isVisible()).toBe(true)
    expect(await page.evaluate(() => (window as unknown as { vibrations: number }).vibrations)).toBe(1)
    await page.getByRole('button', { name: 'Tous les lieux' }).click()
    await context.setGeolocation({ latitude: cathedral.lat - 0.00005, longitude: cathedral.lng })
    await expect.poll(() => page.getByTestId('closest-distance').textContent()).toMatch(/^\d\sm$/)
    expect(await detail.isVisible()).toBe(false)
    expect(await page.evaluate(() => (window as unknown as { vibrations: number }).vibrations)).toBe(1)

    // "Listen" reads the stop in the page's language, with the text shown.
    await page.getByRole('button', { name: 'Afficher les 8 lieux' }).click()
    await page.getByTestId('place-list').getByRole('button', { name: /Cathédrale de Lausanne/ }).click()
    await page.getByRole('button', { name: 'Écouter' }).click()
    const spoken = await page.evaluate(() => (window as unknown as { spoken: { text: string; lang: string }[] }).spoken)
    // One utterance per part (pauses between them), each in its language: the stop's, then its
    // French story, read in the language it is written in (ADR 044).
    expect(spoken).toEqual([
      { text: expect.stringMatching(new RegExp(`^Étape \\d+\\. ${cathedral.name}\\.$`)), lang: 'fr' },
      { text: 'Le guet', lang: 'fr' },
      { text: expect.stringMatching(/^Chaque nuit, de 22/), lang: 'fr' },
    ])
    expect(await page.locator('[data-transcript-text]').textContent()).toBe(spoken.map((p) => p.text).join('\n'))
    await keepScreenshot(page, 'trail-offline-listen-phone-fr')

    // The landing page, visited once, opens offline too (text and its images).
    await page.goto(`/fr/r/${route}`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('La vieille ville')
    await keepScreenshot(page, 'trail-offline-landing-phone-fr')

    // Online again: the saved walk can be removed.
    await context.setOffline(false)
    await page.goto(`/fr/m/${route}`)
    await waitForPageScript(page)
    await page.locator(`[data-saved-walk="${uuid}"]`).getByRole('button', { name: /Supprimer/ }).click()
    await expect.poll(() => page.locator(`[data-saved-walk="${uuid}"]`).count()).toBe(0)
    expect(await savedTiles(uuid)).toBe(0)
  })

  it('replaces a saved walk by its newer version once online', async () => {
    await visitor('en-US')
    await page.goto(`/m/${route}`)
    await waitForPageScript(page)
    await page.waitForSelector('html[data-offline-ready="true"]', { state: 'attached', timeout: 15_000 })
    await page.getByRole('button', { name: 'Save this walk for offline' }).click()
    await page.getByRole('button', { name: 'Download' }).click()
    await page.waitForSelector('[data-offline-saved="true"]', { state: 'attached', timeout: 30_000 })
    const saved = () => page.evaluate(() => (JSON.parse(localStorage.getItem('trailguide:saved-walks') ?? '[]') as { version: string }[])[0]?.version)
    const before = await saved()

    // The manager edits the route: a new version of the page.
    const categories = (await (await owner.get('/api/place-categories')).json()) as { data: { id: number; slug: string }[] }
    const lausanne = categories.data.find((c) => c.slug === 'lausanne')!.id
    const routes = (await (await owner.get(`/api/place-categories/${lausanne}/fetch-routes`)).json()) as { data: { uuid: string; slug: string; isIndexed: boolean }[] }
    const old = routes.data.find((r) => r.slug === 'la-vieille-ville')!
    expect((await owner.put('/api/routes/update', { data: { uuid: old.uuid, isIndexed: !old.isIndexed } })).status()).toBe(200)
    try {
      await page.reload()
      await waitForPageScript(page)
      await expect.poll(() => page.locator('[data-offline-status]').textContent(), { timeout: 30_000 }).toBe('A newer version of this walk was saved.')
      const after = await saved()
      expect(after).not.toBe(before)
      expect(after).toBe(await page.getAttribute('[data-trail-version]', 'data-trail-version'))
    } finally {
      await owner.put('/api/routes/update', { data: { uuid: old.uuid, isIndexed: old.isIndexed } })
    }
  })
})

describe('long words on a phone', () => {
  it('wrap in the landing and map pages instead of widening them', async () => {
    const categories = (await (await owner.get('/api/place-categories')).json()) as { data: { id: number; slug: string }[] }
    const lausanne = categories.data.find((c) => c.slug === 'lausanne')!
    const places = ((await (await owner.get(`/api/place-categories/${lausanne.id}/fetch-places`)).json()) as { data: { id: number }[] }).data
    const stored = (await (await owner.post('/api/routes/store', { data: { name: 'Long words', place_category_id: lausanne.id } })).json()) as { data: { uuid: string; slug: string } }
    const long = `https://www.example.org/${'a-very-long-path-segment-'.repeat(8)}index.html`
    const word = 'Donaudampfschifffahrtsgesellschaftskapitänswitwenrentenversicherungsanstalt'.repeat(2)
    const saved = await owner.put('/api/routes/update', {
      data: {
        uuid: stored.data.uuid,
        locale: 'en',
        status: 'published',
        subtitle: word,
        description: `See ${long} for more.`,
        content_title: word,
        content_text: `${long}\n${word}`,
        places: places.slice(0, 2).map((p) => ({ id: p.id })),
      },
    })
    expect(saved.status()).toBe(200)
    try {
      await visitor('en-US')
      for (const path of [`/r/lausanne/${stored.data.slug}`, `/m/lausanne/${stored.data.slug}`]) {
        await page.goto(path)
        await page.waitForLoadState('networkidle')
        const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
        expect(width.scroll, path).toBeLessThanOrEqual(width.client)
        // No text sticks out of its box (a card's overflow would hide it rather than widen the page).
        const overflowing = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('h1, h2, h3, p, dd, li')]
            .filter((el) => el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
            .map((el) => `${el.tagName}: ${el.textContent?.slice(0, 40)}`),
        )
        expect(overflowing, path).toEqual([])
      }
      await page.goto(`/r/lausanne/${stored.data.slug}`)
      await keepScreenshot(page, 'landing-long-words-phone')
    } finally {
      await owner.delete('/api/routes/delete', { data: { uuid: stored.data.uuid } })
    }
  })
})

describe('empty addresses', () => {
  it('/m/, /q/, /c/ and /fr/q/ answer the 404 page, which hydrates without an error where it hydrates', async () => {
    await visitor('en-US', desktop)
    for (const path of ['/m/', '/q/', '/c/', '/fr/q/', '/de/m/']) {
      const response = await page.goto(path)
      expect(response!.status(), path).toBe(404)
      await page.waitForLoadState('networkidle')
      expect(await page.getByRole('heading', { level: 1 }).first().textContent(), path).toMatch(/Page Not Found|Page introuvable|Seite nicht gefunden/)
    }
    await keepScreenshot(page, 'not-found-empty-slug')
  })
})

describe('the category home', () => {
  it('lists the published routes in four languages, filters them, and never shows a draft', async () => {
    const categories = (await (await owner.get('/api/place-categories')).json()) as { data: { id: number; slug: string }[] }
    const lausanne = categories.data.find((c) => c.slug === 'lausanne')!.id
    const routes = ((await (await owner.get(`/api/place-categories/${lausanne}/fetch-routes`)).json()) as { data: { slug: string; status: string; duration: number; distance: number }[] }).data
    const published = routes.filter((r) => r.status === 'published')
    const draft = routes.find((r) => r.status === 'draft')!
    const searchLabel = { en: 'Search by name', fr: 'Chercher par nom', de: 'Nach Namen suchen', it: 'Cerca per nome' }
    await visitor('en-US')
    for (const [locale, label] of Object.entries(searchLabel)) {
      const response = await page.goto(`/${locale}/c/lausanne`)
      expect(response!.status()).toBe(200)
      await waitForPageScript(page)
      expect(await page.getAttribute('html', 'lang')).toBe(locale)
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Lausanne')
      expect(await page.getByLabel(label).count()).toBe(1)
      const cards = page.locator('[data-route-card]')
      expect(await cards.count()).toBe(published.length)
      const hrefs = await page.locator('[data-route-card] a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
      for (const r of published) expect(hrefs).toContain(`${locale === 'en' ? '' : `/${locale}`}/m/lausanne/${r.slug}`)
      expect(hrefs.some((h) => h?.includes(draft.slug))).toBe(false)
      await expect.poll(() => page.getByTestId('route-start').count()).toBe(published.length)
      await keepScreenshot(page, `category-home-phone-${locale}`)
    }

    // Filters apply as they are chosen (script), and without script by the server.
    const short = published.filter((r) => r.duration <= 30 * 60)
    expect(short.length).toBeGreaterThan(0)
    expect(short.length).toBeLessThan(published.length)
    // The filters are folded: the walks come first (issue 26, item 5).
    expect(await page.locator('select[name="duration"]').isVisible()).toBe(false)
    await page.getByText('Ricerca e filtri').click()
    await page.selectOption('select[name="duration"]', '30')
    await expect.poll(() => page.locator('[data-route-card]:visible').count()).toBe(short.length)
    expect(new URL(page.url()).search).toBe('?duration=30')
    await expect.poll(() => page.getByTestId('route-start').count()).toBe(short.length)
    await page.getByLabel('Cerca per nome').fill('zzzz-nothing')
    await expect.poll(() => page.locator('[data-route-count]').textContent()).toBe('Nessuna passeggiata corrisponde a questi filtri.')
    const served = await fetch(`${baseURL}/c/lausanne?duration=30`).then((r) => r.text())
    expect(served.match(/data-route-card="[^"]+"(?! hidden)/g)?.length).toBe(short.length)

    await context.close()
    await visitor('de-DE', desktop)
    await page.goto('/de/c/lausanne')
    await waitForPageScript(page)
    await keepScreenshot(page, 'category-home-desktop-de')
  })
})
