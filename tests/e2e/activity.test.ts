import { describe, expect, it } from 'vitest'
import { keepScreenshot, phone, waitForHydration } from './browser.ts'
import { demoEditor, demoOwner } from './demo-login.ts'
import { apiCaller, createRoute, demoLausanne, signedInRequest, useBrowserPage } from './fixtures.ts'

// The activity log (ADR 115): an editor deletes a route in the map editor, the owner restores it
// from the trash; the editor overwrites its landing text, the owner restores it from History; the
// Activity screen lists them all, filtered by member (the filters in the URL), in
// the reader's language, on a phone and on a laptop, and its CSV carries the same filters.

const browser = useBrowserPage()
const laptop = { viewport: { width: 1366, height: 850 } }

describe('the activity log', () => {
  it('lists the editor’s delete and overwrite and the owner’s restores (trash, History), filtered by member, on a phone and a laptop', { timeout: 180_000 }, async () => {
    const ownerRequest = await signedInRequest(demoOwner)
    const owner = apiCaller(() => ownerRequest)
    try {
      const category = await demoLausanne(owner)
      const name = `Journal ${Date.now()}`
      const route = await createRoute(owner, category.id, { name, locale: 'fr' })

      // The editor deletes it in the map editor.
      const { page: editor } = await browser.open(laptop, { signIn: demoEditor })
      await editor.goto(`/map?category=${category.id}&route=${route.uuid}`)
      await waitForHydration(editor)
      await editor.getByTestId('toolbar-route-name').filter({ hasText: name }).waitFor()
      const wide = editor.getByTestId('route-toolbar').locator('button[data-action="delete"]:visible')
      if ((await wide.count()) > 0) await wide.click()
      else {
        await editor.getByTestId('toolbar-menu').click()
        await editor.locator('[role="menuitem"][data-action="delete"]').click()
      }
      await editor.getByTestId('confirm-delete-route').click()
      await editor.getByTestId('toast').filter({ hasText: 'Deleted' }).waitFor()

      // The owner restores it from the trash, on a phone, in French.
      const { page } = await browser.open({ ...phone, locale: 'fr-FR' }, { signIn: demoOwner })
      await page.goto('/fr/trash')
      await waitForHydration(page)
      const item = page.getByTestId('trash-item').filter({ hasText: name })
      await item.getByTestId('trash-restore').click()
      await page.getByTestId('trash-notice').filter({ hasText: 'Restauré.' }).waitFor()

      // The editor overwrites its landing text; the owner brings the text back from History, on the phone.
      const editorRequest = await signedInRequest(demoEditor)
      try {
        await apiCaller(() => editorRequest)('PUT', '/api/routes/update', { uuid: route.uuid, translations: { fr: { description: 'Texte écrasé par erreur' } } })
      } finally {
        await editorRequest.dispose()
      }
      await page.goto(`/fr/landing?category=${category.id}&route=${route.uuid}`)
      await waitForHydration(page)
      await page.getByTestId('history-open').click()
      const history = page.getByTestId('history-panel').getByTestId('revision-list')
      await history.getByTestId('revision-show').nth(1).click()
      await page.getByTestId('revision-restore').click()
      const restored = page.waitForResponse((r) => /\/api\/routes\/[^/]+\/revisions\/\d+\/restore$/.test(r.url()))
      await page.getByTestId('revision-restore-confirm').click()
      expect((await restored).status()).toBe(200)
      expect((await owner('GET', `/api/routes/${route.uuid}/get-route`)).translations.fr?.description ?? null).toBeNull()

      // The activity, filtered by the editor: their delete and their overwrite, not the owner's restores.
      await page.goto(`/fr/activity?category=${category.id}`)
      await waitForHydration(page)
      const entries = page.getByTestId('activity-entry').filter({ hasText: name })
      await entries.first().waitFor()
      expect(await entries.count()).toBe(5)
      await page.getByTestId('activity-member').selectOption({ label: 'Marco Editor' })
      await page.getByTestId('activity-apply').click()
      await page.waitForURL(/[?&]member=\d+/)
      // The address changes as the navigation starts to render: the list is waited for, not read at once.
      await expect.poll(async () => new Set(await page.getByTestId('activity-member-name').allTextContents()), { timeout: 15_000 }).toEqual(new Set(['Marco Editor']))
      await expect.poll(() => entries.getByTestId('activity-summary').allTextContents(), { timeout: 15_000 }).toEqual([`A modifié la page d’accueil du parcours «\u202f${name}\u202f»`, `A mis le parcours «\u202f${name}\u202f» à la corbeille`])
      await keepScreenshot(page, 'activity-editor-phone')
      // The filter is in the address: the page loaded again shows the same.
      const filtered = page.url()
      await page.goto(filtered)
      await waitForHydration(page)
      expect(await page.getByTestId('activity-member').inputValue()).toMatch(/^\d+$/)
      expect(await entries.count()).toBe(2)
      // A period that ends before it starts is said, and the log shows unfiltered.
      await page.goto(`/fr/activity?category=${category.id}&from=2026-02-10&to=2026-02-01`)
      await waitForHydration(page)
      expect(await page.getByTestId('form-error').textContent()).toBe('Le dernier jour précède le premier.')
      expect(await page.getByTestId('activity-entry').filter({ hasText: name }).count()).toBe(5)

      // On a laptop, in German, filtered by the owner and routes: the creation and both restores, newest first.
      const { page: desk } = await browser.open(laptop, { signIn: demoOwner, locale: 'de-CH' })
      await desk.goto(`/de/activity?category=${category.id}`)
      await waitForHydration(desk)
      await desk.getByTestId('activity-member').selectOption({ label: 'Claire Demo' })
      await desk.getByTestId('activity-kind').selectOption('route')
      await desk.getByTestId('activity-apply').click()
      await desk.waitForURL(/[?&]kind=route/)
      const mine = desk.getByTestId('activity-entry').filter({ hasText: name })
      await expect.poll(() => mine.getByTestId('activity-summary').allTextContents(), { timeout: 15_000 }).toEqual([
        `Hat eine frühere Version der Route „${name}“ aus dem Verlauf wiederhergestellt`,
        `Hat die Route „${name}“ aus dem Papierkorb wiederhergestellt`,
        `Hat die Route „${name}“ erstellt`,
      ])
      expect(await mine.first().getByTestId('activity-member-name').textContent()).toBe('Claire Demo')
      await keepScreenshot(desk, 'activity-owner-desktop')

      // The CSV carries the same filters, its sentences in the reader's language.
      const href = await desk.getByTestId('activity-download').getAttribute('href')
      expect(href).toMatch(/member=\d+/)
      expect(href).toContain('kind=route')
      const csv = await desk.context().request.get(href!)
      expect(csv.status()).toBe(200)
      const text = await csv.text()
      expect(text).toContain(`Hat die Route „${name}“ aus dem Papierkorb wiederhergestellt`)
      expect(text).not.toContain('Marco Editor')
    } finally {
      await ownerRequest.dispose()
    }
  })
})
