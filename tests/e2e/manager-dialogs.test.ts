import type { BrowserContextOptions, Page } from 'playwright-core'
import { describe, expect, it, onTestFinished } from 'vitest'
import { accessibilityFailure, axeViolations, checkDialog, describeViolations, watchDialogs } from './axe.ts'
import { desktop, phone, waitForHydration } from './browser.ts'
import { apiCaller, demoLausanne, useBrowserPage } from './fixtures.ts'
import { sharedServer } from './shared-server.ts'

// The dialogs, menus and folded navigation of the manager screens meet WCAG 2.2 A and AA as
// axe-core checks them (ADR 103): each opened on a phone and a 1366 × 850 laptop, checked light
// then dark (the system's scheme switched on the open dialog), then closed with Escape. The
// fixtures also check any dialog a test opens (once per run, in the colours it opened in); this
// file makes sure every one of them is seen at both sizes and in both colour schemes. It checks
// each dialog it opens itself, light and dark, so the fixtures' watch is off here (it would run
// axe on each once more, in light); its own test below proves the watch still sees and checks.

const browser = useBrowserPage({ watchDialogs: false })
const laptop: BrowserContextOptions = { ...desktop, viewport: { width: 1366, height: 850 } }
/** The route toolbar's actions, each opening its modal ("Open on phone" is not offered on a phone). */
const routeActions = ['select', 'new', 'edit', 'status', 'shareMap', 'sharePage', 'mobile', 'delete'] as const

/** Axe on one part of the page (a selector), light then dark; what it found, in words. */
async function checkBothSchemes(page: Page, name: string, selector: string): Promise<string[]> {
  const found: string[] = []
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.waitForFunction((s) => document.documentElement.classList.contains(s), scheme)
    // Colour transitions and opening animations run to their end before contrast is measured.
    await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))))
    const violations = await axeViolations(page, selector)
    if (violations.length) found.push(describeViolations(`${name} on ${page.url()} (${scheme})`, violations))
  }
  await page.emulateMedia({ colorScheme: 'light' })
  return found
}

describe.each([
  ['phone', phone, 'fr'],
  ['laptop', laptop, 'de'],
  ['phone', phone, 'it'],
  ['laptop', laptop, 'en'],
] as const)('manager dialogs with axe-core (WCAG 2.2 A and AA), %s', (size, viewport, language) => {
  const prefix = language === 'en' ? '' : `/${language}`

  it(`the map editor's route modals and menus, in ${language}, light and dark`, { timeout: 180_000 }, async () => {
    const { page } = await browser.open({ ...viewport, colorScheme: 'light' }, { signIn: true, locale: language })
    const api = apiCaller(() => page.context().request)
    const category = await demoLausanne(api)
    const route = (await api('GET', `/api/place-categories/${category.id}/fetch-routes`)).find((r) => r.status === 'published')!
    await page.goto(`${prefix}/map?category=${category.id}&route=${route.uuid}`)
    await waitForHydration(page)
    await page.getByTestId('toolbar-route-name').waitFor()
    const found: string[] = []
    const dialog = page.locator('[role="dialog"]')

    for (const action of routeActions) {
      if (action === 'mobile' && size === 'phone') continue
      const wide = page.locator(`[data-testid="route-toolbar"] button[data-action="${action}"]:visible`)
      if ((await wide.count()) > 0) await wide.click()
      else {
        await page.getByTestId('toolbar-menu').click()
        const menu = page.locator('[role="menu"]')
        await menu.waitFor()
        if (action === 'edit') found.push(...(await checkBothSchemes(page, 'the route toolbar menu', '[role="menu"]')))
        await menu.locator(`[role="menuitem"][data-action="${action}"]`).click()
      }
      await dialog.waitFor()
      found.push(...(await checkBothSchemes(page, `the "${action}" modal`, '[role="dialog"]')))
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
    }

    // The account menu.
    await page.getByTestId('user-menu').click()
    await page.locator('[role="menu"]').waitFor()
    found.push(...(await checkBothSchemes(page, 'the account menu', '[role="menu"]')))
    await page.keyboard.press('Escape')
    await page.locator('[role="menu"]').waitFor({ state: 'detached' })

    // The navigation folded on a phone, unfolded.
    if (size === 'phone') {
      await page.locator('button[aria-controls="mobile-nav"]').click()
      await page.locator('#mobile-nav').waitFor()
      found.push(...(await checkBothSchemes(page, 'the unfolded navigation', '#mobile-nav')))
      await page.locator('button[aria-controls="mobile-nav"]').click()
    }

    // The QR panel's batch modal.
    await page.goto(`${prefix}/map?category=${category.id}&panel=qr`)
    await waitForHydration(page)
    await page.getByTestId('qr-batch').click()
    await page.getByTestId('batch-qr-modal').waitFor()
    found.push(...(await checkBothSchemes(page, 'the QR batch modal', '[role="dialog"]')))
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    // The unsaved-changes dialog: a text changed on the landing editor, then another route picked.
    await page.goto(`${prefix}/landing?category=${category.id}&route=${route.uuid}`)
    await waitForHydration(page)
    await page.getByTestId(`texts-tab-${language}`).click()
    await page.getByTestId('text-subtitle').fill(`${await page.getByTestId('text-subtitle').inputValue()} …`)
    const other = await page.getByTestId('route-picker').locator(`option:not([value="${route.uuid}"])`).first().getAttribute('value')
    await page.getByTestId('route-picker').selectOption(other!)
    await page.getByTestId('save-modified-route-modal').waitFor()
    found.push(...(await checkBothSchemes(page, 'the unsaved-changes dialog', '[role="dialog"]')))
    // Stay, and leave the text as it was: nothing is saved.
    await page.getByTestId('save-modified-cancel').click()
    await dialog.waitFor({ state: 'detached' })

    if (found.length > 0) expect.fail(accessibilityFailure(found))
  })
})

describe('the check of dialogs that open mid-test', () => {
  it('sees a dialog open, checks it alone, and says the rule, the element and what to fix', async () => {
    // A context of the file's Chromium without the fixtures' own watch: what it finds is reported here.
    const context = await browser.browser.newContext({ ...laptop, baseURL: sharedServer().baseURL, locale: 'en-US' })
    onTestFinished(() => context.close())
    const found: string[] = []
    const checks: Promise<void>[] = []
    await watchDialogs(context, (page, index, label) => checks.push(checkDialog(page, index, label).then((text) => void found.push(`${label} → ${text}`))))
    const page = await context.newPage()
    // A state of its own (the memo's key holds the query's names): no other file checked it first.
    await page.goto('/auth/login?planted-dialog=1')
    await waitForHydration(page)
    // A dialog without a name holding a button without a name, as a careless change would leave one.
    await page.evaluate(() => {
      const dialog = document.createElement('div')
      dialog.setAttribute('role', 'dialog')
      dialog.setAttribute('data-testid', 'planted-dialog')
      dialog.append(Object.assign(document.createElement('button'), { id: 'planted-in-dialog' }))
      document.body.append(dialog)
    })
    await expect.poll(() => checks.length).toBe(1)
    await Promise.all(checks)
    expect(found).toHaveLength(1)
    expect(found[0]).toContain('dialog:planted-dialog → ')
    expect(found[0]).toContain('button-name (critical)')
    expect(found[0]).toContain('#planted-in-dialog')
    expect(found[0]).toContain('Fix any of the following')
    // Only the dialog was checked: the page's own content is not in the report.
    expect(found[0]).not.toContain('<form')
    // A selector that matches nothing is an error, not "no violation".
    await expect(axeViolations(page, '#no-such-part')).rejects.toThrow(/nothing matches #no-such-part/)
  })
})
