import fs from 'node:fs'
import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { desktop, keepScreenshot, phone, waitForHydration, waitForPageScript } from './browser.ts'
import { signInAs } from './demo-login.ts'
import { apiCaller, createCategory, createPlace, createRoute, useBrowserPage } from './fixtures.ts'
import { root } from './server.ts'
import { sharedServer } from './shared-server.ts'

// Issue 15, accessibility facts (ADR 027): edited on /landing, shown on /r and /m in four
// languages with the elevation profile of an imported-like path with heights, the stops'
// entrance notes, and the category home's "step-free only" filter with and without script.
// A category of its own, so the demo's routes other tests count stay as they are.

type Messages = { accessibility: { title: string; labels: Record<string, string>; values: Record<string, string>; surfaces: Record<string, string>; entrance: string; filter: { stepFree: string }; elevation: { ascent: string } } }
const messages = Object.fromEntries(
  ['en', 'fr', 'de', 'it'].map((l) => [l, JSON.parse(fs.readFileSync(path.join(root, `locales/${l}/translation.json`), 'utf8')) as Messages]),
) as Record<'en' | 'fr' | 'de' | 'it', Messages>

const browser = useBrowserPage({ allowErrors: null })
let manager: BrowserContext
let context: BrowserContext | undefined
const slug = `access-${Date.now().toString(36)}`
let categoryId: number
let loop: { uuid: string; slug: string }
let stairs: { uuid: string; slug: string }
let firstStop: number

const api = apiCaller(() => manager.request, 200)

/** A published route through three stops, its path with heights (a hill of 40 m) when asked. */
async function route(name: string, places: { id: number; lat: number; lng: number }[], heights: boolean) {
  const created = await createRoute(api, categoryId, { name, locale: 'en' }, 201)
  const coordinates = places.map((p, i) => (heights ? [p.lng, p.lat, [500, 540, 520][i]] : [p.lng, p.lat]))
  await api('PUT', '/api/routes/update', {
    uuid: created.uuid,
    places: places.map((p) => ({ id: p.id })),
    features_collection: { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates } }] },
    translations: { fr: { name: `${name} (fr)` }, de: { name: `${name} (de)` }, it: { name: `${name} (it)` } },
    status: 'published',
  })
  return created
}

beforeAll(async () => {
  manager = await browser.browser.newContext({ ...desktop, baseURL: sharedServer().baseURL, locale: 'en-US', reducedMotion: 'reduce' })
  await signInAs(manager)
  categoryId = (await createCategory(api, { name: 'Accessible Lausanne', slug, fallback_locale: 'en' }, 201)).id
  const spots = [
    { name: 'Cathédrale', lat: 46.52255, lng: 6.63567 },
    { name: 'Escaliers du Marché', lat: 46.5219, lng: 6.6338 },
    { name: 'Place de la Palud', lat: 46.5206, lng: 6.6329 },
  ]
  const places = []
  for (const spot of spots) places.push({ ...(await createPlace(api, categoryId, spot, 201)), ...spot })
  firstStop = places[0].id
  loop = await route('Level loop', places, true)
  stairs = await route('Stairs walk', places, false)
  await api('PUT', '/api/routes/update', { uuid: stairs.uuid, accessibility: { step_free: false, stairs: true, stairs_count: 120 } })
})
afterAll(async () => {
  // Remove the category so the demo owner's screens (heatmap, statistics) open on the demo's as the other tests expect.
  if (categoryId) expect((await manager.request.delete(`/api/place-categories/${categoryId}`)).status()).toBe(200)
  await manager?.close()
})

async function open(options = phone, locale = 'en-US', javaScriptEnabled = true): Promise<Page> {
  const opened = await browser.open(options, { locale, javaScriptEnabled })
  context = opened.context
  const page = opened.page
  return page
}

describe('accessibility facts', () => {
  it('are edited on /landing with "not known" kept apart from "no", saved with the route', async () => {
    const page = await open(desktop)
    await signInAs(context!)
    await page.goto(`/fr/landing?category=${categoryId}&route=${loop.uuid}`)
    await waitForHydration(page)
    const section = page.getByTestId('accessibility-editor')
    await expect.poll(() => section.getByTestId('a11y-step_free').inputValue()).toBe('')
    expect(await section.getByTestId('a11y-elevation').textContent()).toContain('40')
    await section.getByTestId('a11y-step_free').selectOption('yes')
    await section.getByTestId('a11y-wheelchair').selectOption('yes')
    await section.getByTestId('a11y-pushchair').selectOption('yes')
    await section.getByTestId('a11y-benches').selectOption('yes')
    await section.getByTestId('a11y-toilets').selectOption('no')
    await section.getByTestId('a11y-surface').selectOption('paved')
    await section.getByTestId('a11y-shade').selectOption('some')
    await section.getByTestId('a11y-max_slope_pct').fill('6')
    // The entrance note is written in the language of the texts' tab.
    for (const [locale, note] of [['fr', 'Porte latérale sans marche'], ['en', 'Step-free side door'], ['de', 'Stufenlose Seitentür'], ['it', 'Porta laterale senza gradini']]) {
      await page.getByTestId(`texts-tab-${locale}`).click()
      await section.getByTestId(`a11y-entrance-${firstStop}`).fill(note)
    }
    expect(await page.getByTestId('save-bar-status').textContent()).not.toBe('')
    // The preview follows the facts before they are saved, in the tab's language (Italian now).
    expect(await page.getByTestId('accessibility').locator('[data-fact="step_free"]').textContent()).toContain(messages.it.accessibility.values.yes)
    await page.getByTestId('a11y-max_slope_pct').scrollIntoViewIfNeeded()
    await keepScreenshot(page, 'access/landing-desktop')
    await keepScreenshot(page, 'accessibility-landing-desktop')
    await page.getByTestId('landing-save').click()
    await expect.poll(() => page.getByTestId('save-bar-status').textContent()).toBe('')

    const saved = await api('GET', `/api/routes/${loop.uuid}/get-route`)
    expect(saved.accessibility).toMatchObject({ step_free: true, wheelchair: true, pushchair: true, benches: true, toilets: false, surface: 'paved', shade: 'some', max_slope_pct: 6, stairs: null, drinking_water: null })
    expect(saved.places.find((p) => p.id === firstStop)!.accessible_entrance).toEqual({ fr: 'Porte latérale sans marche', en: 'Step-free side door', de: 'Stufenlose Seitentür', it: 'Porta laterale senza gradini' })
  })

  it('show on /r and /m in four languages, with the elevation profile and the entrance note', async () => {
    const notes = { en: 'Step-free side door', fr: 'Porte latérale sans marche', de: 'Stufenlose Seitentür', it: 'Porta laterale senza gradini' }
    for (const locale of ['en', 'fr', 'de', 'it'] as const) {
      const m = messages[locale].accessibility
      const prefix = locale === 'en' ? '' : `/${locale}`
      const page = await open(phone, locale)
      await page.goto(`${prefix}/r/${slug}/${loop.slug}`)
      const block = page.getByTestId('accessibility')
      expect(await block.getByRole('heading', { level: 2 }).textContent()).toBe(m.title)
      const stepFree = await block.locator('[data-fact="step_free"]').textContent()
      expect(stepFree).toContain(m.labels.step_free)
      expect(stepFree).toContain(m.values.yes)
      // The colon as each language writes it: French with a no-break space before it, never a line between.
      expect(stepFree).toContain(locale === 'fr' ? 'Sans marche\u00a0:' : `${m.labels.step_free}:`)
      expect(await block.locator('[data-fact="surface"]').textContent()).toContain(m.surfaces.paved)
      expect(await block.locator('[data-fact="wheelchair"]').textContent()).toContain(m.values.suitable)
      // 500 → 540 → 520 m: 40 m up, 20 m down, named in text, not by the drawing alone.
      expect(await block.getByTestId('elevation-ascent').textContent()).toMatch(/^40\s?m$/)
      expect(await block.getByTestId('elevation-descent').textContent()).toMatch(/^20\s?m$/)
      expect(await block.getByRole('img').getAttribute('aria-labelledby')).toBeTruthy()
      if (locale === 'fr') await keepScreenshot(page, 'access/r-phone-fr')

      await page.goto(`${prefix}/m/${slug}/${loop.slug}`)
      await waitForPageScript(page)
      const trailBlock = page.getByTestId('accessibility')
      expect(await trailBlock.getByRole('heading', { level: 2 }).textContent()).toBe(m.title)
      expect(await trailBlock.locator('[data-fact="step_free"]').textContent()).toContain(m.values.yes)
      expect(await page.getByTestId('entrance-note').first().textContent()).toContain(notes[locale])
      expect(await page.getByTestId('entrance-note').first().textContent()).toContain(m.entrance)
      if (locale === 'fr') {
        await trailBlock.scrollIntoViewIfNeeded()
        await keepScreenshot(page, 'access/m-phone-fr', { fullPage: false })
        // The stop's card, as a scanned plaque opens it (?place=).
        await page.goto(`${prefix}/m/${slug}/${loop.slug}?place=${firstStop}`)
        await waitForPageScript(page)
        expect(await page.getByTestId('place-detail').getByTestId('entrance-note').textContent()).toContain(notes.fr)
        await keepScreenshot(page, 'access/m-phone-fr-stop', { fullPage: false })
      }
      await context!.close()
      context = undefined
    }
  })

  it('says nothing where nothing is known, and keeps the stairs route out of "step-free only" on /c, without script and with', async () => {
    const page = await open(phone, 'en-US', false)
    await page.goto(`/c/${slug}`)
    const cards = page.getByTestId('route-cards')
    const visibleNames = async () => (await cards.locator('[data-route-card]:not([hidden]) h2 a').allTextContents()).map((n) => n.trim()).sort()
    expect(await visibleNames()).toEqual(['Level loop', 'Stairs walk'])
    expect(await cards.locator(`[data-route-card="${loop.uuid}"] [data-badge="step_free"]`).textContent()).toBe(messages.en.accessibility.labels.step_free)
    // Without script: the GET form, the server filters (the filters fold away until opened: the walks first).
    await page.getByText('Search and filters').click()
    await page.getByLabel(messages.en.accessibility.filter.stepFree).check()
    await page.locator('[data-filter-submit]').click()
    await page.waitForURL(/step_free=1/)
    expect(await visibleNames()).toEqual(['Level loop'])
    await keepScreenshot(page, 'access/c-phone-step-free')
    await context!.close()

    const scripted = await open(phone, 'fr-FR')
    await scripted.goto(`/fr/c/${slug}`)
    await waitForPageScript(scripted)
    await scripted.getByText('Recherche et filtres').click()
    await scripted.getByLabel(messages.fr.accessibility.filter.stepFree).check()
    await expect.poll(async () => (await scripted.locator('[data-route-card]:not([hidden])').count())).toBe(1)
    expect(new URL(scripted.url()).searchParams.get('step_free')).toBe('1')

    // The filter's row and the block at desktop width, looked at.
    const wide = await browser.extraContext(desktop, { locale: 'de-DE' })
    const widePage = await wide.newPage()
    await widePage.goto(`/de/c/${slug}?step_free=1`)
    await keepScreenshot(widePage, 'access/c-desktop-de', { fullPage: false })
    await widePage.goto(`/de/r/${slug}/${loop.slug}`)
    await widePage.getByTestId('accessibility').scrollIntoViewIfNeeded()
    await keepScreenshot(widePage, 'access/r-desktop-de', { fullPage: false })
    await wide.close()

    // A route without any known fact and without heights shows no block at all.
    await scripted.goto(`/fr/r/${slug}/${stairs.slug}`)
    expect(await scripted.getByTestId('accessibility').locator('[data-fact="stairs"]').textContent()).toContain('120')
    await api('PUT', '/api/routes/update', { uuid: stairs.uuid, accessibility: { step_free: null, stairs: null } })
    await scripted.goto(`/fr/r/${slug}/${stairs.slug}`)
    expect(await scripted.getByTestId('accessibility').count()).toBe(0)
  })
})
