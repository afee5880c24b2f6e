import type { APIRequestContext, BrowserContextOptions, Page } from 'playwright-core'
import { request as playwrightRequest } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { desktop, keepScreenshot, phone, waitForHydration } from './browser.ts'
import { demoEditor, demoOwner } from './demo-login.ts'
import { signedInRequest, useBrowserPage } from './fixtures.ts'
import { sharedServer } from './shared-server.ts'

// The trash (ADR 110): an editor deletes a published route whose printed codes are on plaques;
// scanned, they answer as for a deleted route; the owner restores it from the Trash screen on a
// phone; the plaques, /r, /m and the statistics are as before.

// No error may be logged on any page, not even a failed resource load.
const browser = useBrowserPage({ allowErrors: null })
let owner: APIRequestContext
let visitor: APIRequestContext
/** The errors each page of the test logged (the fixtures check the last page's; this file checks every page's). */
let pageErrors: string[][] = []
let categoryId: number

beforeAll(async () => {
  owner = await signedInRequest(demoOwner)
  visitor = await playwrightRequest.newContext({ baseURL: sharedServer().baseURL })
  const categories = (await (await owner.get('/api/place-categories')).json()) as { data: { id: number; slug: string }[] }
  categoryId = categories.data.find((c) => c.slug === 'lausanne')!.id
})
afterAll(async () => {
  await owner?.dispose()
  await visitor?.dispose()
})
afterEach(() => {
  const found = pageErrors.flat()
  pageErrors = []
  expect(found).toEqual([])
})

async function open(options: BrowserContextOptions, account: typeof demoOwner, locale?: string): Promise<Page> {
  const { page, errors } = await browser.open(options, { signIn: account, ...(locale ? { locale } : { locale: null }) })
  pageErrors.push(errors)
  return page
}

const pathOf = (url: string) => new URL(url).pathname

describe('the trash', () => {
  it('an editor deletes a published route; its plaques answer as gone; the owner restores it on a phone; plaques, /r, /m and statistics as before', async () => {
    // A published route with two stops, its printed codes, and a like counted in its statistics.
    const name = `Corbeille ${Date.now()}`
    const created = (await (await owner.post('/api/routes/store', { data: { name, place_category_id: categoryId, locale: 'fr' } })).json()) as { data: { uuid: string } }
    const uuid = created.data.uuid
    const places = ((await (await owner.get(`/api/place-categories/${categoryId}/fetch-places`)).json()) as { data: { id: number }[] }).data.slice(0, 2)
    const saved = await owner.put('/api/routes/update', { data: { uuid, status: 'published', places: places.map((p) => ({ id: p.id })) } })
    expect(saved.status()).toBe(200)
    const route = ((await saved.json()) as { data: { slug: string; route_landing_page_qr_codes: { url: string }[]; route_map_page_qr_codes: { url: string }[] } }).data
    const plaques = [pathOf(route.route_landing_page_qr_codes[0].url), pathOf(route.route_map_page_qr_codes[0].url)]
    expect(plaques).toEqual([`/r/lausanne/${route.slug}`, `/m/lausanne/${route.slug}`])
    expect((await visitor.post('/api/events', { data: { type: 'like', route_uuid: uuid } })).status()).toBeLessThan(300)
    const statistics = async () => {
      const answer = (await (await owner.get(`/api/place-categories/${categoryId}/statistics/breakdown?year=total`)).json()) as { data: { routes: { uuid?: string; name?: string }[] } }
      return JSON.stringify(answer.data)
    }
    const statsBefore = await statistics()
    for (const plaque of plaques) expect((await visitor.get(plaque)).status()).toBe(200)

    // The editor deletes it from the map editor: "Deleted — Undo" for 10 seconds.
    const editor = await open(desktop, demoEditor)
    await editor.goto(`/map?category=${categoryId}&route=${uuid}`)
    await waitForHydration(editor)
    await editor.getByTestId('toolbar-route-name').filter({ hasText: name }).waitFor()
    const wide = editor.getByTestId('route-toolbar').locator('button[data-action="delete"]:visible')
    if ((await wide.count()) > 0) await wide.click()
    else {
      await editor.getByTestId('toolbar-menu').click()
      await editor.locator('[role="menuitem"][data-action="delete"]').click()
    }
    await editor.getByTestId('confirm-delete-route').click()
    const undo = editor.getByTestId('toast').filter({ hasText: 'Deleted' })
    await undo.getByRole('button', { name: 'Undo' }).waitFor()
    await keepScreenshot(editor, 'trash-undo-toast-desktop')

    // Scanned, the plaques answer as for a deleted route.
    for (const plaque of plaques) expect((await visitor.get(plaque)).status()).toBe(404)

    // The owner restores it from the Trash screen, on a phone.
    const phonePage = await open(phone, demoOwner, 'fr-FR')
    await phonePage.goto('/fr/trash')
    await waitForHydration(phonePage)
    const item = phonePage.getByTestId('trash-item').filter({ hasText: name })
    await item.waitFor()
    expect(await item.textContent()).toContain('Supprimé par Marco Editor')
    await keepScreenshot(phonePage, 'trash-screen-phone')
    await item.getByTestId('trash-restore').click()
    await phonePage.getByTestId('trash-notice').filter({ hasText: 'Restauré.' }).waitFor()
    await item.waitFor({ state: 'detached' })

    for (const plaque of plaques) expect((await visitor.get(plaque)).status()).toBe(200)
    expect(await statistics()).toBe(statsBefore)
    await keepScreenshot(phonePage, 'trash-restored-phone')

    // And the trash on a desktop, with something in it.
    const doomed = (await (await owner.post('/api/routes/store', { data: { name: `Brouillon ${Date.now()}`, place_category_id: categoryId, locale: 'fr' } })).json()) as { data: { uuid: string } }
    expect((await owner.delete('/api/routes/delete', { data: { uuid: doomed.data.uuid } })).status()).toBe(200)
    const wideOwner = await open({ viewport: { width: 1366, height: 850 } }, demoOwner)
    await wideOwner.goto('/fr/trash')
    await waitForHydration(wideOwner)
    const draft = wideOwner.getByTestId('trash-item').filter({ hasText: 'Brouillon' })
    await draft.waitFor()
    await keepScreenshot(wideOwner, 'trash-screen-desktop')
    await draft.getByTestId('trash-delete').click()
    await wideOwner.getByTestId('trash-delete-confirm').click()
    await wideOwner.getByTestId('trash-notice').filter({ hasText: 'Supprimé définitivement.' }).waitFor()
    await draft.waitFor({ state: 'detached' })
    expect((await owner.get(`/api/routes/${doomed.data.uuid}/get-route`)).status()).toBe(404)
    expect((await owner.delete('/api/routes/delete', { data: { uuid } })).status()).toBe(200)
  })
})
