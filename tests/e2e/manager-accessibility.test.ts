import type { BrowserContextOptions, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { accessibilityFailure, axeViolations, checkAccessibility, describeViolations, markChecked } from './axe.ts'
import { desktop, phone, waitForHydration } from './browser.ts'
import { useBrowserPage } from './fixtures.ts'

// The manager screens (nine, the trash and the activity log) and the visitor and guest pages meet WCAG 2.2 A
// and AA as axe-core checks them (ADR 101, 102): in the four languages, on a phone and a
// 1366 × 850 laptop, light and dark. One context per size and language; each page is loaded
// once (the manager screens after the first by the app's own navigation, as a manager moves
// between them: no document load each) and checked light, then dark: the system's colour scheme switched on the loaded page
// (the app follows it live, color-mode.tsx), which renders the same page in its dark colours
// without loading it again. The fixtures' own check (./axe.ts) then skips these states in the
// other files of this worker.

const browser = useBrowserPage({ allowErrors: /Failed to load resource/ })
const screens = ['dashboard', 'map', 'landing', 'landing/list', 'branding', 'statistics', 'heatmap', 'ai', 'reports', 'trash', 'activity']
// The demo's published route, its category's home, its print leaflet; the guest pages.
const publicPages = ['auth/login', 'auth/register', 'auth/forgot', 'c/lausanne', 'r/lausanne/la-vieille-ville', 'm/lausanne/la-vieille-ville', 'r/lausanne/la-vieille-ville/print', 'offline']
const languages = ['fr', 'en', 'de', 'it'] as const
const laptop: BrowserContextOptions = { ...desktop, viewport: { width: 1366, height: 850 } }

/**
 * Goes to another manager screen as the app's own links do (React Router's client navigation:
 * the screen's data fetched, no document loaded), as a manager moves between them.
 */
async function navigateInApp(page: Page, address: string) {
  type Router = { navigate(to: string): Promise<void>; state: { navigation: { state: string } } }
  await page.evaluate((to) => (window as unknown as { __reactRouterDataRouter: Router }).__reactRouterDataRouter.navigate(to), address)
  await page.waitForFunction(
    (path) => location.pathname === path && (window as unknown as { __reactRouterDataRouter: Router }).__reactRouterDataRouter.state.navigation.state === 'idle',
    new URL(address, 'http://x').pathname,
  )
}

describe.each([
  ['the manager screens', screens, true],
  ['the visitor and guest pages', publicPages, false],
] as const)('%s with axe-core (WCAG 2.2 A and AA)', (_, paths, signIn) => {
  for (const [size, viewport] of [
    ['phone', phone],
    ['laptop', laptop],
  ] as const) {
    for (const language of languages) {
      it(`no violation on any in ${language}, ${size}, light and dark`, { timeout: 180_000 }, async () => {
        const { page } = await browser.open({ ...viewport, colorScheme: 'light' }, { signIn })
        const found: string[] = []
        for (const [index, screen] of paths.entries()) {
          await page.emulateMedia({ colorScheme: 'light' })
          const address = `${language === 'en' ? '' : `/${language}`}/${screen}`
          if (signIn && index > 0) await navigateInApp(page, address)
          else await page.goto(address)
          // The visitor pages are server-rendered with a small script of their own, not hydrated.
          if (signIn || screen.startsWith('auth/')) await waitForHydration(page)
          else await page.waitForLoadState('load')
          // The maps and charts load after hydration: checked once they are there.
          await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 15_000 }).catch(() => {})
          for (const scheme of ['light', 'dark'] as const) {
            await page.emulateMedia({ colorScheme: scheme })
            // Pages that follow the system scheme by a class switch it (a page that forces a mode, or
            // whose stylesheet follows the media query itself, has nothing to wait for).
            await page.waitForFunction((s) => !document.documentElement.matches('.light, .dark') || document.documentElement.classList.contains(s) || document.documentElement.hasAttribute('data-force-color-mode'), scheme)
            // Colour transitions run to their end before contrast is measured (not the spinners).
            await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))))
            const violations = await axeViolations(page)
            if (violations.length) found.push(describeViolations(`${page.url()} ${size} ${scheme}`, violations))
            await markChecked(page)
          }
        }
        if (found.length > 0) expect.fail(accessibilityFailure(found))
      })
    }
  }
})

describe('the check on every page the tests open', () => {
  it('finds a planted violation and says the rule, the element and what to fix', async () => {
    const { page } = await browser.open(phone)
    // A state of its own (the memo's key holds the query's names): no other file checked it first.
    await page.goto('/fr/auth/login?planted=1')
    await waitForHydration(page)
    // A button without a name, as a careless change would leave one.
    await page.evaluate(() => document.body.append(Object.assign(document.createElement('button'), { id: 'planted' })))
    const found = await checkAccessibility(page)
    expect(found).toContain('button-name (critical)')
    expect(found).toContain('#planted')
    expect(found).toContain('Fix any of the following')
    expect(accessibilityFailure([found])).toContain('Fix the product, not the test')
    // Checked once per state: the fixtures' own check after this test passes it by.
    expect(await checkAccessibility(page)).toBe('')
  })
})
