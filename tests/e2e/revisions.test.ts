import fs from 'node:fs'
import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { desktop, keepScreenshot, phone, waitForHydration } from './browser.ts'
import { apiCaller, demoLausanne, useBrowserPage } from './fixtures.ts'
import { root } from './server.ts'

// The History panel of the landing editor (ADR 111): a landing text overwritten, then restored
// from History, on a desktop and on a phone. The demo owner speaks French: screens under /fr/.
const fr = JSON.parse(fs.readFileSync(path.join(root, 'locales/fr/translation.json'), 'utf8')) as {
  revisions: { restored: string; changes: { texts: string } }
}

const browser = useBrowserPage()
let context: BrowserContext
let page: Page
const api = apiCaller(() => context.request, 200)

describe('History in the landing editor', () => {
  for (const [size, options, index] of [['desktop', desktop, 0], ['phone', phone, 1]] as const) {
    it(`restores an overwritten landing text from History (${size})`, async () => {
      ;({ context, page } = await browser.open(options, { signIn: true }))
      const category = await demoLausanne(api)
      const routes = await api('GET', `/api/place-categories/${category.id}/fetch-routes`)
      const target = routes[index]!
      const original = (await api('GET', `/api/routes/${target.uuid}/get-route`)).translations.fr?.description ?? null

      await page.goto(`/landing?category=${category.id}&route=${target.uuid}`)
      await page.waitForURL('**/fr/landing?**')
      await waitForHydration(page)
      await page.getByTestId('texts-tab-fr').click()
      const field = page.getByTestId('text-description')
      expect(await field.inputValue()).toBe(original ?? '')
      const overwritten = `Texte écrasé par erreur ${Date.now()}`
      await field.fill(overwritten)
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/routes/update') && r.request().method() === 'PUT')
      await page.getByTestId('landing-save').click()
      expect((await saved).status()).toBe(200)

      await page.getByTestId('history-open').click()
      const panel = page.getByTestId('history-panel')
      const list = panel.getByTestId('revision-list')
      await list.waitFor()
      // The newest is this save: French texts changed, by the demo owner; the one before is the text to go back to.
      expect(await list.locator('li').count()).toBeGreaterThanOrEqual(2)
      expect(await list.locator('li').first().textContent()).toContain(fr.revisions.changes.texts.replace('{{language}}', 'Français'))
      await list.getByTestId('revision-show').first().click()
      const diff = panel.getByTestId('revision-diff')
      await diff.waitFor()
      expect(await diff.locator('ins').first().textContent()).toContain('écrasé')
      if (original) expect(await diff.locator('del').count()).toBeGreaterThan(0)
      await keepScreenshot(page, `history-diff-${size}`)

      await page.getByRole('button', { name: /Retour à la liste/ }).click()
      await list.getByTestId('revision-show').nth(1).click()
      await diff.waitFor()
      await page.getByTestId('revision-restore').click()
      const restored = page.waitForResponse((r) => /\/api\/routes\/[^/]+\/revisions\/\d+\/restore$/.test(r.url()))
      await keepScreenshot(page, `history-confirm-${size}`)
      await page.getByTestId('revision-restore-confirm').click()
      expect((await restored).status()).toBe(200)
      await page.getByText(fr.revisions.restored, { exact: true }).waitFor()
      // The form shows the restored text at once, and it is what is saved.
      await expect.poll(() => field.inputValue()).toBe(original ?? '')
      expect((await api('GET', `/api/routes/${target.uuid}/get-route`)).translations.fr?.description ?? null).toBe(original)
      await keepScreenshot(page, `history-restored-${size}`)

      // The restore is itself in the History, newest.
      await page.getByTestId('history-open').click()
      await list.waitFor()
      expect(await list.locator('li').first().textContent()).toContain(fr.revisions.changes.texts.replace('{{language}}', 'Français'))
      await keepScreenshot(page, `history-list-${size}`)
      await page.keyboard.press('Escape')
    })
  }

  it('brings back a replaced photo from History, the same file, on the editor and the landing page (phone)', async () => {
    ;({ context, page } = await browser.open(phone, { signIn: true }))
    const category = await demoLausanne(api)
    const routes = await api('GET', `/api/place-categories/${category.id}/fetch-routes`)
    const target = routes.at(-1)!
    const [startedAt] = await api('GET', `/api/routes/${target.uuid}/revisions`)
    const png = (r: number) => sharp({ create: { width: 640, height: 360, channels: 3, background: { r, g: 120, b: 90 } } }).png().toBuffer()

    await page.goto(`/landing?category=${category.id}&route=${target.uuid}`)
    await waitForHydration(page)
    const upload = async (r: number) => {
      const done = page.waitForResponse((res) => res.url().endsWith(`/api/routes/${target.uuid}/photo`) && res.request().method() === 'POST')
      await page.getByTestId('photo-input').setInputFiles({ name: `photo-${r}.png`, mimeType: 'image/png', buffer: await png(r) })
      const response = await done
      expect(response.status()).toBe(200)
      const photo = ((await response.json()) as { data: { photo: string } }).data.photo
      await expect.poll(() => page.getByTestId('photo-preview').getAttribute('src')).toBe(photo)
      return photo
    }
    const first = await upload(200)
    const firstBytes = await (await context.request.get(first)).body()
    const second = await upload(20)
    expect(second).not.toBe(first)

    await page.getByTestId('history-open').click()
    const panel = page.getByTestId('history-panel')
    const list = panel.getByTestId('revision-list')
    await list.waitFor()
    // The newest is the second photo; the one before it shows the first.
    await list.getByTestId('revision-show').nth(1).click()
    await panel.getByTestId('revision-diff').waitFor()
    await page.getByTestId('revision-restore').click()
    const restored = page.waitForResponse((r) => /\/api\/routes\/[^/]+\/revisions\/\d+\/restore$/.test(r.url()))
    await page.getByTestId('revision-restore-confirm').click()
    expect((await restored).status()).toBe(200)
    await page.getByText(fr.revisions.restored, { exact: true }).waitFor()
    await expect.poll(() => page.getByTestId('photo-preview').getAttribute('src')).toBe(first)
    expect(Buffer.compare(await (await context.request.get(first)).body(), firstBytes)).toBe(0)
    await keepScreenshot(page, 'history-photo-restored-phone')
    await page.keyboard.press('Escape')
    // The landing page visitors open shows it again.
    const route = await api('GET', `/api/routes/${target.uuid}/get-route`)
    expect(route.photo).toBe(first)

    // Put the demo back as it was for the other tests: the newest revision before this test, or the state found when history began.
    const origin = startedAt ?? (await api('GET', `/api/routes/${target.uuid}/revisions`)).at(-1)!
    await api('POST', `/api/routes/${target.uuid}/revisions/${origin.id}/restore`)
  })

  it('the map editor shows the same History in its route toolbar (desktop)', async () => {
    ;({ context, page } = await browser.open(desktop, { signIn: true }))
    const category = await demoLausanne(api)
    const [target] = await api('GET', `/api/place-categories/${category.id}/fetch-routes`)
    // A save to list: the French subtitle changed, then put back.
    const before = (await api('GET', `/api/routes/${target!.uuid}/get-route`)).translations.fr?.subtitle ?? null
    await api('PUT', '/api/routes/update', { uuid: target!.uuid, translations: { fr: { subtitle: 'Sous-titre du test' } } })
    await api('PUT', '/api/routes/update', { uuid: target!.uuid, translations: { fr: { subtitle: before } } })
    await page.goto(`/map?category=${category.id}&route=${target!.uuid}`)
    await waitForHydration(page)
    await page.getByTestId('route-toolbar').getByTestId('history-open').click()
    const list = page.getByTestId('history-panel').getByTestId('revision-list')
    await list.waitFor()
    expect(await list.locator('li').count()).toBeGreaterThanOrEqual(2)
    await list.getByTestId('revision-show').first().click()
    const text = page.getByTestId('history-panel').getByTestId('revision-text').first()
    expect(await text.locator('del').textContent()).toContain('Sous-titre du test')
    await keepScreenshot(page, 'history-map-editor-desktop', { fullPage: false })
    await page.keyboard.press('Escape')
  })
})
