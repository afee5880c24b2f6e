import type { APIRequestContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { desktop, keepScreenshot, phone, waitForHydration } from './browser.ts'
import { apiCaller, createCategory, createPlace, createQrCode, createRoute, signedInRequest, useBrowserPage } from './fixtures.ts'

// Content in any language (ADR 043): a category offering Spanish and Arabic beside English. A
// Spanish visitor's phone (Accept-Language: es) opens a plaque and reads the Spanish texts with the
// interface in English; an Arabic route is laid out right to left; the switcher's choice is kept.

// Headless Chromium says "HeadlessChrome", which isbot counts as a bot: visitors use a phone's browser.
const visitorAgent = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

const texts = {
  en: { name: 'Lakeside loop', subtitle: 'An easy walk by the water', description: 'Three stops along the shore, then back through the park.' },
  es: { name: 'Vuelta junto al lago', subtitle: 'Un paseo fácil junto al agua', description: 'Tres paradas a lo largo de la orilla y vuelta por el parque.' },
  ar: { name: 'جولة على ضفاف البحيرة', subtitle: 'نزهة سهلة بجانب الماء', description: 'ثلاث محطات على طول الشاطئ ثم العودة عبر الحديقة.' },
} as const

const browser = useBrowserPage({ locale: 'es-ES' })
let owner: APIRequestContext
const api = apiCaller(() => owner)
let category: { id: number; slug: string }
let route: { uuid: string; slug: string }
let plaque: { code: string }

beforeAll(async () => {
  owner = await signedInRequest()
  category = await createCategory(api, { name: 'Lago', fallback_locale: 'en' })
  await api('PUT', `/api/place-categories/${category.id}`, { content_locales: ['es', 'ar'] })
  const stops = [
    await createPlace(api, category.id, { name: 'Pier', lat: 46.5065, lng: 6.6268 }),
    await createPlace(api, category.id, { name: 'Fountain', lat: 46.5072, lng: 6.6301 }),
  ]
  const created = await createRoute(api, category.id, { name: texts.en.name, locale: 'en' })
  await api('PUT', '/api/routes/update', {
    uuid: created.uuid,
    status: 'published',
    places: stops.map((p) => ({ id: p.id })),
    translations: { en: texts.en, es: texts.es, ar: texts.ar },
  })
  route = created
  plaque = await createQrCode(api, category.id, 'Pier plaque')
  await api('PUT', `/api/qr-codes/${plaque.code}/add-location`, { place_id: stops[0].id })
})
afterAll(async () => {
  if (category) await api('DELETE', `/api/place-categories/${category.id}`)
  await owner?.dispose()
})

const direction = (page: Page, selector: string) => page.locator(selector).first().evaluate((el) => getComputedStyle(el).direction)

describe('content languages on the visitor pages', () => {
  it('a Spanish visitor opens a plaque and reads the Spanish texts, the interface in English', async () => {
    const { page } = await browser.open(phone, { userAgent: visitorAgent })
    const answer = await page.goto(`/q/${plaque.code}`)
    expect(answer!.status()).toBe(200)
    // No language prefix: Spanish is no interface language, so the interface is English.
    await page.waitForURL(new RegExp(`/m/${category.slug}/${route.slug}\\?place=\\d+$`))
    expect(await page.locator('html').getAttribute('lang')).toBe('en')
    const content = page.getByTestId('route-texts')
    await expect.poll(() => content.locator('h1').textContent()).toBe(texts.es.name)
    expect(await content.getAttribute('lang')).toBe('es')
    expect(await direction(page, '[data-testid="route-texts"] h1')).toBe('ltr')
    await expect.poll(() => page.getByTestId('back-to-landing').textContent()).toContain('Route page')
    // The switcher offers every content language, the page's marked.
    const switcher = page.getByRole('navigation', { name: 'Languages' })
    await expect.poll(() => switcher.getByRole('link').allTextContents()).toEqual(['en English', 'es Español', 'ar العربية'])
    expect(await switcher.locator('a[aria-current="page"]').getAttribute('hreflang')).toBe('es')
    await keepScreenshot(page, 'content-languages/spanish-plaque', { always: true })

    // The landing page too, with its description, and hreflang alternates for every content language.
    await page.goto(`/r/${category.slug}/${route.slug}`)
    await expect.poll(() => page.getByTestId('route-description').textContent()).toBe(texts.es.description)
    expect(await page.getByTestId('open-map').textContent()).toContain('Open the map')
    const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang'), new URL(l.getAttribute('href')!).search]))
    expect(alternates).toEqual([['en', ''], ['es', '?lang=es'], ['ar', '?lang=ar']])
    await keepScreenshot(page, 'content-languages/spanish-landing', { always: true })
  })

  it('an Arabic route is laid out right to left, and the switcher’s choice is kept', async () => {
    const { page } = await browser.open(phone, { userAgent: visitorAgent })
    await page.goto(`/m/${category.slug}/${route.slug}`)
    await page.getByRole('navigation', { name: 'Languages' }).getByRole('link', { name: /العربية/ }).click()
    await page.waitForURL(/\?lang=ar$/)
    const content = page.getByTestId('route-texts')
    await expect.poll(() => content.locator('h1').textContent()).toBe(texts.ar.name)
    expect(await content.getAttribute('dir')).toBe('rtl')
    expect(await direction(page, '[data-testid="route-texts"] h1')).toBe('rtl')
    // The name starts at the right edge of its box: laid out right to left, not only marked so.
    const box = await content.boundingBox()
    const name = await content.locator('h1').evaluate((el) => {
      const range = document.createRange()
      range.selectNodeContents(el)
      const rect = range.getBoundingClientRect()
      return { left: rect.left, right: rect.right }
    })
    expect(Math.abs(box!.x + box!.width - name.right)).toBeLessThan(2)
    await keepScreenshot(page, 'content-languages/arabic-map', { always: true })

    // The choice is kept (a cookie): the landing page, asked without ?lang=, is in Arabic too.
    await page.goto(`/r/${category.slug}/${route.slug}`)
    await expect.poll(() => page.getByTestId('route-description').textContent()).toBe(texts.ar.description)
    expect(await direction(page, '[data-testid="route-description"]')).toBe('rtl')
    // The interface stays English (the nearest interface language of Arabic).
    expect(await page.getByTestId('open-map').textContent()).toContain('Open the map')
    await keepScreenshot(page, 'content-languages/arabic-landing', { always: true })
  })

  it('the manager writes a stop’s Spanish name in the map editor; the landing editor’s tabs are the content languages', async () => {
    const { page } = await browser.open(desktop, { signIn: true, locale: 'en-US' })
    await page.goto(`/map?category=${category.id}&route=${route.uuid}`)
    await waitForHydration(page)
    await page.getByTestId('stop-texts').first().click()
    const dialog = page.getByTestId('place-texts-modal')
    await page.getByTestId('place-texts-tab-es').click()
    await expect.poll(() => dialog.getByTestId('place-text-name').isEnabled()).toBe(true)
    await dialog.getByTestId('place-text-name').fill('Muelle')
    await page.getByTestId('place-texts-tab-ar').click()
    expect(await dialog.getByTestId('place-text-name').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl')
    await keepScreenshot(page, 'content-languages/place-texts', { always: true })
    await page.getByTestId('place-texts-save').click()
    await expect.poll(() => dialog.count()).toBe(0)

    await page.goto(`/landing?category=${category.id}&route=${route.uuid}`)
    await waitForHydration(page)
    await expect.poll(() => page.locator('[data-testid^="texts-tab-"]').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('data-testid')))).toEqual(['texts-tab-en', 'texts-tab-es', 'texts-tab-ar'])
    await page.getByTestId('texts-tab-ar').click()
    expect(await page.getByTestId('text-name').inputValue()).toBe(texts.ar.name)
    expect(await page.getByTestId('text-name').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl')

    // The Spanish visitor reads the stop's Spanish name.
    const visitor = await browser.extraContext(phone, { userAgent: visitorAgent })
    const tab = await visitor.newPage()
    await tab.goto(`/m/${category.slug}/${route.slug}`)
    await expect.poll(() => tab.getByTestId('place-list').textContent()).toContain('Muelle')
  })

  it('a manager writes a Spanish story on a phone; a Spanish visitor reads it, not the English one', async () => {
    const { page } = await browser.open(phone, { signIn: true, locale: 'en-US' })
    await page.goto(`/landing?category=${category.id}&route=${route.uuid}`)
    await waitForHydration(page)
    const form = page.getByTestId('story-form')
    await form.scrollIntoViewIfNeeded()
    // The category's content languages, named in the interface's language (the demo's owner reads French), the fallback chosen.
    const choice = form.getByTestId('story-language-choice')
    expect(await choice.locator('option').allTextContents()).toEqual(['anglais', 'espagnol', 'arabe'])
    expect(await choice.inputValue()).toBe('en')
    await form.getByTestId('story-title').fill('The bell')
    await form.getByTestId('story-text').fill('It rings at noon for the boats.')
    await form.getByTestId('story-add').click()
    await expect.poll(() => form.getByRole('status').textContent()).toBe('L’histoire a été ajoutée.')
    await choice.selectOption('es')
    expect(await form.getByTestId('story-title').getAttribute('lang')).toBe('es')
    await form.getByTestId('story-title').fill('La campana')
    await form.getByTestId('story-text').fill('Suena a mediodía para los barcos.')
    await form.getByTestId('story-add').click()
    await expect.poll(() => page.getByTestId('story-item').count()).toBe(2)
    await choice.selectOption('ar')
    expect(await form.getByTestId('story-text').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl')
    // Each listed story names its language, newest first.
    expect(await page.getByTestId('story-language').allTextContents()).toEqual(['espagnol', 'anglais'])
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await keepScreenshot(page.getByTestId('stories-editor'), 'content-languages/stories-editor', { always: true })

    // A Spanish visitor (Accept-Language: es) reads the Spanish story, marked as Spanish, and not the English one.
    const visitor = await browser.extraContext(phone, { userAgent: visitorAgent })
    const tab = await visitor.newPage()
    await tab.goto(`/m/${category.slug}/${route.slug}`)
    const stories = tab.getByTestId('place-list').getByTestId('story')
    await expect.poll(() => stories.allTextContents()).toEqual([expect.stringContaining('La campana')])
    expect(await stories.first().getAttribute('lang')).toBe('es')
    expect(await tab.getByTestId('place-list').textContent()).not.toContain('The bell')
    // Open the first stop: its stories show in the detail panel.
    await tab.getByRole('button', { name: 'Show the 2 places' }).click()
    await tab.locator('[data-place-open]').first().click()
    await expect.poll(() => tab.locator('[data-detail-body]').textContent()).toContain('La campana')
    await keepScreenshot(tab, 'content-languages/spanish-story', { always: true })
    // In English, the English one.
    await tab.goto(`/m/${category.slug}/${route.slug}?lang=en`)
    await expect.poll(() => stories.allTextContents()).toEqual([expect.stringContaining('The bell')])
  })
})
