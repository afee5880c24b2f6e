import fs from 'node:fs'
import path from 'node:path'
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { ApiBody } from '#app/client/api-contract.ts'
import { desktop, keepScreenshot, phone, waitForHydration } from './browser.ts'
import { apiCaller, demoLausanne, useBrowserPage } from './fixtures.ts'
import { root } from './server.ts'

// The demo owner's account speaks French: the screens open under /fr/.
const fr = JSON.parse(fs.readFileSync(path.join(root, 'locales/fr/translation.json'), 'utf8')) as {
  landingEditor: { saved: string }
}

const browser = useBrowserPage()
let context: BrowserContext
let page: Page

async function open(options: BrowserContextOptions = desktop) {
  ;({ context, page } = await browser.open(options, { signIn: true }))
  return page
}

const api = apiCaller(() => context.request, 200)

async function lausanne() {
  const category = await demoLausanne(api)
  const routes = await api('GET', `/api/place-categories/${category.id}/fetch-routes`)
  expect(routes.length).toBeGreaterThan(1)
  return { id: category.id, routes }
}

const fullRoute = (uuid: string) => api('GET', `/api/routes/${uuid}/get-route`)

describe('landing page editor', () => {
  it('saves a German subtitle (notice for a second, still there after reload) and uploads a photo with preview', async () => {
    await open()
    const { id, routes } = await lausanne()
    const target = routes[routes.length - 1]!
    const before = await fullRoute(target.uuid)
    const subtitle = `Ein Spaziergang ${Date.now()}`

    await page.goto(`/landing?category=${id}&route=${target.uuid}`)
    await page.waitForURL('**/fr/landing?**')
    await waitForHydration(page)
    expect(await page.getByTestId('route-picker').inputValue()).toBe(target.uuid)
    const preview = page.getByTestId('public-preview')

    await page.getByTestId('texts-tab-de').click()
    await page.getByTestId('text-subtitle').fill(subtitle)
    // The preview is the public page's component, following the unsaved text.
    await preview.getByText(subtitle, { exact: true }).waitFor()
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/routes/update') && r.request().method() === 'PUT')
    await page.getByTestId('landing-save').click()
    const response = await saved
    expect(response.status()).toBe(200)
    // Only what changed goes to the strict endpoint.
    expect(response.request().postDataJSON()).toEqual({ uuid: target.uuid, translations: { de: { subtitle } } })
    await page.getByText(fr.landingEditor.saved, { exact: true }).waitFor()
    await keepScreenshot(page, 'landing-editor-saved-desktop')
    await page.mouse.move(1200, 100) // a hovered toast pauses its countdown
    await page.getByText(fr.landingEditor.saved, { exact: true }).waitFor({ state: 'detached', timeout: 3000 })

    await page.reload()
    await waitForHydration(page)
    await page.getByTestId('texts-tab-de').click()
    expect(await page.getByTestId('text-subtitle').inputValue()).toBe(subtitle)

    const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 30, g: 140, b: 90 } } }).png().toBuffer()
    await page.getByTestId('photo-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png })
    await page.getByTestId('photo-preview').waitFor()
    const src = await page.getByTestId('photo-preview').getAttribute('src')
    expect(src).toMatch(/^\/uploads\/.+\.webp$/)
    expect((await context.request.get(src!)).status()).toBe(200)
    expect((await fullRoute(target.uuid)).photo).toContain(src!)
    expect(await preview.locator(`img[src="${src}"]`).count()).toBe(1)
    await keepScreenshot(page, 'landing-editor-desktop')

    // Put the demo back as it was for the other tests.
    await api('PUT', '/api/routes/update', { uuid: target.uuid, translations: { de: { subtitle: before.translations.de?.subtitle ?? '' } } })
    if (!before.photo) await api('DELETE', `/api/routes/${target.uuid}/remove-photo`)
  })

  it('works on a phone', async () => {
    await open(phone)
    const { id } = await lausanne()
    await page.goto(`/landing?category=${id}`)
    await waitForHydration(page)
    await page.getByTestId('texts-tab-it').click()
    expect(await page.getByTestId('text-name').isVisible()).toBe(true)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(390)
    await keepScreenshot(page, 'landing-editor-phone')
  })
})

describe('landing list', () => {
  for (const [size, options] of [['desktop', desktop], ['phone', phone]] as const) {
    it(`shows every route with status, languages, page links and QR code links (${size})`, async () => {
      await open(options)
      const { id, routes } = await lausanne()
      await page.goto(`/landing/list?category=${id}`)
      await waitForHydration(page)
      const rows = page.getByTestId('landing-list-row')
      expect(await rows.count()).toBe(routes.length)
      for (const route of routes) {
        const row = page.locator(`[data-testid="landing-list-row"][data-slug="${route.slug}"]`)
        const links = await row.getByTestId('page-link').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname))
        expect(links).toEqual([`/fr/r/lausanne/${route.slug}`, `/fr/m/lausanne/${route.slug}`])
        const full = await fullRoute(route.uuid)
        const svgs = await row.getByTestId('qr-svg').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href')))
        const pngs = await row.getByTestId('qr-png').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href')))
        const ids = [full.route_landing_page_qr_codes[0]?.id, full.route_map_page_qr_codes[0]?.id].filter((x) => x !== undefined)
        expect(svgs).toEqual(ids.map((q) => `/api/route-qr-codes/${q}/image.svg`))
        expect(pngs).toEqual(ids.map((q) => `/api/route-qr-codes/${q}/image.png`))
      }
      const firstPng = await page.getByTestId('qr-png').first().getAttribute('href')
      if (firstPng) {
        const res = await context.request.get(firstPng)
        expect(res.status()).toBe(200)
        expect(res.headers()['content-type']).toContain('image/png')
      }
      expect(await rows.first().getByTestId('coverage-fr').getAttribute('data-covered')).toBe('true')
      await keepScreenshot(page, `landing-list-${size}`)
    })
  }
})

describe('branding', () => {
  for (const [size, options] of [['desktop', desktop], ['phone', phone]] as const) {
    it(`changes the background and route colours, the preview follows, and saves (${size})`, async () => {
      await open(options)
      const { id, routes } = await lausanne()
      const target = routes[0]!
      const before = await fullRoute(target.uuid)
      await page.goto(`/branding?category=${id}&route=${target.uuid}`)
      await waitForHydration(page)
      const preview = page.getByTestId('branding-preview')

      await page.getByTestId('bg-transparent').setChecked(false)
      await page.getByTestId('bg-hex').fill('#1E6091')
      await expect.poll(() => preview.getAttribute('data-bg')).toBe('#1E6091')
      expect(await preview.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(30, 96, 145)')
      await page.getByTestId('bg-color').fill('#aa3344')
      await expect.poll(() => preview.getAttribute('data-bg')).toBe('#AA3344')
      expect(await page.getByTestId('bg-hex').inputValue()).toBe('#AA3344')

      const other = before.color === 'bg-violet' ? 'bg-pink' : 'bg-violet'
      await page.locator(`label:has([data-testid="route-color-${other}"])`).click()
      const hex = other === 'bg-violet' ? 'rgb(117, 82, 220)' : 'rgb(220, 82, 131)'
      await expect.poll(() => page.getByTestId('preview-route-line').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(hex)
      await keepScreenshot(page, `branding-${size}`)

      const saved = page.waitForResponse((r) => r.url().endsWith('/api/routes/update'))
      await page.getByTestId('branding-save').click()
      const body = (await saved).request().postDataJSON() as Record<string, unknown>
      expect(body).toEqual({ uuid: target.uuid, branding: { bg_color: '#AA3344', ...(before.branding.is_bg_transparent ? { is_bg_transparent: false } : {}) }, color: other })
      await page.getByText(fr.landingEditor.saved, { exact: true }).waitFor()
      const after = await fullRoute(target.uuid)
      expect([after.branding.bg_color, after.color]).toEqual(['#AA3344', other])

      await api('PUT', '/api/routes/update', { uuid: target.uuid, color: before.color as ApiBody<'/routes/update', 'PUT'>['color'], branding: { bg_color: before.branding.bg_color, is_bg_transparent: before.branding.is_bg_transparent } })
    })
  }

  it('moves a partner logo earlier, and the new order is still there after reload', async () => {
    await open()
    const { id, routes } = await lausanne()
    const target = routes[0]!
    const before = await fullRoute(target.uuid)
    await page.goto(`/branding?category=${id}&route=${target.uuid}`)
    await waitForHydration(page)
    const shown = () => page.getByTestId('partner-logo').evaluateAll((imgs) => imgs.map((img) => Number(img.getAttribute('data-logo-id'))))
    const added: number[] = []
    try {
      for (const [i, background] of [{ r: 200, g: 40, b: 40 }, { r: 40, g: 40, b: 200 }].entries()) {
        const png = await sharp({ create: { width: 120, height: 60, channels: 3, background } }).png().toBuffer()
        await page.getByTestId('partner-logo-input').setInputFiles({ name: `partner-${i}.png`, mimeType: 'image/png', buffer: png })
        await expect.poll(shown).toHaveLength(before.logos.length + i + 1)
        added.push((await shown()).at(-1)!)
      }
      const [first, second] = added
      const kept = before.logos.map((l) => l.id)
      expect(await shown()).toEqual([...kept, first, second])

      const reordered = page.waitForResponse((r) => r.url().endsWith(`/api/routes/${target.uuid}/logos/order`))
      await page.getByTestId('logo-move-up').nth(kept.length + 1).click()
      const response = await reordered
      expect(response.status()).toBe(200)
      expect(response.request().postDataJSON()).toEqual({ ids: [...kept, second, first] })
      await expect.poll(shown).toEqual([...kept, second, first])
      await keepScreenshot(page, 'branding-logos-reordered-desktop')

      await page.reload()
      await waitForHydration(page)
      expect(await shown()).toEqual([...kept, second, first])
      expect((await fullRoute(target.uuid)).logos.map((l) => l.id)).toEqual([...kept, second, first])
    } finally {
      // Put the demo back as it was for the other tests.
      for (const logoId of added) await api('DELETE', `/api/routes/${target.uuid}/logos/${logoId}`)
    }
    expect((await fullRoute(target.uuid)).logos).toEqual(before.logos)
  })
})
