import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { desktop, keepScreenshot, phone, waitForHydration } from './browser.ts'
import { useBrowserPage } from './fixtures.ts'
import { demoEditor, demoOwner } from './demo-login.ts'

const tileOrigin = new URL(inject('tileURL').replace(/\{[xyz]\}/g, '0')).origin
const browser = useBrowserPage({ allowErrors: null })
let page: Page

async function open(options = desktop, account = demoEditor) {
  // The demo's editor reads English (the owner reads French).
  ;({ page } = await browser.open(options, { signIn: account }))
  return page
}

const map = () => page.getByTestId('heatmap-map')
const tableRows = () => page.getByTestId('heatmap-table').locator('tbody tr')

/** Waits until the map shows tiles of the local tile server (none from the internet). */
async function waitForTiles() {
  await expect.poll(() => map().locator('img.leaflet-tile-loaded').count(), { timeout: 15_000 }).toBeGreaterThan(0)
  const sources = await map().locator('img.leaflet-tile').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src))
  expect(sources.every((src) => src.startsWith(tileOrigin))).toBe(true)
}

describe('heatmap screen', () => {
  it('draws the demo’s visits as heat over local tiles, with a legend, and as raw points', async () => {
    await open()
    await page.goto('/heatmap')
    await waitForHydration(page)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Heatmap')
    await expect.poll(() => page.getByRole('region', { name: 'Heatmap of Lausanne' }).isVisible()).toBe(true)
    await waitForTiles()
    // The heat canvas sits in the overlay pane.
    await expect.poll(() => map().locator('.leaflet-overlay-pane canvas.leaflet-heatmap-layer').count()).toBe(1)
    const legend = page.getByTestId('heatmap-legend')
    expect(await legend.textContent()).toMatch(/Low.*High: [\d,.]+/)
    const rows = await tableRows().count()
    expect(rows).toBeGreaterThan(10)
    // The old town's cathedral is scanned and on two routes: among the heaviest.
    expect(await tableRows().first().locator('th').textContent()).toBeTruthy()
    await keepScreenshot(page, 'heatmap-desktop')

    await page.getByRole('radio', { name: 'Points' }).click()
    await page.waitForURL(/view=points/)
    await expect.poll(() => map().getByTestId('weighted-point').count()).toBe(rows)
    expect(await map().locator('canvas.leaflet-heatmap-layer').count()).toBe(0)
    expect(await page.getByRole('radio', { name: 'Points' }).getAttribute('aria-checked')).toBe('true')
    await map().getByTestId('weighted-point').last().hover({ force: true })
    await expect.poll(() => map().locator('.leaflet-tooltip').textContent()).toMatch(/Weight: .*Place visits: .*Route views: /)
    await keepScreenshot(page, 'heatmap-points')

    await page.getByRole('radio', { name: 'Heat' }).click()
    await expect.poll(() => map().locator('canvas.leaflet-heatmap-layer').count()).toBe(1)
  })

  it('filters by route and period through the URL, and says so when there is nothing', async () => {
    await open()
    await page.goto('/heatmap')
    await waitForHydration(page)
    const allRows = await tableRows().count()

    // Every filter applies at once, like the statistics' year: no button to press.
    expect(await page.getByTestId('heatmap-filters').getByRole('button').count()).toBe(0)
    await page.getByRole('radio', { name: 'Points' }).click()
    await page.waitForURL(/view=points/)
    await page.getByLabel('Route').selectOption({ label: 'Sauvabelin forest' })
    await page.waitForURL(/route=/)
    // The view chosen stays in the URL with the filters.
    expect(new URL(page.url()).searchParams.get('view')).toBe('points')
    await expect.poll(() => tableRows().count()).toBeLessThan(allRows)
    expect(await page.getByTestId('heatmap-table').textContent()).toContain('Tour de Sauvabelin')
    expect(await page.getByTestId('heatmap-table').textContent()).not.toContain('Musée Olympique')

    // Views are whole numbers (a route's views shared among its stops are not shown as 15.33).
    for (const cell of await page.getByTestId('heatmap-table').locator('td').allTextContents()) expect(cell).toMatch(/^[\d\u202f\u00a0,']+$/)

    await page.getByLabel('From', { exact: true }).fill('2001-01')
    await page.waitForURL(/from=2001-01/)
    await page.getByLabel('To', { exact: true }).fill('2001-03')
    await page.waitForURL(/to=2001-03/)
    await expect.poll(() => page.getByTestId('heatmap-empty').textContent()).toContain('Nothing to show for this period')
    expect(await page.getByTestId('heatmap-map').count()).toBe(0)

    // A hand-written link with a bad month shows the default period rather than an error.
    await page.goto('/heatmap?from=2025-13&to=nope')
    await waitForHydration(page)
    await expect.poll(() => tableRows().count()).toBe(allRows)
  })

  it('speaks French, numbers and months included, for the French-speaking owner', async () => {
    await open(desktop, demoOwner)
    await page.goto('/heatmap')
    await page.waitForURL('**/fr/heatmap')
    await waitForHydration(page)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Carte de chaleur')
    await waitForTiles()
    expect(await page.getByTestId('heatmap-legend').textContent()).toMatch(/Faible.*Élevé\u00a0: [\d\u202f\u00a0,]+/)
    expect(await page.getByTestId('heatmap-summary').textContent()).toMatch(/^\d+ lieux, [a-zéû]+ \d{4} – [a-zéû]+ \d{4}$/)
    await keepScreenshot(page, 'heatmap-fr')
  })

  it('fits a phone', async () => {
    await open(phone)
    await page.goto('/heatmap?view=points')
    await waitForHydration(page)
    await waitForTiles()
    await expect.poll(() => map().getByTestId('weighted-point').count()).toBeGreaterThan(0)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await keepScreenshot(page, 'heatmap-phone')
  })
})
