import fs from 'node:fs'
import path from 'node:path'
import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { haversineDistance, WALKING_SPEED_MS } from '#app/modules/geo/geo.ts'
import { formatDuration, formatRouteDistance } from '#app/utils/format-walk.ts'
import { desktop, keepScreenshot, phone, waitForHydration } from './browser.ts'
import { demoEditor } from './demo-login.ts'
import { apiCaller, createRoute, demoLausanne, useBrowserPage } from './fixtures.ts'
import { root } from './server.ts'

// The demo's English editor (member of Lausanne): the map editor at /map, in English.

const browser = useBrowserPage()
let context: BrowserContext
let page: Page

interface Place {
  id: number
  name: string
  lat: number | null
  lng: number | null
}

async function open(options: BrowserContextOptions = desktop) {
  ;({ context, page } = await browser.open(options, { signIn: demoEditor }))
  return page
}

const api = apiCaller(() => context.request, 200)

async function lausanne() {
  const category = await demoLausanne(api)
  const places = await api('GET', `/api/place-categories/${category.id}/fetch-places`)
  const byName = (name: string) => places.find((p) => p.name === name)!
  return { id: category.id, places, byName }
}

const newRoute = (categoryId: number, name: string) => createRoute(api, categoryId, { name }, 201)

const fullRoute = (uuid: string) => api('GET', `/api/routes/${uuid}/get-route`)

/** The place ids of the stop list, top to bottom. */
const stopIds = async () => (await page.getByTestId('route-stop').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-place-id')))))

/** What the straight-line provider answers: haversine legs, rounded metres and seconds. */
function expectedFigures(stops: Place[]) {
  let metres = 0
  for (let i = 1; i < stops.length; i++) metres += haversineDistance(stops[i - 1] as { lat: number; lng: number }, stops[i] as { lat: number; lng: number })
  const distance = Math.round(metres)
  const duration = Math.round(metres / WALKING_SPEED_MS)
  return { distance, duration, distanceText: formatRouteDistance(distance, 'en'), durationText: formatDuration(duration) }
}

async function addFromList(name: string) {
  await page.getByRole('tab', { name: /Add places/ }).click()
  const search = page.getByTestId('place-search')
  await search.fill(name)
  await page.getByRole('button', { name: `Add ${name} to the route` }).click()
}

/** Drags one stop's handle onto another's place with the mouse (dnd-kit's pointer sensor). */
async function dragStop(from: Locator, to: Locator) {
  const a = (await from.boundingBox())!
  const b = (await to.boundingBox())!
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await page.mouse.down()
  // Past the 4 px activation distance, then in small steps onto the target.
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 8, { steps: 4 })
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 })
  await page.mouse.up()
}

const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text })

describe('map editor', () => {
  it('builds a route of four places (list and map), reorders them, computes the path, saves and reloads', async () => {
    await open()
    const category = await lausanne()
    const created = await newRoute(category.id, `Editor e2e ${Date.now()}`)
    await page.goto(`/map?category=${category.id}&route=${created.uuid}`)
    await waitForHydration(page)
    await expect.poll(() => page.getByTestId('route-editor-map').count()).toBe(1)
    await expect.poll(() => page.getByTestId('stops-empty').isVisible()).toBe(true)

    const palud = category.byName('Place de la Palud')
    const rumine = category.byName('Palais de Rumine')
    const cathedral = category.byName('Cathédrale de Lausanne')
    const chateau = category.byName('Château Saint-Maire')

    // Three from the searchable list.
    await addFromList(palud.name)
    await addFromList(rumine.name)
    await addFromList(cathedral.name)
    // One from the map: centre it (street level: no clusters), open its popup, add.
    await page.getByTestId('place-search').fill(chateau.name)
    await page.getByRole('button', { name: `Show ${chateau.name} on the map` }).click()
    const marker = page.getByTestId('route-editor-map').getByTitle(chateau.name, { exact: true })
    await marker.click()
    await page.getByTestId('popup-add-place').click()

    await page.getByRole('tab', { name: /Stops/ }).click()
    await expect.poll(stopIds).toEqual([palud.id, rumine.id, cathedral.id, chateau.id])
    await expect.poll(() => page.getByTestId('numbered-marker').count()).toBe(4)
    await expect.poll(() => page.getByTestId('save-state').textContent()).toContain('Unsaved changes')

    // Keyboard (dnd-kit's keyboard sensor): pick the Palud up, one down, drop. Each step waits
    // for dnd-kit's screen reader announcement, as a user would hear it.
    const handles = page.getByTestId('stop-handle')
    const announced = (text: string) => expect.poll(() => page.getByText(text, { exact: true }).count()).toBe(1)
    await handles.nth(0).focus()
    await page.keyboard.press('Space')
    await announced(`Picked up ${palud.name}, at position 1.`)
    // dnd-kit listens for the arrow keys once the drag is rendered (the handle pressed).
    await expect.poll(() => handles.nth(0).getAttribute('aria-pressed')).toBe('true')
    await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))))
    await page.keyboard.press('ArrowDown')
    await announced(`${palud.name} moved to position 2.`)
    await page.keyboard.press('Space')
    await announced(`${palud.name} dropped at position 2.`)
    await expect.poll(stopIds).toEqual([rumine.id, palud.id, cathedral.id, chateau.id])
    await expect.poll(() => page.locator('[data-testid="stop-handle"][aria-pressed="true"]').count()).toBe(0)

    // Drag and drop: the Château onto the first stop.
    await dragStop(handles.nth(3), handles.nth(0))
    await expect.poll(stopIds).toEqual([chateau.id, rumine.id, palud.id, cathedral.id])
    // The drop is over (its announcement made, no handle still held) before the next click:
    // under load the list's drop animation could still be running.
    await announced(`${chateau.name} dropped at position 1.`)
    await expect.poll(() => page.locator('[data-testid="stop-handle"][aria-pressed="true"]').count()).toBe(0)

    // And the visible buttons: the Cathédrale one up. dnd-kit swallows the clicks of the first
    // moments after a pointer drag (so a drop does not click what lies under it): click again only
    // while the order is still the one before, so a click is never counted twice.
    const order = [chateau, rumine, cathedral, palud]
    const beforeClick = [chateau.id, rumine.id, palud.id, cathedral.id]
    const moveUp = async () => {
      if (JSON.stringify(await stopIds()) === JSON.stringify(beforeClick)) await page.getByRole('button', { name: `Move ${cathedral.name} up` }).click()
      return stopIds()
    }
    await expect.poll(moveUp, { timeout: 10_000 }).toEqual(order.map((p) => p.id))

    // The path through the stops in order (the default straight-line provider).
    await page.getByTestId('compute-path').click()
    const expected = expectedFigures(order)
    await expect.poll(() => page.getByTestId('route-distance').textContent()).toBe(expected.distanceText)
    await expect.poll(() => page.getByTestId('route-duration').textContent()).toBe(expected.durationText)
    await expect.poll(() => page.getByTestId('route-line').count()).toBe(1)
    await keepScreenshot(page, 'map-editor-desktop')

    await page.getByTestId('route-save').click()
    await expect.poll(() => toast('Route saved').count()).toBe(1)
    // The notice shows for one second only.
    await expect.poll(() => toast('Route saved').count(), { timeout: 4000 }).toBe(0)
    await expect.poll(() => page.getByTestId('save-state').textContent()).toContain('All changes saved')

    const saved = await fullRoute(created.uuid)
    expect(saved.places.map((p) => [p.id, p.placeSortId])).toEqual(order.map((p, i) => [p.id, i + 1]))
    expect([saved.distance, saved.duration]).toEqual([expected.distance, expected.duration])
    expect(saved.features_collection?.features).toHaveLength(1)
    expect(saved.features_collection?.features[0].geometry.type).toBe('LineString')
    expect(saved.features_collection?.features[0].geometry.coordinates).toHaveLength(4)

    await page.reload()
    await waitForHydration(page)
    await expect.poll(stopIds).toEqual(order.map((p) => p.id))
    await expect.poll(() => page.getByTestId('route-distance').textContent()).toBe(expected.distanceText)
    await expect.poll(() => page.getByTestId('route-duration').textContent()).toBe(expected.durationText)
    await expect.poll(() => page.getByTestId('save-state').textContent()).toContain('All changes saved')
  })

  it('removes a stop (the rest renumbered), fills an empty slot and saves only placed stops', async () => {
    await open()
    const category = await lausanne()
    const created = await newRoute(category.id, `Slots e2e ${Date.now()}`)
    const [a, b, c] = ['Le Flon', 'Tour Bel-Air', 'Grand-Pont'].map(category.byName)
    await api('PUT', '/api/routes/update', { uuid: created.uuid, places: [a, b, c].map(({ id }) => ({ id })) })
    await page.goto(`/map?category=${category.id}&route=${created.uuid}`)
    await waitForHydration(page)
    await expect.poll(stopIds).toEqual([a.id, b.id, c.id])

    await page.getByRole('button', { name: `Remove ${a.name} from the route` }).click()
    await expect.poll(stopIds).toEqual([b.id, c.id])
    await expect.poll(() => page.getByTestId('numbered-marker').evaluateAll((els) => els.map((e) => e.textContent).sort())).toEqual(['1', '2'])

    await page.getByTestId('add-slot').click()
    await page.getByTestId('add-slot').click()
    await expect.poll(stopIds).toEqual([b.id, c.id, 0, 0])
    await page.getByTestId('slot-select').first().selectOption(String(a.id))
    await expect.poll(stopIds).toEqual([b.id, c.id, a.id, 0])

    await page.getByTestId('route-save').click()
    await expect.poll(() => toast('Route saved').count()).toBe(1)
    // Saved without the empty slot, in order; the page shows the saved route.
    const saved = await fullRoute(created.uuid)
    expect(saved.places.map((p) => p.id)).toEqual([b.id, c.id, a.id])
    await expect.poll(stopIds).toEqual([b.id, c.id, a.id])
  })

  it('creates a place by clicking the map and adds it to the route', async () => {
    await open()
    const category = await lausanne()
    const created = await newRoute(category.id, `New place e2e ${Date.now()}`)
    await page.goto(`/map?category=${category.id}&route=${created.uuid}`)
    await waitForHydration(page)
    await expect.poll(() => page.getByTestId('route-editor-map').count()).toBe(1)

    await page.getByTestId('new-place').click()
    await expect.poll(() => page.getByTestId('pick-hint').isVisible()).toBe(true)
    const map = (await page.getByTestId('route-editor-map').boundingBox())!
    await page.mouse.click(map.x + map.width * 0.3, map.y + map.height * 0.75)
    const dialog = page.getByTestId('new-place-dialog')
    await expect.poll(() => dialog.isVisible()).toBe(true)
    const name = `Belvédère e2e ${Date.now()}`
    await dialog.getByLabel('Name').fill(name)
    await dialog.getByTestId('new-place-create').click()
    await expect.poll(() => dialog.count()).toBe(0)
    await expect.poll(() => page.getByTestId('stop-name').allTextContents()).toEqual([expect.stringContaining(name)])

    const places = await api('GET', `/api/place-categories/${category.id}/fetch-places`)
    const place = places.find((p) => p.name === name)!
    expect(place.lat).toEqual(expect.any(Number))
    await expect.poll(stopIds).toEqual([place.id])
  })

  it('deselects the category when it is chosen again (route reset), and selects it back', async () => {
    await open()
    const category = await lausanne()
    await page.goto(`/map?category=${category.id}`)
    await waitForHydration(page)
    await expect.poll(() => page.getByTestId('route-stop').count()).toBeGreaterThan(0)
    await expect.poll(() => page.getByTestId('numbered-marker').count()).toBe(await page.getByTestId('route-stop').count())
    await expect.poll(() => page.getByTestId('route-line').count()).toBe(1)
    await keepScreenshot(page, 'map-editor-desktop-demo-route')
    const button = page.getByTestId('category-tree').getByRole('button', { name: 'Lausanne' })
    expect(await button.getAttribute('aria-pressed')).toBe('true')

    await button.click()
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('none')
    await expect.poll(() => page.getByTestId('no-category').isVisible()).toBe(true)
    expect(await page.getByTestId('route-stop').count()).toBe(0)
    expect(await page.getByTestId('route-editor-map').count()).toBe(0)
    expect(await button.getAttribute('aria-pressed')).toBe('false')

    await button.click()
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe(String(category.id))
    await expect.poll(() => page.getByTestId('route-stop').count()).toBeGreaterThan(0)
  })

  it('asks what to do with unsaved changes before leaving the route (category, navigation, route switch)', async () => {
    await open()
    const category = await lausanne()
    const created = await newRoute(category.id, `Unsaved e2e ${Date.now()}`)
    const [a, b, c] = ['Le Flon', 'Tour Bel-Air', 'Grand-Pont'].map(category.byName)
    await api('PUT', '/api/routes/update', { uuid: created.uuid, places: [a, b, c].map(({ id }) => ({ id })) })
    await page.goto(`/map?category=${category.id}&route=${created.uuid}`)
    await waitForHydration(page)
    await expect.poll(stopIds).toEqual([a.id, b.id, c.id])
    await page.getByTestId('stop-remove').first().click()
    await expect.poll(() => page.getByTestId('save-state').textContent()).toContain('Unsaved changes')

    // Switching category (here: deselecting it) goes through the save-modified modal: cancel stays.
    const modal = page.getByTestId('save-modified-route-modal')
    await page.getByTestId('category-tree').getByRole('button', { name: 'Lausanne' }).click()
    await expect.poll(() => modal.isVisible()).toBe(true)
    await modal.getByTestId('save-modified-cancel').click()
    await expect.poll(() => modal.count()).toBe(0)
    expect(new URL(page.url()).searchParams.get('category')).toBe(String(category.id))
    await expect.poll(stopIds).toEqual([b.id, c.id])

    // Leaving the page through the navigation: Escape stays too.
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click()
    await expect.poll(() => modal.isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => modal.count()).toBe(0)
    expect(new URL(page.url()).pathname).toBe('/map')
    await expect.poll(stopIds).toEqual([b.id, c.id])

    // Switching route in the toolbar: save, then the other route opens.
    await page.getByTestId('route-toolbar').locator('[data-action="select"]:visible').click()
    await page.locator(`[data-testid="route-option"]:not([data-uuid="${created.uuid}"])`).first().click()
    await expect.poll(() => modal.isVisible()).toBe(true)
    await modal.getByTestId('save-modified-save').click()
    await expect.poll(() => toast('Route saved').count()).toBe(1)
    await expect.poll(() => new URL(page.url()).searchParams.get('route')).not.toBe(created.uuid)
    await expect.poll(() => page.getByTestId('save-state').textContent()).toContain('All changes saved')
    expect((await fullRoute(created.uuid)).places.map((p) => p.id)).toEqual([b.id, c.id])

    // Discard: the edit is dropped and the chosen route opens.
    await page.goto(`/map?category=${category.id}&route=${created.uuid}`)
    await waitForHydration(page)
    await expect.poll(stopIds).toEqual([b.id, c.id])
    await page.getByTestId('stop-remove').first().click()
    await page.getByTestId('route-toolbar').locator('[data-action="select"]:visible').click()
    await page.locator(`[data-testid="route-option"]:not([data-uuid="${created.uuid}"])`).first().click()
    await expect.poll(() => modal.isVisible()).toBe(true)
    await modal.getByTestId('save-modified-discard').click()
    await expect.poll(() => new URL(page.url()).searchParams.get('route')).not.toBe(created.uuid)
    expect((await fullRoute(created.uuid)).places.map((p) => p.id)).toEqual([b.id, c.id])
  })

  it('opens the QR code panel from the dashboard link (&panel=qr) and reports a route that cannot be loaded (dark mode)', async () => {
    await open({ ...desktop, colorScheme: 'dark' })
    const category = await lausanne()
    await page.goto(`/map?category=${category.id}&route=no-such-route&panel=qr`)
    await waitForHydration(page)
    await expect.poll(() => toast('Failed to fetch route by uuid').count()).toBe(1)
    expect(await page.getByRole('tab', { name: /QR codes/ }).getAttribute('aria-selected')).toBe('true')
    await expect.poll(() => page.getByTestId('qr-panel').isVisible()).toBe(true)
    await expect.poll(() => page.getByTestId('numbered-marker').count()).toBeGreaterThan(0)
    await keepScreenshot(page, 'map-editor-desktop-dark-qr')
    // The category's first route is open instead.
    await page.getByRole('tab', { name: /Stops/ }).click()
    await expect.poll(() => page.getByTestId('route-stop').count()).toBeGreaterThan(0)
  })

  it('reports a directions failure, resets the path and stays usable', async () => {
    await open()
    const category = await lausanne()
    const created = await newRoute(category.id, `Failing directions e2e ${Date.now()}`)
    await page.goto(`/map?category=${category.id}&route=${created.uuid}`)
    await waitForHydration(page)
    await page.route('**/api/directions', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ message: 'Error fetching directions' }) }),
    )
    await addFromList('Le Flon')
    await addFromList('Tour Bel-Air')
    await expect.poll(() => toast('Error fetching directions').count()).toBe(1)
    await expect.poll(() => page.getByTestId('route-distance').textContent()).toBe(formatRouteDistance(0, 'en'))
    expect(await page.getByTestId('route-duration').textContent()).toBe(formatDuration(0))
    expect(await page.getByTestId('route-line').count()).toBe(0)

    // Still usable: the provider is back, a third place computes and saves.
    await page.unroute('**/api/directions')
    await addFromList('Grand-Pont')
    await page.getByRole('tab', { name: /Stops/ }).click()
    await expect.poll(() => page.getByTestId('route-line').count()).toBe(1)
    const [a, b, c] = ['Le Flon', 'Tour Bel-Air', 'Grand-Pont'].map(category.byName)
    const expected = expectedFigures([a, b, c])
    await expect.poll(() => page.getByTestId('route-distance').textContent()).toBe(expected.distanceText)
    await page.getByTestId('route-save').click()
    await expect.poll(() => toast('Route saved').count()).toBe(1)
    expect((await fullRoute(created.uuid)).distance).toBe(expected.distance)
  })

  it('works on a phone: map, then the tabbed panel', async () => {
    await open(phone)
    const category = await lausanne()
    await page.goto(`/map?category=${category.id}`)
    await waitForHydration(page)
    await expect.poll(() => page.getByTestId('route-stop').count()).toBeGreaterThan(0)
    await expect.poll(() => page.getByTestId('numbered-marker').count()).toBeGreaterThan(0)
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await keepScreenshot(page, 'map-editor-phone')
    await page.getByRole('tab', { name: /Add places/ }).click()
    await expect.poll(() => page.getByTestId('place-result').count()).toBeGreaterThan(5)
  })

  // Issue 18 item 6: German was 21 px wider than a phone (toggles, "Route speichern", delete buttons cut).
  for (const lang of ['de', 'fr', 'it', 'en'] as const) {
    it(`fits a phone in ${lang} with no horizontal scroll, nothing cut`, async () => {
      await open(phone)
      const category = await lausanne()
      const created = await newRoute(category.id, `Phone ${lang} ${Date.now()}`)
      const stops = ['Le Flon', 'Tour Bel-Air', 'Grand-Pont'].map(category.byName)
      await api('PUT', '/api/routes/update', { uuid: created.uuid, places: stops.map(({ id }) => ({ id })) })
      await page.goto(`${lang === 'en' ? '' : `/${lang}`}/map?category=${category.id}&route=${created.uuid}`)
      await waitForHydration(page)
      await expect.poll(stopIds).toEqual(stops.map((p) => p.id))
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang)
      // Leaflet's zoom buttons speak the page's language.
      const messages = JSON.parse(fs.readFileSync(path.join(root, `locales/${lang}/translation.json`), 'utf8')) as { publicMap: { zoomIn: string; zoomOut: string } }
      await expect.poll(() => page.locator('.leaflet-control-zoom-in').getAttribute('title')).toBe(messages.publicMap.zoomIn)
      expect(await page.locator('.leaflet-control-zoom-out').getAttribute('title')).toBe(messages.publicMap.zoomOut)
      const { scroll, client, wide } = await page.evaluate(() => {
        const width = document.documentElement.clientWidth
        const past = (el: Element) => {
          const r = el.getBoundingClientRect()
          return r.width > 0 && r.height > 0 && r.right > width + 0.5
        }
        // The innermost elements that reach past the screen's right edge: what is cut.
        const wide = [...document.body.querySelectorAll('*')]
          // Map tiles past the map's edge are clipped by the map: not cut content.
          .filter((el) => past(el) && ![...el.children].some(past) && !el.closest('.leaflet-pane'))
          .map((el) => `${el.tagName.toLowerCase()}[${el.getAttribute('data-testid') ?? ''}] ${(el.textContent ?? '').trim().slice(0, 40)}`)
        return { scroll: document.documentElement.scrollWidth, client: width, wide }
      })
      expect(wide).toEqual([])
      expect(scroll).toBeLessThanOrEqual(client)
      await keepScreenshot(page, `map-editor-phone-${lang}`)
    })

    it(`shows the panel's tabs whole at 1366 × 850 in ${lang} (the German "QR-Codes 12" was cut)`, async () => {
      await open({ viewport: { width: 1366, height: 850 } })
      const category = await lausanne()
      await page.goto(`${lang === 'en' ? '' : `/${lang}`}/map?category=${category.id}`)
      await waitForHydration(page)
      await expect.poll(() => page.getByRole('tab').count()).toBe(3)
      const cut = await page.getByRole('tab').evaluateAll((tabs) =>
        tabs.flatMap((tab) => {
          const list = tab.parentElement!.getBoundingClientRect()
          const r = tab.getBoundingClientRect()
          const clipped = [...tab.querySelectorAll('span')].some((span) => span.scrollWidth > span.clientWidth + 0.5)
          return clipped || r.right > list.right + 0.5 ? [tab.textContent] : []
        }),
      )
      expect(cut).toEqual([])
      await keepScreenshot(page, `map-editor-desktop-${lang}`)

      // The QR codes' tab: two plaques and more whole on screen, not one and a half.
      await page.getByRole('tab').nth(2).click()
      await page.getByTestId('qr-row').first().waitFor()
      const whole = await page.getByTestId('qr-row').evaluateAll((rows) => {
        const panel = rows[0]!.closest('[role="tabpanel"]')!.getBoundingClientRect()
        const bottom = Math.min(panel.bottom, window.innerHeight)
        return rows.filter((row) => {
          const r = row.getBoundingClientRect()
          return r.top >= panel.top - 0.5 && r.bottom <= bottom + 0.5
        }).length
      })
      expect(whole).toBeGreaterThanOrEqual(2)
      await keepScreenshot(page, `map-editor-desktop-qr-${lang}`)
    })
  }

  // Issue 18 item 9: toasts never cover the route's distance and save status.
  for (const [size, options] of [['desktop', { viewport: { width: 1366, height: 850 } }], ['phone', phone]] as const) {
    it(`keeps toasts off the distance and the save status (${size})`, async () => {
      await open(options)
      const category = await lausanne()
      const created = await newRoute(category.id, `Toasts ${size} ${Date.now()}`)
      const stops = ['Le Flon', 'Tour Bel-Air'].map(category.byName)
      await api('PUT', '/api/routes/update', { uuid: created.uuid, places: stops.map(({ id }) => ({ id })) })
      await page.goto(`/map?category=${category.id}&route=${created.uuid}`)
      await waitForHydration(page)
      await expect.poll(stopIds).toEqual(stops.map((p) => p.id))
      // The save bar at the bottom of the screen, where toasts appear.
      await page.getByTestId('route-save').evaluate((el) => el.scrollIntoView({ block: 'end' }))
      await page.getByTestId('compute-path').click()
      await page.getByTestId('route-save').click()
      await toast('Route saved').waitFor()
      const overlaps = await page.evaluate(() => {
        const toasts = [...document.querySelectorAll('[data-testid="toast"]')].map((el) => el.getBoundingClientRect())
        const guarded = [...['route-distance', 'route-duration', 'save-state', 'route-save'].map((id) => `[data-testid="${id}"]`), '.leaflet-control-attribution'].map(
          (selector) => [selector, document.querySelector(selector)!.getBoundingClientRect()] as const,
        )
        const meet = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
        return guarded.filter(([, rect]) => toasts.some((t) => meet(t, rect))).map(([id]) => id)
      })
      await keepScreenshot(page, `map-editor-toast-${size}`)
      expect(overlaps).toEqual([])
    })
  }
})
