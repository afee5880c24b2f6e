import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { desktop, keepScreenshot, phone, waitForHydration } from './browser.ts'
import { demoEditor, signInAs } from './demo-login.ts'
import { apiCaller, createCategory, createPlace, useBrowserPage } from './fixtures.ts'
import { sharedServer } from './shared-server.ts'

// The import screen on the map editor: a CSV with a bad row and a place already there, through
// the category's menu, the preview (map, error list, choices), the commit, then the places on
// the map. A category of its own, so the demo's stays as the other tests expect it.

const baseURL = sharedServer().baseURL
const browser = useBrowserPage()
let context: BrowserContext
let page: Page

async function open(options: BrowserContextOptions = desktop, locale = 'en-US') {
  ;({ context, page } = await browser.open(options, { locale, signIn: demoEditor }))
  return page
}

const api = apiCaller(() => context.request)

// The editor's other screens (heatmap, statistics) open on the first category by name: "Import test" would come first.
const createdCategories: number[] = []

/** A fresh category of the editor with one place, "Old fountain", at 46.5200, 6.6300. */
async function category() {
  const slug = `import-e2e-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`
  const created = await createCategory(api, { name: 'Import test', slug })
  createdCategories.push(created.id)
  await createPlace(api, created.id, { name: 'Old fountain', lat: 46.52, lng: 6.63 })
  return created.id
}

// Row 2: 10 m north of the fountain (already there); row 3: no latitude; rows 4-5: new, 2 km apart.
const CSV = ['Nom;Latitude;Longitude;Description', 'Fontaine;46,52009;6,63;Eau potable', 'Sans position;;6,64;', 'Belvédère;46,538;6,63;Vue', 'Moulin;46,52;6,656;'].join('\n')

// A route in France's open walking-route schema (nom_itineraire) and two places, 600 m from the fountain.
const GEOJSON = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { nom_itineraire: 'Boucle des Crêtes', code: 'B1', descriptif: 'Par les crêtes.' }, geometry: { type: 'LineString', coordinates: [[6.634, 46.524], [6.64, 46.53]] } },
    { type: 'Feature', properties: { title: 'Belvédère', code: 'P7', descriptif: 'Vue sur le lac.' }, geometry: { type: 'Point', coordinates: [6.635, 46.525] } },
    { type: 'Feature', properties: { code: 'P8', 'name:de': 'Brunnen' }, geometry: { type: 'Point', coordinates: [6.636, 46.526] } },
  ],
})

const placeTitles = async (names: string[]) =>
  Promise.all(names.map((name) => page.getByTestId('route-editor-map').getByTitle(name, { exact: true }).count()))

// Runs before useBrowserPage's own (vitest runs after-hooks last registered first): Chromium is still open.
afterAll(async () => {
  if (createdCategories.length > 0) {
    const cleanup = await browser.browser.newContext({ baseURL })
    await signInAs(cleanup, demoEditor)
    for (const id of createdCategories) expect((await cleanup.request.delete(`/api/place-categories/${id}`)).status()).toBe(200)
    await cleanup.close()
  }
})

describe('import on the map editor', () => {
  it('previews a CSV with a bad row and a duplicate, lets the user choose, imports, and shows the places on the map', async () => {
    await open()
    const id = await category()
    await page.goto(`/map?category=${id}`)
    await waitForHydration(page)
    await expect.poll(() => placeTitles(['Old fountain'])).toEqual([1])

    await page.getByTestId('category-menu').click()
    await page.getByTestId('category-import').click()
    const dialog = page.getByTestId('import-dialog')
    await dialog.getByTestId('import-file').setInputFiles({ name: 'places.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) })

    // The preview: the map, the error list, the row already there, the new ones.
    await expect.poll(() => dialog.getByTestId('import-summary').isVisible(), { timeout: 15_000 }).toBe(true)
    await expect.poll(() => dialog.getByTestId('import-preview-map').count()).toBe(1)
    expect(await dialog.getByTestId('mapping-name').inputValue()).toBe('Nom')
    expect(await dialog.getByTestId('import-error-row').allTextContents()).toEqual(['3LatitudeThe coordinate is missing.'])
    expect(await dialog.getByTestId('import-existing-row').getAttribute('data-row')).toBe('2')
    expect(await dialog.getByTestId('import-existing-row').textContent()).toContain('Old fountain')
    expect(await dialog.getByTestId('import-new-row').count()).toBe(2)
    await keepScreenshot(page, 'import-preview-desktop')

    // Create the duplicate anyway for this row; the commit button counts it.
    await dialog.getByTestId('import-row-choice').selectOption('create')
    await expect.poll(() => dialog.getByTestId('import-commit').textContent()).toBe('Import 3 new places · 0 routes')
    await dialog.getByTestId('import-commit').click()
    await expect.poll(() => page.getByTestId('toast').filter({ hasText: 'Imported: 3 new places' }).count()).toBe(1)
    await expect.poll(() => dialog.count()).toBe(0)

    // The places are on the map (no reload: the page revalidated).
    await expect.poll(() => placeTitles(['Belvédère', 'Moulin'])).toEqual([1, 1])
    const places = await api('GET', `/api/place-categories/${id}/fetch-places`)
    expect(places.map((p) => p.name).sort()).toEqual(['Belvédère', 'Fontaine', 'Moulin', 'Old fountain'])
    await keepScreenshot(page, 'import-done-desktop')
  })

  it('says in the user’s language why a file is refused, on a phone', async () => {
    await open(phone, 'fr-FR')
    const id = await category()
    await page.goto(`/fr/map?category=${id}`)
    await waitForHydration(page)
    await page.getByTestId('category-menu').click()
    await page.getByTestId('category-import').click()
    const dialog = page.getByTestId('import-dialog')
    await keepScreenshot(page, 'import-choose-phone-fr')
    const laughs = '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaa">]><gpx><wpt lat="1" lon="1"><name>&a;</name></wpt></gpx>'
    await dialog.getByTestId('import-file').setInputFiles({ name: 'evil.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(laughs) })
    await expect.poll(() => dialog.getByTestId('import-error').textContent()).toBe('Les fichiers XML avec une déclaration de type de document (DOCTYPE ou ENTITY) sont refusés.')
    await dialog.getByTestId('import-file').setInputFiles({ name: 'places.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) })
    await expect.poll(() => dialog.getByTestId('import-summary').isVisible()).toBe(true)
    expect(await dialog.getByTestId('import-error-row').allTextContents()).toEqual(['3LatitudeLa coordonnée manque.'])
    await keepScreenshot(page, 'import-preview-phone-fr')
    // The refused upload's 422 is logged by the browser as a failed resource (allowed below).
  })

  it.each([
    ['desktop', desktop],
    ['phone', phone],
  ] as const)('lets the user choose which property of a GeoJSON file is the name, on a %s; the commit writes what the preview shows', async (size, viewport) => {
    await open(viewport)
    const id = await category()
    await page.goto(`/map?category=${id}`)
    await waitForHydration(page)
    await page.getByTestId('category-menu').click()
    await page.getByTestId('category-import').click()
    const dialog = page.getByTestId('import-dialog')
    await dialog.getByTestId('import-file').setInputFiles({ name: 'itineraires.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(GEOJSON) })
    await expect.poll(() => dialog.getByTestId('import-summary').isVisible(), { timeout: 15_000 }).toBe(true)

    // The common keys recognised; positions are the geometry's, so no latitude or longitude to map.
    expect(await dialog.getByTestId('import-mapping').locator('legend').textContent()).toBe('Properties of the features')
    expect(await dialog.getByTestId('mapping-name').inputValue()).toBe('nom_itineraire')
    expect(await dialog.getByTestId('mapping-name').locator('option').allTextContents()).toEqual(['(none)', 'nom_itineraire', 'code', 'descriptif', 'title', 'name:de'])
    expect(await dialog.getByTestId('mapping-lat').count()).toBe(0)
    const names = () => dialog.getByTestId('import-new-row').locator('td:nth-child(2)').allTextContents()
    expect(await names()).toEqual(['Belvédère', 'Brunnen'])
    expect(await dialog.getByTestId('import-route-row').textContent()).toContain('1. Boucle des Crêtes')

    // Another property as the name and one as the description: the preview is read again.
    await dialog.getByTestId('mapping-name').selectOption('code')
    await expect.poll(names, { timeout: 15_000 }).toEqual(['P7', 'P8'])
    await dialog.getByTestId('mapping-description').selectOption('descriptif')
    await expect.poll(() => dialog.getByTestId('mapping-description').inputValue(), { timeout: 15_000 }).toBe('descriptif')
    await expect.poll(() => dialog.getByTestId('import-mapping').locator('select:disabled').count(), { timeout: 15_000 }).toBe(0)
    expect(await dialog.getByTestId('import-route-row').textContent()).toContain('1. B1')
    await keepScreenshot(page, `import-geojson-mapping-${size}`)

    await dialog.getByTestId('import-commit').click()
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0)
    const places = await api('GET', `/api/place-categories/${id}/fetch-places`)
    expect(places.map((p) => p.name).sort()).toEqual(['Old fountain', 'P7', 'P8'])
  })
})
