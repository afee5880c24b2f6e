import fs from 'node:fs'
import path from 'node:path'
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterEach, describe, expect, it } from 'vitest'
import { keepScreenshot, phone, waitForHydration } from './browser.ts'
import { demoEditor, demoOwner } from './demo-login.ts'
import { apiCaller, createRoute, demoLausanne, useBrowserPage } from './fixtures.ts'
import { root } from './server.ts'
import { sharedServer } from './shared-server.ts'

// Issue 18, items 1, 2, 5, 8, 14, 15: the editors do not lose typed work, say their limits and
// errors at the field, preview in the edited language, and say where a deleted route lands.
// The demo owner reads French (/fr/...), the demo editor English.

type Messages = Record<string, any>
const messages = (lang: string) => JSON.parse(fs.readFileSync(path.join(root, `locales/${lang}/translation.json`), 'utf8')) as Messages
const fr = messages('fr')
const en = messages('en')
const de = messages('de')
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]))

const baseURL = sharedServer().baseURL
const wide: BrowserContextOptions = { viewport: { width: 1366, height: 850 } }
const browser = useBrowserPage()
let context: BrowserContext
let page: Page
const cleanups: (() => Promise<unknown>)[] = []

async function open(options: BrowserContextOptions = wide, account = demoOwner) {
  ;({ context, page } = await browser.open(options, { signIn: account }))
  return page
}

const api = apiCaller(() => context.request, 200)
const lausanne = async () => (await demoLausanne(api)).id

/** A route of the test's own in Lausanne, named in the given languages; deleted after the test. */
async function ownRoute(categoryId: number, names: Partial<Record<'fr' | 'en' | 'de' | 'it', string>>) {
  const [first, ...rest] = Object.entries(names) as ['fr' | 'en' | 'de' | 'it', string][]
  const created = await createRoute(api, categoryId, { name: first![1], locale: first![0] }, 201)
  if (rest.length > 0) await api('PUT', '/api/routes/update', { uuid: created.uuid, translations: Object.fromEntries(rest.map(([l, name]) => [l, { name }])) })
  const ctx = context
  cleanups.push(() => ctx.request.fetch('/api/routes/delete', { method: 'DELETE', data: { uuid: created.uuid }, headers: { 'content-type': 'application/json' } }))
  return created.uuid
}

const fullRoute = (uuid: string) => api('GET', `/api/routes/${uuid}/get-route`)
const toasts = () => page.getByTestId('toast')
const modal = () => page.getByTestId('save-modified-route-modal')

/** Ends the page's session from somewhere else (another tab signing out, an expiry). */
async function endSessionElsewhere() {
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
  const res = await fetch(`${baseURL}/api/auth/logout`, { method: 'POST', headers: { cookie, origin: baseURL } })
  expect(res.status).toBeLessThan(300)
  expect((await fetch(`${baseURL}/api/auth/user`, { headers: { cookie } })).status).toBe(401)
}

/** Signs in through the sign-in page, as a person would. */
async function signInOnPage(account = demoOwner) {
  await waitForHydration(page)
  await page.locator('input[name="email"]').fill(account.email)
  await page.locator('input[name="password"]').fill(account.password)
  await page.locator('form button[type="submit"]').click()
}

/** Reload asks the browser's "leave site?" question (dismissed: the page stays). */
async function reloadAsks(): Promise<boolean> {
  const asked = page.waitForEvent('dialog', { timeout: 5000 }).then(async (dialog) => {
    const type = dialog.type()
    await dialog.dismiss()
    return type === 'beforeunload'
  })
  await page.evaluate(() => setTimeout(() => location.reload(), 0))
  return asked.catch(() => false)
}

// Runs before useBrowserPage's own (vitest runs after-hooks last registered first): the contexts are still open.
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => undefined)
})

describe('unsaved changes on the landing and branding editors (item 1)', () => {
  it('landing: the menu, the route and the category pickers ask save / discard / stay; reload asks the browser', async () => {
    await open()
    const category = await lausanne()
    const uuid = await ownRoute(category, { fr: `Garde ${Date.now()}` })
    await page.goto(`/fr/landing?category=${category}&route=${uuid}`)
    await waitForHydration(page)
    const subtitle = `Sous-titre ${Date.now()}`
    await page.getByTestId('texts-tab-fr').click()
    await page.getByTestId('text-subtitle').fill(subtitle)

    // The menu: stay.
    await page.getByRole('navigation').getByRole('link', { name: fr.nav.dashboard }).first().click()
    await modal().waitFor()
    // Leaving for the dashboard leaves the page, not "this route".
    expect(await modal().textContent()).toContain('Les enregistrer avant de quitter la page\u202f?')
    await keepScreenshot(page, 'editor-safety-landing-unsaved-modal-fr-desktop')
    await modal().getByTestId('save-modified-cancel').click()
    await modal().waitFor({ state: 'detached' })
    expect(new URL(page.url()).pathname).toBe('/fr/landing')
    expect(await page.getByTestId('text-subtitle').inputValue()).toBe(subtitle)

    // The route picker: stay, the picker shows the edited route still.
    const other = await page.getByTestId('route-picker').locator(`option:not([value="${uuid}"])`).first().getAttribute('value')
    await page.getByTestId('route-picker').selectOption(other!)
    await modal().waitFor()
    await page.keyboard.press('Escape')
    await modal().waitFor({ state: 'detached' })
    expect(new URL(page.url()).searchParams.get('route')).toBe(uuid)
    expect(await page.getByTestId('route-picker').inputValue()).toBe(uuid)

    // Reload and closing the tab: the browser asks.
    expect(await reloadAsks()).toBe(true)
    expect(await page.getByTestId('text-subtitle').inputValue()).toBe(subtitle)

    // The category picker (else the route picker): save, then the navigation goes on.
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/routes/update'))
    const otherCategory = page.getByTestId('category-picker').locator(`option:not([value="${category}"])`).first()
    if ((await otherCategory.count()) > 0) await page.getByTestId('category-picker').selectOption((await otherCategory.getAttribute('value'))!)
    else await page.getByTestId('route-picker').selectOption(other!)
    await modal().waitFor()
    await modal().getByTestId('save-modified-save').click()
    expect((await saved).status()).toBe(200)
    await expect.poll(() => new URL(page.url()).search).not.toContain(`route=${uuid}`)
    expect((await fullRoute(uuid)).translations.fr?.subtitle).toBe(subtitle)
  })

  it('branding: a changed colour asks before switching route; discard drops it, and nothing is asked when nothing changed', async () => {
    await open()
    const category = await lausanne()
    const uuid = await ownRoute(category, { fr: `Marque ${Date.now()}` })
    const before = await fullRoute(uuid)
    await page.goto(`/fr/branding?category=${category}&route=${uuid}`)
    await waitForHydration(page)
    await page.getByTestId('bg-transparent').setChecked(false)
    await page.getByTestId('bg-hex').fill('#123456')
    const other = await page.getByTestId('route-picker').locator(`option:not([value="${uuid}"])`).first().getAttribute('value')
    await page.getByTestId('route-picker').selectOption(other!)
    await modal().waitFor()
    await keepScreenshot(page, 'editor-safety-branding-unsaved-modal-fr-desktop')
    expect(await reloadAsks()).toBe(true)
    await modal().getByTestId('save-modified-discard').click()
    await expect.poll(() => new URL(page.url()).searchParams.get('route')).toBe(other)
    expect(await fullRoute(uuid)).toMatchObject({ uuid: before.uuid })

    // Unchanged: no question.
    await expect.poll(() => page.getByTestId('route-picker').inputValue()).toBe(other)
    await expect.poll(() => page.getByTestId('save-bar-status').textContent()).toBe('')
    await page.getByTestId('route-picker').selectOption(uuid)
    await expect.poll(() => new URL(page.url()).searchParams.get('route')).toBe(uuid)
    expect(await modal().count()).toBe(0)
  })
})

describe('a session ended elsewhere (item 2)', () => {
  it('landing: saving goes to sign-in with the way back, once; the text is kept and restored, then saved', async () => {
    await open()
    const category = await lausanne()
    const uuid = await ownRoute(category, { fr: `Session ${Date.now()}` })
    const screen = `/fr/landing?category=${category}&route=${uuid}`
    await page.goto(screen)
    await waitForHydration(page)
    const subtitle = `Gardé ${Date.now()}`
    await page.getByTestId('texts-tab-fr').click()
    await page.getByTestId('text-subtitle').fill(subtitle)

    await endSessionElsewhere()
    await page.getByTestId('landing-save').click()
    await page.waitForURL('**/fr/auth/login?**')
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe(`/landing?category=${category}&route=${uuid}`)
    expect(await modal().count()).toBe(0)
    await expect.poll(() => toasts().filter({ hasText: fr.auth.sessionExpired }).count()).toBe(1)
    expect(await toasts().count()).toBe(1)

    await signInOnPage()
    await page.waitForURL((url) => url.pathname === '/fr/landing' && url.searchParams.get('route') === uuid)
    await waitForHydration(page)
    const kept = page.getByTestId('kept-work')
    await kept.waitFor()
    await keepScreenshot(page, 'editor-safety-landing-kept-work-fr-desktop')
    await kept.getByTestId('kept-work-restore').click()
    await kept.waitFor({ state: 'detached' })
    await page.getByTestId('texts-tab-fr').click()
    expect(await page.getByTestId('text-subtitle').inputValue()).toBe(subtitle)
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/routes/update'))
    await page.getByTestId('landing-save').click()
    expect((await saved).status()).toBe(200)
    expect((await fullRoute(uuid)).translations.fr?.subtitle).toBe(subtitle)
    // Offered once: not again after a reload.
    await page.reload()
    await waitForHydration(page)
    expect(await page.getByTestId('kept-work').count()).toBe(0)
  })

  it('map editor: the changed stops survive the sign-in (no trap in the modal, one notice) and can be saved then', async () => {
    await open(wide, demoEditor)
    const category = await lausanne()
    const places = await api('GET', `/api/place-categories/${category}/fetch-places`)
    const [a, b, c] = places.filter((p) => p.lat !== null)
    const uuid = await ownRoute(category, { en: `Session map ${Date.now()}` })
    await api('PUT', '/api/routes/update', { uuid, places: [a, b, c].map((p) => ({ id: p!.id })) })
    await page.goto(`/map?category=${category}&route=${uuid}`)
    await waitForHydration(page)
    const stopIds = () => page.getByTestId('route-stop').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-place-id'))))
    await expect.poll(stopIds).toEqual([a!.id, b!.id, c!.id])
    // The stops changed: the editor computes the path again after a pause. That request is
    // awaited before the session ends, else it (not the save) meets the ended session.
    const directions = page.waitForResponse((r) => r.url().endsWith('/api/directions'))
    await page.getByTestId('stop-remove').first().click()
    await expect.poll(stopIds).toEqual([b!.id, c!.id])
    expect((await directions).status()).toBe(200)
    await expect.poll(() => page.getByTestId('route-save').isEnabled()).toBe(true)

    await endSessionElsewhere()
    await page.getByTestId('route-save').click()
    await page.waitForURL('**/auth/login?**')
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe(`/map?category=${category}&route=${uuid}`)
    expect(await modal().count()).toBe(0)
    await expect.poll(() => toasts().filter({ hasText: en.auth.sessionExpired }).count()).toBe(1)
    await page.waitForTimeout(500)
    expect(await toasts().count()).toBe(1)

    await signInOnPage(demoEditor)
    await page.waitForURL((url) => url.pathname === '/map' && url.searchParams.get('route') === uuid)
    await waitForHydration(page)
    await page.getByTestId('kept-work').waitFor()
    await expect.poll(stopIds).toEqual([a!.id, b!.id, c!.id])
    // Not "All changes saved" beside "Restore changes".
    expect(await page.getByText(en.mapEditor.allSaved).count()).toBe(0)
    await keepScreenshot(page, 'editor-safety-map-kept-work-en-desktop')
    await page.getByTestId('kept-work-restore').click()
    await expect.poll(stopIds).toEqual([b!.id, c!.id])
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/routes/update'))
    await page.getByTestId('route-save').click()
    expect((await saved).status()).toBe(200)
    await expect.poll(async () => (await fullRoute(uuid)).places.map((p) => p.id)).toEqual([b!.id, c!.id])
  })
})

describe('landing editor preview and errors (items 5, 14, 15)', () => {
  it('the preview speaks the tab’s language; the editor opens on the interface language when the route has it, else the category’s', async () => {
    await open()
    const category = await lausanne()
    // Lausanne's first language is French; an English interface with a route named in English opens on EN.
    const both = await ownRoute(category, { fr: `Bilingue ${Date.now()}`, en: `Bilingual ${Date.now()}` })
    const frOnly = await ownRoute(category, { fr: `Français ${Date.now()}` })
    await context.close()
    await open(wide, demoEditor)
    await page.goto(`/landing?category=${category}&route=${both}`)
    await waitForHydration(page)
    expect(await page.getByTestId('texts-tab-en').getAttribute('aria-selected')).toBe('true')
    const preview = page.getByTestId('public-preview')
    await preview.getByText(en.publicLanding.openMap, { exact: true }).waitFor()

    // The German tab: the preview's buttons and labels are German, the interface stays English.
    await page.getByTestId('texts-tab-de').click()
    await preview.getByText(de.publicLanding.openMap, { exact: true }).waitFor()
    expect(await preview.getByText(en.publicLanding.openMap, { exact: true }).count()).toBe(0)
    expect(await page.getByTestId('landing-save').textContent()).toContain(en.landingEditor.save)
    await keepScreenshot(page, 'editor-safety-preview-de-tab-en-desktop')

    await page.goto(`/landing?category=${category}&route=${frOnly}`)
    await waitForHydration(page)
    expect(await page.getByTestId('texts-tab-fr').getAttribute('aria-selected')).toBe('true')
    await preview.getByText(fr.publicLanding.openMap, { exact: true }).waitFor()
  })

  for (const [lang, account, m] of [['fr', demoOwner, fr], ['en', demoEditor, en]] as const) {
    for (const [size, options] of [['desktop', wide], ['phone', phone]] as const) {
      it(`says a missing name at its field in ${lang}, in the tab that has it, and says the length limits (${size})`, async () => {
        await open(options, account)
        const category = await lausanne()
        const uuid = await ownRoute(category, { fr: `Erreurs ${Date.now()}`, de: `Fehler ${Date.now()}` })
        const prefix = lang === 'fr' ? '/fr' : ''
        await page.goto(`${prefix}/landing?category=${category}&route=${uuid}`)
        await waitForHydration(page)

        // Item 15: the limit is in the form; a longer paste stops at it and says so.
        await page.getByTestId('texts-tab-fr').click()
        const name = page.getByTestId('text-name')
        const hint = page.locator('[data-testid="text-name"] ~ [data-testid="length-hint"]')
        expect(await hint.textContent()).toContain('120')
        await name.fill('x'.repeat(130))
        expect((await name.inputValue()).length).toBe(120)
        expect(await hint.getAttribute('data-reached')).toBe('true')
        expect(await hint.textContent()).toContain(fill(m.formLimits.reached, { max: 120 }))

        // Item 14: the German name emptied; saved from the French tab, the German tab opens on the error.
        await name.fill(`Erreurs ${Date.now()}`)
        await page.getByTestId('texts-tab-de').click()
        await name.fill('')
        await page.getByTestId('texts-tab-fr').click()
        let sent = false
        page.on('request', (r) => {
          if (r.url().endsWith('/api/routes/update')) sent = true
        })
        await page.getByTestId('landing-save').click()
        const error = page.getByTestId('text-name-error')
        await error.waitFor()
        expect(await page.getByTestId('texts-tab-de').getAttribute('aria-selected')).toBe('true')
        expect(await page.getByTestId('texts-tab-error-de').count()).toBe(1)
        expect(await error.textContent()).toBe(fill(m.validation.required, { attribute: m.landingEditor.fields.name }))
        expect(await name.getAttribute('aria-invalid')).toBe('true')
        expect(await page.getByTestId('save-bar-status').textContent()).toBe(m.editorSafety.fixErrors)
        expect(sent).toBe(false)
        expect(await toasts().count()).toBe(0)
        await keepScreenshot(page, `editor-safety-landing-errors-${lang}-${size}`)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(options.viewport!.width)

        // Fixed: saved, the error gone.
        await name.fill(`Fehler neu ${Date.now()}`)
        const saved = page.waitForResponse((r) => r.url().endsWith('/api/routes/update'))
        await page.getByTestId('landing-save').click()
        expect((await saved).status()).toBe(200)
        await error.waitFor({ state: 'detached' })
      })
    }
  }
})

describe('map editor: name limits and deleting a route (items 15, 8)', () => {
  for (const [lang, account, m] of [['fr', demoOwner, fr], ['en', demoEditor, en]] as const) {
    for (const [size, options] of [['desktop', wide], ['phone', phone]] as const) {
      it(`the new route form says the 120-character limit (${lang}, ${size})`, async () => {
        await open(options, account)
        const category = await lausanne()
        const prefix = lang === 'fr' ? '/fr' : ''
        const doomed = `À supprimer ${Date.now()}`
        const uuid = await ownRoute(category, { [lang]: doomed })
        await page.goto(`${prefix}/map?category=${category}&route=${uuid}`)
        await waitForHydration(page)
        await page.getByTestId('toolbar-route-name').filter({ hasText: doomed }).waitFor()

        // The new route form: a 200-character paste stops at 120 and says so.
        await page.getByTestId('route-toolbar').locator('[data-action="new"]:visible').click()
        const dialog = page.getByRole('dialog')
        const nameInput = dialog.locator('input').first()
        await nameInput.fill('y'.repeat(200))
        expect((await nameInput.inputValue()).length).toBe(120)
        const hint = dialog.getByTestId('length-hint').first()
        expect(await hint.getAttribute('data-reached')).toBe('true')
        expect(await hint.textContent()).toContain(fill(m.formLimits.reached, { max: 120 }))
        await keepScreenshot(page, `editor-safety-new-route-limit-${lang}-${size}`)
        await page.keyboard.press('Escape')
        await dialog.waitFor({ state: 'detached' })
      })

      it(`deleting a route from the toolbar asks, then says which route is open (${lang}, ${size})`, async () => {
        await open(options, account)
        const category = await lausanne()
        const prefix = lang === 'fr' ? '/fr' : ''
        const doomed = `À supprimer ${Date.now()}`
        const uuid = await ownRoute(category, { [lang]: doomed })
        await page.goto(`${prefix}/map?category=${category}&route=${uuid}`)
        await waitForHydration(page)
        await page.getByTestId('toolbar-route-name').filter({ hasText: doomed }).waitFor()

        // Delete: asked first; cancel keeps the route.
        const summaries = await api('GET', `/api/place-categories/${category}/fetch-routes`)
        const next = summaries.find((r) => r.uuid !== uuid)!
        const deleteAction = async () => {
          const wideButton = page.getByTestId('route-toolbar').locator('button[data-action="delete"]:visible')
          if ((await wideButton.count()) > 0) await wideButton.click()
          else {
            await page.getByTestId('toolbar-menu').click()
            await page.locator('[role="menuitem"][data-action="delete"]').click()
          }
        }
        await deleteAction()
        const confirm = page.getByTestId('delete-route-modal')
        await confirm.waitFor()
        await confirm.getByRole('button', { name: m.routeModals.cancel }).click()
        await confirm.waitFor({ state: 'detached' })
        expect((await api('GET', `/api/routes/${uuid}/get-route`)).uuid).toBe(uuid)

        await deleteAction()
        await confirm.getByTestId('confirm-delete-route').click()
        // The route opened next is named in the notice, and is the one the toolbar shows.
        await expect.poll(() => new URL(page.url()).searchParams.get('route')).toBe(next.uuid)
        const shown = page.getByTestId('toolbar-route-name')
        await expect.poll(() => shown.textContent()).not.toBe(doomed)
        const said = toasts().filter({ hasText: fill(m.editorSafety.deleted.nowOpen, { name: doomed, next: (await shown.textContent())! }) })
        await said.waitFor()
        await keepScreenshot(page, `editor-safety-route-deleted-${lang}-${size}`)
      })
    }
  }
})

describe('screens in both languages and sizes', () => {
  for (const [lang, account] of [['fr', demoOwner], ['en', demoEditor]] as const) {
    for (const [size, options] of [['desktop', wide], ['phone', phone]] as const) {
      it(`the unsaved-changes question, the kept-work offer and the preview (${lang}, ${size})`, async () => {
        await open(options, account)
        const category = await lausanne()
        const uuid = await ownRoute(category, { fr: `Écrans ${Date.now()}`, de: `Bildschirme ${Date.now()}` })
        const prefix = lang === 'fr' ? '/fr' : ''
        const user = await api('GET', '/api/auth/user')
        await page.goto(`${prefix}/landing?category=${category}&route=${uuid}`)
        await waitForHydration(page)
        // Work kept when a session ended, as the editor keeps it: offered on the next visit.
        await page.evaluate(
          ([key, value]) => localStorage.setItem(key!, value!),
          [`trailguide.kept-work.v1:${user.id}:landing:${uuid}`, JSON.stringify({ keptAt: Date.now() - 60_000, state: null })],
        )
        await page.reload()
        await waitForHydration(page)
        await page.getByTestId('kept-work').waitFor()
        await page.getByTestId('texts-tab-de').click()
        await page.getByTestId('public-preview').getByText(de.publicLanding.openMap, { exact: true }).waitFor()
        await keepScreenshot(page, `editor-safety-kept-and-preview-${lang}-${size}`)
        await page.getByTestId('kept-work-dismiss').click()
        await page.getByTestId('kept-work').waitFor({ state: 'detached' })

        await page.getByTestId('text-subtitle').fill('Untertitel')
        const other = await page.getByTestId('route-picker').locator(`option:not([value="${uuid}"])`).first().getAttribute('value')
        await page.getByTestId('route-picker').selectOption(other!)
        await modal().waitFor()
        await keepScreenshot(page, `editor-safety-unsaved-modal-${lang}-${size}`)
        await modal().getByTestId('save-modified-discard').click()
        await expect.poll(() => new URL(page.url()).searchParams.get('route')).toBe(other)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(options.viewport!.width)
      })
    }
  }
})
