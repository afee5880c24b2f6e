import http from 'node:http'
import type net from 'node:net'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { desktop, keepScreenshot, phone, waitForHydration } from './browser.ts'
import { useBrowserPage } from './fixtures.ts'
import { demoEditor } from './demo-login.ts'
import { startServer, type RunningServer } from './server.ts'
import { sharedServer } from './shared-server.ts'

let baseURL = sharedServer().baseURL
const browser = useBrowserPage({ allowErrors: null })
let context: BrowserContext
let page: Page
let errors: string[]

async function open(options = desktop) {
  // The demo's editor reads English (the owner reads French).
  ;({ context, page, errors } = await browser.open({ ...options, baseURL }, { signIn: demoEditor }))
  await page.goto('/ai')
  await waitForHydration(page)
  return page
}

const routeSection = () => page.getByTestId('ai-route')
const markers = () => page.getByTestId('route-map').getByTestId('numbered-marker')

/** Drafts a walk of `minutes` from the cathedral and waits for it on the map. */
async function draftFromCathedral(minutes = 60) {
  await routeSection().getByLabel('Start place').selectOption({ label: 'Cathédrale de Lausanne' })
  await routeSection().getByLabel('Walking time (minutes)').fill(String(minutes))
  await routeSection().getByRole('button', { name: 'Draft', exact: true }).click()
  await expect.poll(() => markers().count(), { timeout: 15_000 }).toBeGreaterThan(1)
}

describe('AI assistant screen', () => {
  it('drafts a route from the cathedral for an hour, shows it numbered on the map and creates it as a draft', async () => {
    await open()
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('AI assistant')
    await draftFromCathedral(60)

    const stops = await page.getByTestId('ai-draft-places').locator('li').count()
    expect(await markers().count()).toBe(stops)
    expect(await page.getByTestId('ai-draft-places').locator('li').first().textContent()).toContain('Cathédrale de Lausanne')
    expect(await markers().first().getAttribute('title')).toBe('1. Cathédrale de Lausanne')
    expect(await page.getByTestId('route-map').getByTestId('route-line').count()).toBe(1)
    expect(await page.getByTestId('ai-draft-distance').textContent()).toMatch(/^\d+\.\d{2}\u00a0km$/)
    expect(await page.getByTestId('ai-draft-duration').textContent()).toMatch(/^(\d+\u00a0min|\dh\u00a0\d+min)$/)
    await keepScreenshot(page, 'ai-draft-desktop')

    const name = `An hour from the cathedral ${Date.now()}`
    await routeSection().getByLabel('Route name').fill(name)
    await routeSection().getByRole('button', { name: 'Create as draft route' }).click()
    const created = page.getByTestId('ai-route-created')
    await expect.poll(() => created.textContent()).toContain(name)
    await expect.poll(() => page.getByTestId('toast').first().textContent()).toContain(name)
    const href = (await created.getByRole('link', { name: 'Open it on the map' }).getAttribute('href'))!
    const uuid = new URL(href, baseURL).searchParams.get('route')
    expect(href.startsWith('/map?route=')).toBe(true)

    const categoryId = await page.getByTestId('category-picker').inputValue()
    const res = await context.request.get(`/api/place-categories/${categoryId}/fetch-routes?locale=en`)
    expect(res.status()).toBe(200)
    const routes = (await res.json()).data as { uuid: string; name: string | null; status: string; placesCount: number }[]
    expect(routes.find((r) => r.uuid === uuid)).toMatchObject({ name, status: 'draft', placesCount: stops })
    await keepScreenshot(page, 'ai-created-desktop')

    // Arriving on the map by the card's link closes the toast that offered to go there.
    expect(await page.getByTestId('toast').filter({ hasText: name }).count()).toBe(1)
    await created.getByRole('link', { name: 'Open it on the map' }).click()
    await page.waitForURL(/\/map\?route=/)
    await expect.poll(() => page.getByTestId('toast').filter({ hasText: name }).count()).toBe(0)
  })

  it('explains how to enable text drafting when the server has no AI settings', async () => {
    await open()
    const panel = page.getByTestId('ai-texts-disabled')
    expect(await panel.getByRole('heading', { name: 'Text drafting is not set up' }).isVisible()).toBe(true)
    for (const setting of ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL']) expect(await panel.textContent()).toContain(setting)
    expect(await page.getByRole('button', { name: 'Draft texts' }).count()).toBe(0)
  })

  it('fits a phone', async () => {
    await open(phone)
    await draftFromCathedral(45)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await keepScreenshot(page, 'ai-draft-phone')
  })
})

/** Drafted texts as a provider would answer them: the language code in every field. */
const providerTexts = Object.fromEntries(
  ['fr', 'en', 'de', 'it'].map((l) => [
    l,
    { name: `Old town (${l})`, subtitle: `Subtitle ${l}`, description: `Description ${l}`, content_title: `Title ${l}`, content_text: `Text ${l}` },
  ]),
)

/** An OpenAI-compatible chat completions endpoint that answers drafted texts, or fails on demand. */
async function startFakeProvider() {
  const state = { failing: false }
  const server = http.createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      if (state.failing) return void res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":"overloaded"}')
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: JSON.stringify(providerTexts) } }] }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return { url: `http://127.0.0.1:${port}/v1`, state, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

describe('AI assistant screen with a text provider', () => {
  let app: RunningServer
  let provider: Awaited<ReturnType<typeof startFakeProvider>>
  const sharedURL = baseURL

  beforeAll(async () => {
    provider = await startFakeProvider()
    // A server of its own (with AI settings and its own demo data): applying texts changes a route.
    app = await startServer({ TILE_URL: inject('tileURL'), AI_BASE_URL: provider.url, AI_MODEL: 'fake-model' }, { copyDataFrom: inject('demoDataDir') })
    baseURL = app.url
  })
  afterAll(async () => {
    baseURL = sharedURL
    await app?.stop()
    await provider?.stop()
  })

  const textsSection = () => page.getByTestId('ai-texts')

  /** The demo's old town route (the first test renames it: found by its slug). */
  async function oldTown() {
    const categoryId = await page.getByTestId('category-picker').inputValue()
    const routes = (await (await context.request.get(`/api/place-categories/${categoryId}/fetch-routes`)).json()).data as { uuid: string; slug: string }[]
    const uuid = routes.find((r) => r.slug === 'la-vieille-ville')!.uuid
    const translations = async () => (await (await context.request.get(`/api/routes/${uuid}/get-route`)).json()).data.translations as Record<string, { name: string }>
    return { uuid, translations }
  }

  async function draftTexts(uuid: string) {
    await textsSection().getByLabel('Route', { exact: true }).selectOption(uuid)
    await textsSection().getByRole('button', { name: 'Draft texts' }).click()
  }

  it('drafts the four languages side by side, applies the edited texts, and changes nothing when the provider fails', async () => {
    await open()
    const { uuid, translations } = await oldTown()
    await draftTexts(uuid)
    const draft = page.getByTestId('ai-texts-draft')
    await expect.poll(() => draft.isVisible()).toBe(true)
    for (const l of ['fr', 'en', 'de', 'it']) {
      expect(await page.getByTestId(`ai-texts-${l}`).isVisible()).toBe(true)
      expect(await page.getByTestId(`ai-texts-${l}`).getByLabel('Name').inputValue()).toBe(`Old town (${l})`)
    }
    await page.getByTestId('ai-texts-en').getByLabel('Name').fill('The old town, reviewed')
    await keepScreenshot(page, 'ai-texts-desktop')

    await draft.getByRole('button', { name: 'Apply to the route' }).click()
    await expect.poll(() => page.getByTestId('toast').first().textContent()).toContain('have been saved')
    await expect.poll(() => draft.count()).toBe(0)
    const saved = await translations()
    expect(saved.en.name).toBe('The old town, reviewed')
    expect(saved.fr).toMatchObject({ name: 'Old town (fr)', subtitle: 'Subtitle fr', content_text: 'Text fr' })

    provider.state.failing = true
    try {
      await page.reload()
      await waitForHydration(page)
      await draftTexts(uuid)
      await expect.poll(() => page.getByTestId('ai-texts-error').textContent()).toContain('did not give a usable answer')
      expect(await page.getByTestId('ai-texts-draft').count()).toBe(0)
      expect(await translations()).toEqual(saved)
      await keepScreenshot(page, 'ai-texts-error')
      // The 502 itself is expected here; the browser logs every failed request.
      errors.splice(0, errors.length, ...errors.filter((e) => !e.includes('502')))
    } finally {
      provider.state.failing = false
    }
  })

  it('shows one language at a time behind tabs on a phone', async () => {
    await open(phone)
    await draftTexts((await oldTown()).uuid)
    await expect.poll(() => page.getByTestId('ai-texts-draft').isVisible()).toBe(true)
    expect(await page.getByTestId('ai-texts-fr').isVisible()).toBe(true)
    expect(await page.getByTestId('ai-texts-de').isVisible()).toBe(false)
    await page.getByRole('tab', { name: 'Deutsch' }).click()
    expect(await page.getByTestId('ai-texts-de').isVisible()).toBe(true)
    expect(await page.getByTestId('ai-texts-fr').isVisible()).toBe(false)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await keepScreenshot(page.getByTestId('ai-texts'), 'ai-texts-phone')
  })
})
