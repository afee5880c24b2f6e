import fs from 'node:fs'
import path from 'node:path'
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { desktop, keepScreenshot, phone, waitForHydration, watchErrors } from './browser.ts'
import { root } from './server.ts'
import { apiCaller, signedInRequest, useBrowserPage } from './fixtures.ts'

// Issue 15, route notices: written on /landing (a level, a text per language, the preview shows
// it), then read by visitors at the top of /r and /m in their language (fr, en, de, it); a closed
// route says so in words and stays reachable; a notice outside its days is not shown.

type Messages = { notices: { heading: Record<string, string> } }
const messages = Object.fromEntries(['en', 'fr', 'de', 'it'].map((l) => [l, JSON.parse(fs.readFileSync(path.join(root, `locales/${l}/translation.json`), 'utf8')) as Messages]))

const texts = {
  fr: 'Passerelle fermée après la tempête : suivez la déviation balisée.',
  en: 'Footbridge closed after the storm: follow the marked detour.',
  de: 'Steg nach dem Sturm gesperrt: folgen Sie der markierten Umleitung.',
  it: 'Passerella chiusa dopo la tempesta: seguite la deviazione segnalata.',
} as const
const langs = ['fr', 'en', 'de', 'it'] as const

// The fixtures allow failed resource loads (a map tile), as this file did.
const browser = useBrowserPage()
let manager: APIRequestContext
/** The visitors' phone: one context per test, its pages opened one after the other. */
let context: BrowserContext | undefined
let errors: string[] = []
let target: { uuid: string; url: string }

const api = apiCaller(() => manager, 200)

async function shot(page: Page, name: string) {
  await keepScreenshot(page, name)
  await keepScreenshot(page, `notices/${name}`, { fullPage: false })
}

/** A visitor's page in a language (English unprefixed), on a phone. */
async function visit(kind: 'r' | 'm', lang: (typeof langs)[number]) {
  context ??= await browser.extraContext(phone)
  const page = await context.newPage()
  // Every page of the test is checked, not only the last.
  expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([])
  errors = watchErrors(page)
  const pagePath = new URL(target.url).pathname.replace(/^\/r\//, `/${kind}/`)
  await page.goto(lang === 'en' ? pagePath : `/${lang}${pagePath}`)
  return page
}

beforeAll(async () => {
  manager = await signedInRequest()
  const categories = await api('GET', '/api/place-categories')
  const lausanne = categories.find((c) => c.slug === 'lausanne')!
  const routes = await api('GET', `/api/place-categories/${lausanne.id}/fetch-routes`)
  // Not the old town, which the trail tests walk.
  target = routes.find((r) => r.status === 'published' && r.slug.includes('sauvabelin'))!
  expect(target).toBeTruthy()
})
afterAll(async () => {
  // The demo as it was, for the other tests.
  if (target) await api('PUT', '/api/routes/update', { uuid: target.uuid, notice: null })
  await manager?.dispose()
})
afterEach(() => {
  // The fixtures close the context.
  context = undefined
  expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([])
  errors = []
})

describe('route notices', () => {
  it('are written on /landing in four languages, with the preview showing them', async () => {
    let page: Page
    ;({ page, errors } = await browser.open(desktop, { signIn: true }))
    const categories = await api('GET', '/api/place-categories')
    const id = categories.find((c) => c.slug === 'lausanne')!.id
    await page.goto(`/landing?category=${id}&route=${target.uuid}`)
    await waitForHydration(page)
    await page.getByTestId('notice-add').click()
    await page.getByTestId('notice-level').selectOption('closed')
    for (const lang of langs) {
      await page.getByTestId(`notice-language-${lang}`).click()
      // The language switch here is the texts' tabs' too.
      expect(await page.getByTestId(`texts-tab-${lang}`).getAttribute('aria-selected')).toBe('true')
      await page.getByTestId('notice-text').fill(texts[lang])
    }
    // A last day before the first is refused at the field, before anything is sent.
    await page.getByTestId('notice-starts_on').fill('2026-12-10')
    await page.getByTestId('notice-ends_on').fill('2026-12-01')
    await page.getByTestId('landing-save').click()
    await page.getByTestId('notice-ends_on-error').waitFor()
    await page.getByTestId('notice-starts_on').fill('')
    await page.getByTestId('notice-ends_on').fill('')

    const preview = page.getByTestId('public-preview')
    await preview.locator('[data-testid="route-notice"][data-level="closed"]').getByText(texts.it).waitFor()
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/routes/update') && r.request().method() === 'PUT')
    await page.getByTestId('landing-save').click()
    const response = await saved
    expect(response.status()).toBe(200)
    expect(response.request().postDataJSON()).toEqual({ uuid: target.uuid, notice: { level: 'closed', starts_on: null, ends_on: null, texts } })
    await page.getByTestId('notice-saved-state').waitFor()
    await page.getByTestId('notice-language-fr').click()
    await page.getByTestId('notice-editor').scrollIntoViewIfNeeded()
    await shot(page, 'notices-landing-editor-desktop')

    // The manager's lists show it too.
    await page.goto(`/landing/list?category=${id}`)
    await waitForHydration(page)
    await page.locator(`[data-testid="landing-list-row"][data-slug="${new URL(target.url).pathname.split('/').pop()}"] [data-testid="notice-badge"][data-level="closed"]`).waitFor()
    // The map editor: the open route's toolbar and the list of routes to open.
    await page.goto(`/map?category=${id}&route=${target.uuid}`)
    await waitForHydration(page)
    await page.locator('[data-testid="toolbar-route"] [data-testid="notice-badge"][data-level="closed"]').waitFor()
    await page.locator('[data-testid="route-toolbar"] button[data-action="select"]:visible').first().click()
    await page.locator(`[data-testid="route-option"][data-uuid="${target.uuid}"] [data-testid="notice-badge"][data-level="closed"]`).waitFor()
    await shot(page, 'notices-map-editor-routes-desktop')
  })

  for (const lang of langs) {
    it(`show at the top of /r and /m in ${lang}; a closed route says so and stays reachable`, async () => {
      const landing = await visit('r', lang)
      const notice = landing.getByTestId('route-notice')
      expect(await notice.getAttribute('data-level')).toBe('closed')
      expect(await notice.getAttribute('role')).toBe('alert')
      expect(await notice.innerText()).toContain(messages[lang].notices.heading.closed)
      expect(await notice.innerText()).toContain(texts[lang])
      // At the top: above the route's name.
      const [noticeBox, titleBox] = [await notice.boundingBox(), await landing.locator('h1').boundingBox()]
      expect(noticeBox!.y).toBeLessThan(titleBox!.y)
      // Still reachable: the map opens.
      await landing.getByTestId('open-map').click()
      await landing.waitForURL(/\/m\//)
      const map = landing
      expect(await map.getByTestId('route-notice').innerText()).toContain(texts[lang])
      expect(await map.getByTestId('public-route-map').count()).toBe(1)
      if (lang === 'fr') {
        await map.getByTestId('route-notice').waitFor()
        await shot(map, 'notices-map-phone')
        await landing.goBack()
        await landing.getByTestId('route-notice').waitFor()
        await shot(landing, 'notices-landing-phone')
      }
    })
  }

  it('are not shown outside their days, and come back with them', async () => {
    await api('PUT', '/api/routes/update', { uuid: target.uuid, notice: { level: 'warning', ends_on: '2001-01-01', texts: { en: 'Long gone' } } })
    let page = await visit('r', 'en')
    expect(await page.getByTestId('route-notice').count()).toBe(0)
    await page.close()
    await api('PUT', '/api/routes/update', { uuid: target.uuid, notice: { level: 'warning', starts_on: '2001-01-01', texts: { en: 'Slippery steps' } } })
    page = await visit('m', 'en')
    expect(await page.getByTestId('route-notice').getAttribute('data-level')).toBe('warning')
    expect(await page.getByTestId('route-notice').getAttribute('role')).toBe('status')
    // And on the route's card of the category home.
    await page.goto('/c/lausanne')
    const card = page.locator('[data-route-card]').filter({ has: page.getByTestId('route-notice') })
    expect(await card.count()).toBe(1)
    expect(await card.getByTestId('route-notice').innerText()).toContain('Slippery steps')
    await keepScreenshot(card, 'notices/notices-category-card-phone')
  })
})
