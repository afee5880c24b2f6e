import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { desktop, waitForHydration } from './browser.ts'
import { demoEditor } from './demo-login.ts'
import { useBrowserPage } from './fixtures.ts'

// docs/spec.md §7/§8: after a new build, a code chunk of the old one fails to load; the page reloads, at
// most once per 10 seconds, and never loops. The new build and the missing chunk are simulated
// with request interception.

// The missing chunk and the route module error are what this test provokes; React's development
// build (the test build) also notes the head scripts when the root error boundary re-renders.
const browser = useBrowserPage({ allowErrors: /Failed to load resource|Error loading route module|dynamically imported module|error boundary|Encountered a script tag/i })
let page: Page

async function open() {
  ;({ page } = await browser.open(desktop, { signIn: demoEditor }))
  let documents = 0
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents++
  })
  return () => documents
}

/** The statistics screen's route module is gone, as after a deployment. */
const dropStatisticsChunk = () => page.route(/\/assets\/statistics-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not found' }))
const serveBuild = (id: string) => page.route('**/build.json', (route) => route.fulfill({ json: { id }, headers: { 'Cache-Control': 'no-store' } }))
const statisticsLink = () => page.locator('aside nav').getByRole('link', { name: 'Statistics' })

describe('chunk load failure', () => {
  it('a lazy chunk missing after a new build reloads the page once, not in a loop', async () => {
    const documents = await open()
    await serveBuild('a-newer-build')
    // The heatmap's map is a lazy chunk (Leaflet), loaded after hydration.
    await page.route(/\/assets\/heatmap-map\.client-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not found' }))
    await page.goto('/heatmap')
    await expect.poll(documents, { timeout: 10_000 }).toBe(2)
    const stamp = () => page.evaluate(() => Number(sessionStorage.getItem('trailguide:chunk-reload-at'))).catch(() => 0)
    await expect.poll(stamp).toBeGreaterThan(Date.now() - 10_000)
    const reloadedAt = await stamp()
    // The reloaded page fails the same way: within 10 s no second reload, the error page instead.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { timeout: 10_000 }).not.toBe('Heatmap')
    await page.waitForTimeout(3000)
    expect(documents()).toBe(2)
    expect(Number(await page.evaluate(() => sessionStorage.getItem('trailguide:chunk-reload-at')))).toBe(reloadedAt)
  })

  it('a route module missing after a new build loads the page asked for as a new document', async () => {
    const documents = await open()
    await page.goto('/dashboard')
    await waitForHydration(page)
    await dropStatisticsChunk()
    await serveBuild('a-newer-build')
    await statisticsLink().click()
    await expect.poll(documents, { timeout: 10_000 }).toBe(2)
    await expect.poll(() => new URL(page.url()).pathname).toBe('/statistics')
    await page.waitForLoadState('load')
    // The server-rendered screen is there (its script is what is missing here).
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Statistics')
    expect(Number(await page.evaluate(() => sessionStorage.getItem('trailguide:chunk-reload-at')))).toBeGreaterThan(Date.now() - 10_000)
    await page.waitForTimeout(3000)
    expect(documents()).toBe(2)
  })

  it('a route module the network failed to bring (same build) is no reload, but the page asked for still loads', async () => {
    const documents = await open()
    await page.goto('/dashboard')
    await waitForHydration(page)
    await dropStatisticsChunk()
    await statisticsLink().click()
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/statistics')
    await page.waitForLoadState('load')
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Statistics')
    await page.waitForTimeout(3000)
    expect(documents()).toBe(2)
    expect(await page.evaluate(() => sessionStorage.getItem('trailguide:chunk-reload-at'))).toBeNull()
  })

  it('polls the build id when the tab comes back', async () => {
    await open()
    await page.goto('/dashboard')
    await waitForHydration(page)
    const polled = page.waitForRequest('**/build.json')
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    const answer = await (await polled).response()
    expect(((await answer!.json()) as { id: string }).id).toBe(await page.evaluate(() => (window as { __reactRouterManifest?: { version: string } }).__reactRouterManifest!.version))
  })
})
