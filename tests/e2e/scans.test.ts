import type { APIRequestContext, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { desktop, keepScreenshot, phone, waitForHydration } from './browser.ts'
import { apiCaller, createQrCode, signedInRequest, useBrowserPage } from './fixtures.ts'

// Scans per plaque (ADR 025): a visitor scans a plaque on a phone; the manager sees
// it in the QR panel and on /statistics.

// Headless Chromium says "HeadlessChrome", which isbot counts as a bot: visitors use a phone's browser.
const visitorAgent = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

interface QrCodeView {
  id: number
  code: string
  place: { id: number; name: string } | null
  scans: number
  last_scanned_at: string | null
}
interface Statistic {
  views: number
  plaque_views: number
  scans: number
  scans_by_month: Array<{ x: number; y: number }>
  years: Array<'total' | number>
}
interface Plaque {
  qr_code_id: number
  code: string
  label: string
  scans: number
  months: Array<{ x: number; y: number }>
}

const browser = useBrowserPage({ locale: 'fr-CH' })
let owner: APIRequestContext
let context: BrowserContext | undefined
let page: Page
let categoryId: number
let plaque: QrCodeView

async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(res.status(), await res.text()).toBeLessThan(300)
  return ((await res.json()) as { data: T }).data
}

const qrCodes = async () => data<QrCodeView[]>(await owner.get(`/api/place-categories/${categoryId}/fetch-qr-codes`))

async function open(options: BrowserContextOptions, extra: { userAgent?: string; signedIn?: boolean } = {}) {
  ;({ context, page } = await browser.open(options, { userAgent: extra.userAgent, signIn: extra.signedIn }))
  return page
}

beforeAll(async () => {
  owner = await signedInRequest()
  const categories = await data<{ id: number; slug: string }[]>(await owner.get('/api/place-categories'))
  categoryId = categories.find((c) => c.slug === 'lausanne')!.id
  // A new plaque at the place of a demo plaque that leads to a route (the first one's place).
  const onRoute = (await data<QrCodeView[]>(await owner.get(`/api/place-categories/${categoryId}/fetch-qr-codes`))).find((c) => c.place !== null)!
  const created = await createQrCode(apiCaller(() => owner), categoryId, 'E2E scan plaque')
  await data(await owner.put(`/api/qr-codes/${created.code}/add-location`, { data: { place_id: onRoute.place!.id } }))
  plaque = created
})
afterAll(async () => {
  if (plaque) await owner.delete(`/api/qr-codes/${plaque.code}`)
  await owner?.dispose()
})

describe('scans per plaque', () => {
  it('a visitor’s scan shows in the manager’s QR panel, which sorts by scans', async () => {
    expect((await qrCodes()).find((c) => c.id === plaque.id)).toMatchObject({ scans: 0, last_scanned_at: null })

    // A visitor on a phone, in a fresh context (no cookie): the scan opens the route's map page.
    await open(phone, { userAgent: visitorAgent })
    const answer = await page.goto(`/q/${plaque.code}`)
    // One round trip: the map page itself, in the visitor's language (ADR 071), no redirect.
    expect(answer!.status()).toBe(200)
    expect(answer!.request().redirectedFrom()).toBeNull()
    // The visitor's language (French here) prefixes the canonical map page's address, put in the history by the page.
    await page.waitForURL(/\/fr\/m\/lausanne\/[a-z0-9-]+\?place=\d+$/)
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/fr\/m\/lausanne\/[a-z0-9-]+$/)
    await page.getByTestId('public-route-map').waitFor()
    await context!.close()
    context = undefined
    // Answered with the map page itself (one round trip), its address the canonical one (ADR 071).
    // The scan is written within a second (counted in memory, ADR 071).
    await expect.poll(async () => (await qrCodes()).find((c) => c.id === plaque.id)!.scans, { timeout: 5000 }).toBe(1)
    const after = (await qrCodes()).find((c) => c.id === plaque.id)!
    expect(Date.now() - Date.parse(after.last_scanned_at!)).toBeLessThan(60_000)

    for (const [size, options] of [
      ['desktop', desktop],
      ['phone', phone],
    ] as const) {
      await open(options, { signedIn: true })
      // The demo owner reads French.
      await page.goto(`/fr/map?category=${categoryId}&panel=qr`)
      await waitForHydration(page)
      const row = page.locator(`[data-testid="qr-row"][data-code="${plaque.code}"]`)
      await row.waitFor()
      expect(await row.getByTestId('qr-scans').getAttribute('data-scans')).toBe('1')
      expect(await row.getByTestId('qr-scans').textContent()).toBe('1 scan · dernier\u00a0: aujourd’hui')

      // Sorted by scans, most first: the panel's order is the API's figures'.
      await page.getByTestId('qr-sort').click()
      await page.getByRole('menuitemradio', { name: 'Les plus scannés' }).waitFor()
      await keepScreenshot(page, `scans-qr-sort-menu-${size}`)
      // From the keyboard: the full-page screenshot above resizes the page under the open menu,
      // which may leave the (fixed) menu outside the viewport until it next repositions.
      await page.getByRole('menuitemradio', { name: 'Les plus scannés' }).focus()
      await page.keyboard.press('Enter')
      expect(await page.getByTestId('qr-sort').getAttribute('aria-label')).toBe('Tri\u00a0: Les plus scannés')
      const codes = await qrCodes()
      const expected = [...codes].sort((a, b) => b.scans - a.scans || a.id - b.id).map((c) => c.code)
      await expect.poll(() => page.getByTestId('qr-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code')))).toEqual(expected)
      const shown = await page.getByTestId('qr-scans').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-scans'))))
      expect(shown).toEqual([...shown].sort((a, b) => b - a))
      expect(shown[0]).toBeGreaterThan(1)
      await page.getByTestId('qr-row').first().scrollIntoViewIfNeeded()
      await keepScreenshot(page, `scans-qr-panel-${size}`)
      await context!.close()
      context = undefined
    }
  })

  it('shows the scans by plaque and the arrivals by plaque or link on /statistics', async () => {
    const year = new Date().getUTCFullYear()
    const statistic = await data<Statistic>(await owner.get(`/api/place-categories/${categoryId}/fetch-statistic?year=${year}`))
    const { plaques } = await data<{ plaques: Plaque[] }>(await owner.get(`/api/place-categories/${categoryId}/statistics/breakdown?year=${year}`))
    expect(statistic.scans).toBeGreaterThan(0)
    expect(plaques.find((p) => p.qr_code_id === plaque.id)).toMatchObject({ label: 'E2E scan plaque' })
    const n = (v: number) => new Intl.NumberFormat('fr').format(v)

    for (const [size, options] of [
      ['desktop', desktop],
      ['phone', phone],
    ] as const) {
      await open(options, { signedIn: true })
      await page.goto(`/fr/statistics?category=${categoryId}&year=${year}`)
      await waitForHydration(page)
      expect(await page.getByTestId('arrivals-plaques').textContent()).toBe(n(statistic.plaque_views))
      expect(await page.getByTestId('arrivals-links').textContent()).toBe(n(statistic.views - statistic.plaque_views))
      const rows = page.getByTestId('plaque-row')
      expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-code')))).toEqual(plaques.map((p) => p.code))
      expect(await rows.getByTestId('plaque-scans').allTextContents()).toEqual(plaques.map((p) => n(p.scans)))
      const mine = page.locator(`[data-testid="plaque-row"][data-code="${plaque.code}"]`)
      expect(await mine.getByRole('rowheader').textContent()).toContain('E2E scan plaque')
      await expect.poll(() => page.getByTestId('scans-chart').getByTestId('chart-bar').count()).toBe(12)
      expect(await page.getByTestId('scans-total').textContent()).toBe(`${n(statistic.scans)} scans au total.`)

      // One plaque's months in the chart.
      const top = plaques[0]
      await page.getByTestId('scans-plaque').selectOption(String(top.qr_code_id))
      const topTotal = top.months.reduce((sum, p) => sum + p.y, 0)
      await expect.poll(() => page.getByTestId('scans-total').textContent()).toBe(`${n(topTotal)} ${topTotal === 1 ? 'scan' : 'scans'} au total.`)
      await page.getByTestId('scans-plaque').selectOption('')
      await page.getByTestId('arrivals').scrollIntoViewIfNeeded()
      await keepScreenshot(page, `scans-statistics-${size}`)
      await context!.close()
      context = undefined
    }
  })
})
