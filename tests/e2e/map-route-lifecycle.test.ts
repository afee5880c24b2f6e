import fs from 'node:fs'
import path from 'node:path'
import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { desktop, keepScreenshot, phone, waitForHydration, watchErrors } from './browser.ts'
import { apiCaller, demoLausanne, useBrowserPage } from './fixtures.ts'
import { root } from './server.ts'
import { sharedServer } from './shared-server.ts'

// The route lifecycle modals of the map editor (/map), its route toolbar and its QR code panel,
// driven through the real page with the demo data. The demo owner speaks French: pages open
// under /fr/.

const fr = JSON.parse(fs.readFileSync(path.join(root, 'locales/fr/translation.json'), 'utf8')) as {
  routeModals: { mobile: { failed: string }; delete: { failed: string }; slugKept: string }
}

const baseURL = sharedServer().baseURL
const browser = useBrowserPage()
let context: BrowserContext
let page: Page

async function open(options: BrowserContextOptions = desktop) {
  ;({ context, page } = await browser.open(options, { signIn: true }))
  return page
}

const api = apiCaller(() => context.request)
const lausanne = () => demoLausanne(api)

async function openMap(query: string) {
  await page.goto(`/fr/map?${query}`)
  await waitForHydration(page)
  await page.getByTestId('route-toolbar').waitFor()
}

/** A toolbar action: its button when shown, else the item of the toolbar's menu (narrow toolbar). */
async function action(id: string) {
  const button = page.locator(`[data-testid="route-toolbar"] button[data-action="${id}"]:visible`)
  if ((await button.count()) > 0) return button.first().click()
  await page.getByTestId('toolbar-menu').click()
  await page.locator(`[role="menuitem"][data-action="${id}"]`).click()
}

/** A modal as the user sees it: the viewport only (a full-page shot stretches the fixed overlay). */
async function shot(name: string) {
  await keepScreenshot(page, name, { fullPage: false })
}

/** Clicks after centring the element: on phones the page's sticky bars may cover its edges. */
async function tap(locator: Locator) {
  await locator.evaluate((el) => el.scrollIntoView({ block: 'center' }))
  await locator.click()
}

async function closeModal(testId: string) {
  await page.keyboard.press('Escape')
  await page.getByTestId(testId).waitFor({ state: 'detached' })
}

describe('route lifecycle on /map', () => {
  // A manager's whole journey in one test (some forty steps, two browser sizes): 20 s on a quiet
  // machine, over the default minute when the two cores are shared with the rest of the suite.
  it('creates, edits, publishes, shares, opens on a phone and deletes a route', { timeout: 120_000 }, async () => {
    await open()
    const category = await lausanne()
    await openMap(`category=${category.id}`)

    // New route: a blank name is refused in the form, then name + colour create a draft.
    await action('new')
    const modal = page.getByTestId('new-route-modal')
    await modal.waitFor()
    await page.getByTestId('route-form-submit').click()
    await expect.poll(() => page.getByTestId('route-name-error').textContent()).toBeTruthy()
    const name = `Boucle e2e ${Date.now()}`
    await page.getByTestId('route-name').fill(name)
    await page.locator('label:has([data-testid="route-color-bg-violet"])').click()
    await page.getByTestId('route-form-submit').click()
    await modal.waitFor({ state: 'detached' })
    await page.waitForURL(/route=/)
    const uuid = new URL(page.url()).searchParams.get('route')!
    await expect.poll(() => page.getByTestId('toolbar-route-name').textContent()).toBe(name)
    let saved = await api('GET', `/api/routes/${uuid}/get-route`)
    expect(saved).toMatchObject({ name, color: 'bg-violet', status: 'draft' })

    // Edit: name, colour and slug.
    await action('edit')
    await page.getByTestId('edit-route-modal').waitFor()
    expect(await page.getByTestId('route-name').inputValue()).toBe(name)
    const renamed = `${name} (bis)`
    const slug = `boucle-e2e-${Date.now()}`
    await page.getByTestId('route-name').fill(renamed)
    await page.locator('label:has([data-testid="route-color-bg-blue-100"])').click()
    await page.getByTestId('route-slug').fill(slug)
    // The hint shows the public address the slug gives (it names the category, ADR 011) and that
    // the old one keeps working.
    const hint = await page.getByTestId('edit-route-modal').textContent()
    expect(hint).toContain(`${baseURL}/m/${category.slug}/${slug}`)
    expect(hint).toContain(fr.routeModals.slugKept)
    await page.getByTestId('route-form-submit').click()
    await page.getByTestId('edit-route-modal').waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('toolbar-route-name').textContent()).toBe(renamed)
    expect(await page.getByTestId('toolbar-route-color').getAttribute('data-color')).toBe('bg-blue-100')
    saved = await api('GET', `/api/routes/${uuid}/get-route`)
    expect(saved).toMatchObject({ name: renamed, color: 'bg-blue-100', slug })

    // Share map while still a draft: the note says visitors do not see it yet.
    await action('shareMap')
    await page.getByTestId('share-map-modal').waitFor()
    expect(await page.getByTestId('draft-note').isVisible()).toBe(true)
    await closeModal('share-map-modal')

    // Status: published.
    await action('status')
    await page.getByTestId('route-status-modal').waitFor()
    await page.getByTestId('route-status-published').check()
    await page.getByTestId('route-status-submit').click()
    await page.getByTestId('route-status-modal').waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('toolbar-route-status').getAttribute('data-status')).toBe('published')
    expect((await api('GET', `/api/routes/${uuid}/get-route`)).status).toBe('published')

    // Share map and share page: link, QR images that answer as images, embed code.
    for (const [kind, prefix] of [
      ['map', 'm'],
      ['page', 'r'],
    ] as const) {
      await action(kind === 'map' ? 'shareMap' : 'sharePage')
      const testId = `share-${kind === 'map' ? 'map' : 'landing'}-modal`
      await page.getByTestId(testId).waitFor()
      expect(await page.getByTestId('draft-note').count()).toBe(0)
      const url = await page.getByTestId('share-url').inputValue()
      expect(url).toBe(`${baseURL}/${prefix}/${category.slug}/${slug}`)
      const embed = await page.getByTestId('share-embed').inputValue()
      expect(embed).toContain(kind === 'map' ? `src="${url}?embed=1"` : `href="${url}"`)
      for (const [link, type] of [
        ['share-qr-svg', 'image/svg+xml'],
        ['share-qr-png', 'image/png'],
      ] as const) {
        const href = await page.getByTestId(link).getAttribute('href')
        const res = await context.request.get(href!)
        expect(res.status(), href!).toBe(200)
        expect(res.headers()['content-type']).toContain(type)
      }
      // The public page itself answers now that the route is published.
      expect((await context.request.get(url)).status()).toBe(200)
      await closeModal(testId)
    }

    // Mobile map: the spec's message when no token comes, then a code once the server answers.
    await page.route('**/api/auth/get-temp-token', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }))
    await action('mobile')
    await expect.poll(() => page.getByTestId('mobile-error').textContent()).toBe(fr.routeModals.mobile.failed)
    await page.unroute('**/api/auth/get-temp-token')
    await page.getByTestId('mobile-new-code').click()

    // The link signs a fresh phone in once, on this map and route.
    await page.getByTestId('mobile-url').waitFor()
    const login = await page.getByTestId('mobile-url').inputValue()
    expect(await page.getByTestId('mobile-countdown').textContent()).toMatch(/[45]:\d\d/)
    expect(await page.getByTestId('mobile-qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    await closeModal('mobile-map-modal')

    const phoneContext = await browser.extraContext(phone)
    const phonePage = await phoneContext.newPage()
    const phoneErrors = watchErrors(phonePage)
    await phonePage.goto(login)
    await phonePage.waitForURL(/\/map\?/)
    const landed = new URL(phonePage.url())
    expect(landed.searchParams.get('category')).toBe(String(category.id))
    expect(landed.searchParams.get('route')).toBe(uuid)
    await phonePage.getByTestId('route-toolbar').waitFor()
    await expect.poll(() => phonePage.getByTestId('toolbar-route-name').textContent()).toBe(renamed)
    expect(phoneErrors.filter((e) => !e.includes('Failed to load resource'))).toEqual([])

    const secondContext = await browser.extraContext(phone, { reducedMotion: null })
    const second = await secondContext.newPage()
    const reused = await second.goto(login)
    expect(reused!.status()).toBe(410)
    expect(second.url()).not.toMatch(/\/map\?/)
    expect((await secondContext.request.get(`${baseURL}/api/auth/user`)).status()).toBe(401)

    // Delete, with a confirmation naming the route.
    await action('delete')
    const confirm = page.getByTestId('delete-route-modal')
    await confirm.waitFor()
    expect(await confirm.textContent()).toContain(renamed)
    // A failed delete says so (spec: "Failed to delete route") and deletes nothing.
    await page.route('**/api/routes/delete', (r) => r.fulfill({ status: 403, contentType: 'application/json', body: '{"message":"This action is unauthorized."}' }))
    await page.getByTestId('confirm-delete-route').click()
    await page.getByText(fr.routeModals.delete.failed).waitFor()
    expect((await context.request.get(`/api/routes/${uuid}/get-route`)).status()).toBe(200)
    await page.unroute('**/api/routes/delete')
    await page.getByTestId('confirm-delete-route').click()
    await confirm.waitFor({ state: 'detached' })
    await page.waitForURL((u) => !u.searchParams.has('route') || u.searchParams.get('route') !== uuid)
    const routes = await api('GET', `/api/place-categories/${category.id}/fetch-routes`)
    expect(routes.map((r) => r.uuid)).not.toContain(uuid)
    expect((await context.request.get(`/api/routes/${uuid}/get-route`)).status()).toBe(404)
    // The router pushes the address before React commits the new list (its state update is a
    // transition): on a loaded machine the modal can open on the old list for a moment.
    await action('select')
    await page.getByTestId('select-routes-modal').waitFor()
    await expect.poll(() => page.locator(`[data-testid="route-option"][data-uuid="${uuid}"]`).count()).toBe(0)
    expect(await page.locator('[data-testid="route-option"]').count()).toBe(routes.length)
    await closeModal('select-routes-modal')
  })

  it('activates a QR code at the map centre, unlinks it, and prints a sheet', async () => {
    await open()
    const category = await lausanne()
    await openMap(`category=${category.id}&panel=qr`)
    await page.getByTestId('qr-panel').waitFor()

    // A fresh blank code, made through the batch modal.
    const before = new Set((await api('GET', `/api/place-categories/${category.id}/fetch-qr-codes`)).map((c) => c.code))
    await page.getByTestId('qr-batch').click()
    await page.getByTestId('batch-qr-modal').waitFor()
    await page.getByTestId('batch-count').fill('1')
    await page.getByTestId('batch-submit').click()
    await page.getByTestId('batch-qr-modal').waitFor({ state: 'detached' })
    let code = ''
    await expect
      .poll(async () => {
        const after = await api('GET', `/api/place-categories/${category.id}/fetch-qr-codes`)
        code = after.find((c) => !before.has(c.code))?.code ?? ''
        return code
      })
      .not.toBe('')
    const row = page.locator(`[data-testid="qr-row"][data-code="${code}"]`)
    await page.getByTestId('qr-search').fill(code)
    await row.waitFor()
    expect(await row.getAttribute('data-active')).toBe('false')

    // Activate at the map centre (or, if a place is within 20 m there, create it anyway).
    await row.getByTestId('qr-actions').click()
    await page.getByTestId('qr-activate-map').click()
    await page.getByTestId('activate-qr-modal').waitFor()
    // In the page's language (an `lng` interpolation value would switch i18next to English).
    expect(await page.getByTestId('activation-position').textContent()).toMatch(/^Centre de la carte\u00a0: \d+\.\d{5}, \d+\.\d{5}$/)
    await page.getByTestId('activation-name').fill('Plaque e2e')
    await page.getByTestId('activate-submit').click()
    const outcome = await Promise.race([
      page.getByTestId('activate-qr-modal').waitFor({ state: 'detached' }).then(() => 'linked'),
      page.getByTestId('nearby-places').waitFor().then(() => 'nearby'),
    ])
    if (outcome === 'nearby') {
      await page.getByTestId('create-anyway').click()
      await page.getByTestId('activate-qr-modal').waitFor({ state: 'detached' })
    }
    await expect.poll(() => row.getAttribute('data-active')).toBe('true')
    let stored = (await api('GET', `/api/place-categories/${category.id}/fetch-qr-codes`)).find((c) => c.code === code)!
    expect(stored.place?.name).toBe('Plaque e2e')

    // Print sheet of what the panel shows (this one code), then the whole category.
    const href = await page.getByTestId('qr-print').getAttribute('href')
    expect(href).toContain(`codes=${encodeURIComponent(code)}`)
    const print = await context.newPage()
    const printErrors = watchErrors(print)
    await print.goto(href!)
    await print.getByTestId('print-sheet').waitFor()
    expect(await print.getByTestId('print-code').count()).toBe(1)
    expect(await print.getByTestId('print-code').textContent()).toContain('Plaque e2e')
    const svg = await context.request.get(`/api/qr-codes/${encodeURIComponent(code)}/image.svg`)
    expect(svg.headers()['content-type']).toContain('image/svg+xml')
    await keepScreenshot(print, 'map-lifecycle-print-sheet-one')
    await print.goto(`/fr/qr-codes/print?category=${category.id}`)
    expect(await print.getByTestId('print-code').count()).toBe(before.size + 1)
    await keepScreenshot(print, 'map-lifecycle-print-sheet')
    expect((await print.goto(`/fr/qr-codes/print?category=99999999`))!.status()).toBe(404)
    expect(printErrors.filter((e) => !e.includes('Failed to load resource') && !e.includes('404'))).toEqual([])
    await print.close()

    // Unlink: inactive again, its place kept.
    await row.getByTestId('qr-actions').click()
    await page.getByTestId('qr-unlink').click()
    await expect.poll(() => row.getAttribute('data-active')).toBe('false')
    stored = (await api('GET', `/api/place-categories/${category.id}/fetch-qr-codes`)).find((c) => c.code === code)!
    expect(stored.place).toBeNull()
  })

  it('activates a code at the device’s location (offered the place already there) and links another to a chosen place', async () => {
    await open()
    const category = await lausanne()
    const places = await api('GET', `/api/place-categories/${category.id}/fetch-places`)
    const [here, chosen] = places.filter((p) => p.lat !== null && p.lng !== null)
    // The phone stands right at an existing place: activating there offers that place instead of a duplicate.
    await context.grantPermissions(['geolocation'])
    await context.setGeolocation({ latitude: here.lat!, longitude: here.lng! })
    await openMap(`category=${category.id}&panel=qr`)

    async function freshCode() {
      const before = new Set((await api('GET', `/api/place-categories/${category.id}/fetch-qr-codes`)).map((c) => c.code))
      await api('POST', '/api/qr-codes/batch', { place_category_id: category.id, count: 1 })
      const code = (await api('GET', `/api/place-categories/${category.id}/fetch-qr-codes`)).find((c) => !before.has(c.code))!.code
      await page.reload()
      await waitForHydration(page)
      await page.getByTestId('qr-search').fill(code)
      const row = page.locator(`[data-testid="qr-row"][data-code="${code}"]`)
      await row.waitFor()
      return { code, row }
    }
    const stored = async (code: string) => (await api('GET', `/api/place-categories/${category.id}/fetch-qr-codes`)).find((c) => c.code === code)!

    const first = await freshCode()
    await first.row.getByTestId('qr-actions').click()
    await page.getByTestId('qr-activate-device').click()
    await page.getByTestId('activate-qr-modal').waitFor()
    await expect.poll(() => page.getByTestId('activation-position').textContent()).toContain(here.lat!.toFixed(5))
    await page.getByTestId('activation-name').fill('Plaque au même endroit')
    await page.getByTestId('activate-submit').click()
    await page.getByTestId('nearby-places').waitFor()
    await page.getByTestId('nearby-places').getByRole('button', { name: here.name }).click()
    await page.getByTestId('activate-qr-modal').waitFor({ state: 'detached' })
    await expect.poll(() => first.row.getAttribute('data-active')).toBe('true')
    expect((await stored(first.code)).place?.id).toBe(here.id)

    const second = await freshCode()
    await second.row.getByTestId('qr-actions').click()
    await page.getByTestId('qr-link').click()
    await page.getByRole('searchbox').last().fill(chosen.name)
    await page.getByTestId('link-place-option').filter({ hasText: chosen.name }).first().click()
    await expect.poll(() => second.row.getAttribute('data-active')).toBe('true')
    expect((await stored(second.code)).place?.id).toBe(chosen.id)
  })

  it('the print sheet is for members only', async () => {
    await open()
    const category = await lausanne()
    const guest = await browser.extraContext(desktop, { reducedMotion: null })
    const guestPage = await guest.newPage()
    await guestPage.goto(`/fr/qr-codes/print?category=${category.id}`)
    expect(guestPage.url()).toContain('/auth/login')
    // Another account (a fresh sign-up) is not a member of the demo category: 404.
    const email = `outsider-${Date.now()}@trailguide.test`
    const reg = await guest.request.post('/api/auth/register', { data: { name: 'Outsider', email, password: 'outsider-pass-123', password_confirmation: 'outsider-pass-123' } })
    expect(reg.status(), await reg.text()).toBeLessThan(300)
    const res = await guestPage.goto(`/fr/qr-codes/print?category=${category.id}`)
    expect(res!.status()).toBe(404)
  })
})

describe('modal screenshots', () => {
  it('dark mode', async () => {
    await open({ ...desktop, colorScheme: 'dark' })
    const category = await lausanne()
    await openMap(`category=${category.id}`)
    for (const [id, testId] of [
      ['new', 'new-route-modal'],
      ['shareMap', 'share-map-modal'],
    ] as const) {
      await action(id)
      await page.getByTestId(testId).waitFor()
      await shot(`map-lifecycle-dark-${testId}`)
      await closeModal(testId)
    }
    await openMap(`category=${category.id}&panel=qr`)
    await page.getByTestId('qr-panel').waitFor()
    await shot('map-lifecycle-dark-qr-panel')
  })

  for (const [size, options] of [
    ['desktop', desktop],
    ['phone', phone],
  ] as const) {
    it(`every route and QR modal at ${size} size`, async () => {
      await open(options)
      const category = await lausanne()
      const routes = await api('GET', `/api/place-categories/${category.id}/fetch-routes`)
      expect(routes.length).toBeGreaterThan(1)
      await openMap(`category=${category.id}&route=${routes[0]!.uuid}`)
      await keepScreenshot(page, `map-lifecycle-${size}-toolbar`)

      const shots: [string, string][] = [
        ['select', 'select-routes-modal'],
        ['new', 'new-route-modal'],
        ['edit', 'edit-route-modal'],
        ['status', 'route-status-modal'],
        ['shareMap', 'share-map-modal'],
        ['sharePage', 'share-landing-modal'],
        ['mobile', 'mobile-map-modal'],
        ['delete', 'delete-route-modal'],
      ]
      // "Open on phone" is not offered on a phone (a touch screen without hover).
      if (size === 'phone') {
        await page.getByTestId('toolbar-menu').click()
        await page.locator('[role="menuitem"][data-action="delete"]').waitFor()
        expect(await page.locator('[data-action="mobile"]').count()).toBe(0)
        await page.keyboard.press('Escape')
      }
      for (const [id, testId] of shots.filter(([id]) => size === 'desktop' || id !== 'mobile')) {
        await action(id)
        await page.getByTestId(testId).waitFor()
        if (id === 'mobile') await page.getByTestId('mobile-qr').waitFor()
        if (id === 'shareMap') await page.getByTestId('share-qr').evaluate((img: HTMLImageElement) => img.decode())
        await shot(`map-lifecycle-${size}-${testId}`)
        await closeModal(testId)
      }

      // Unsaved changes, then another route: the page asks to save, discard or stay.
      // (moving the second stop up: the editor's own control, present at every size)
      await tap(page.getByTestId('stop-up').nth(1))
      await page.getByTestId('toolbar-dirty').waitFor()
      await action('select')
      await page.locator(`[data-testid="route-option"][data-uuid="${routes[1]!.uuid}"]`).click()
      await page.getByTestId('save-modified-route-modal').waitFor()
      await shot(`map-lifecycle-${size}-save-modified-route-modal`)
      await page.getByTestId('save-modified-cancel').click()
      await page.getByTestId('save-modified-route-modal').waitFor({ state: 'detached' })
      expect(new URL(page.url()).searchParams.get('route')).toBe(routes[0]!.uuid)

      // The QR panel and its modals.
      await openMap(`category=${category.id}&route=${routes[0]!.uuid}&panel=qr`)
      await page.getByTestId('qr-panel').waitFor()
      await keepScreenshot(page, `map-lifecycle-${size}-qr-panel`)
      // The panel and the toolbar fit the screen (nothing pushes the page sideways).
      for (const testId of ['qr-panel', 'route-toolbar']) {
        const fits = await page.getByTestId(testId).evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth)
        expect(fits, `${testId} fits`).toBe(true)
      }
      await tap(page.getByTestId('qr-batch'))
      await page.getByTestId('batch-qr-modal').waitFor()
      await shot(`map-lifecycle-${size}-batch-qr-modal`)
      await closeModal('batch-qr-modal')
      await tap(page.getByTestId('qr-filter-inactive'))
      const inactive = page.locator('[data-testid="qr-row"][data-active="false"]').first()
      await tap(inactive.getByTestId('qr-actions'))
      await shot(`map-lifecycle-${size}-qr-menu`)
      await page.getByTestId('qr-activate-map').click()
      await page.getByTestId('activate-qr-modal').waitFor()
      await shot(`map-lifecycle-${size}-activate-qr-modal`)
      await closeModal('activate-qr-modal')
      await tap(inactive.getByTestId('qr-actions'))
      await page.getByTestId('qr-link').click()
      await page.getByTestId('link-place-modal').waitFor()
      await shot(`map-lifecycle-${size}-link-place-modal`)
      await closeModal('link-place-modal')
    })
  }
})
