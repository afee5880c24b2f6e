import { createRequire } from 'node:module'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { inject } from 'vitest'

// axe-core with the WCAG 2.2 A and AA rules on the pages the browser tests open (the fixtures
// call `checkAccessibility` before a page navigates away and after each test). One run costs
// Chromium a few hundred milliseconds: a page state already checked in this run, by any worker,
// is not checked again. A page is its screen (the path's first segment and its number of segments: every
// /r/{category}/{slug} is one, whatever the test's slugs), the names of its query parameters
// (`?panel=` opens another panel), the language, the viewport's width and the colour scheme.

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  helpUrl: string
  nodes: { target: string[]; html: string; failureSummary?: string }[]
}

const checked = new Set<string>()

/**
 * Claims a state for this worker: true the first time any worker of the run meets it. Workers
 * share the claims as files named after the state in a folder of the run (global-setup.ts), so
 * a screen the other workers already checked costs nothing here.
 */
function claim(key: string): boolean {
  if (checked.has(key)) return false
  checked.add(key)
  const dir = runStateDir()
  if (!dir) return true
  try {
    fs.writeFileSync(path.join(dir, createHash('sha1').update(key).digest('hex')), key, { flag: 'wx' })
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}

function runStateDir(): string | undefined {
  try {
    return inject('axeStateDir')
  } catch {
    return undefined
  }
}

/**
 * Map markers may overlap where stops are close at the map's zoom: WCAG 2.5.8's "equivalent"
 * exception holds, since every stop is also a full-size control in the list beside the map
 * (the editor's stop list, the visitor pages' numbered places). Only target-size, only markers.
 */
const EQUIVALENT_TARGETS = '.leaflet-marker-icon'

/**
 * axe refuses a second run while one is under way ("Axe is already running"): the runs on one
 * page (before a navigation, on a dialog that opened, after the test, a test's own) take turns.
 */
const turns = new WeakMap<Page, Promise<unknown>>()
function inTurn<T>(page: Page, run: () => Promise<T>): Promise<T> {
  const next = (turns.get(page) ?? Promise.resolve()).catch(() => undefined).then(run)
  turns.set(page, next)
  return next
}

/**
 * The violations of the page as it is now (every one, not memoised); of one part only when
 * `scope` is given: a CSS selector, or a dialog's index in the page's list of opened dialogs
 * (see `watchDialogs`).
 */
export async function axeViolations(page: Page, scope?: number | string): Promise<AxeViolation[]> {
  return (await inTurn(page, () => runAxe(page, scope))) ?? []
}

/** The violations, or null when the part asked for is gone (a dialog closed before its turn). */
async function runAxe(page: Page, dialog: number | string | undefined): Promise<AxeViolation[] | null> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  return page.evaluate(async ({ tags, equivalent, dialog }) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe
    const scope =
      dialog === null ? document : typeof dialog === 'string' ? document.querySelector(dialog) : (window as unknown as { __axeDialogs: Element[] }).__axeDialogs[dialog]
    // A part asked for by its selector must be there: a check of nothing would pass for "no violation".
    if (typeof dialog === 'string' && !scope) throw new TypeError(`axe: nothing matches ${dialog}`)
    // A dialog closed meanwhile: nothing left to check.
    if (!scope || (scope !== document && !(scope as Element).isConnected)) return null
    const result = await axe.run(scope, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
    // No function declared in here: the test runner's transform would name it with a helper the page lacks.
    return result.violations
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes
          .filter((n) => !(v.id === 'target-size' && n.target.length === 1 && document.querySelector(n.target[0]!)?.matches(equivalent) === true))
          .map((n) => ({ target: n.target, html: n.html.slice(0, 200), failureSummary: n.failureSummary })),
      }))
      .filter((v) => v.nodes.length > 0)
  }, { tags: wcagTags, equivalent: EQUIVALENT_TARGETS, dialog: dialog ?? null })
}

/** A readable list of violations for a failed expectation. */
export function describeViolations(where: string, violations: AxeViolation[]): string {
  return violations
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.help} (${v.helpUrl.replace(/\?.*$/, '')})\n${v.nodes.map((n) => `  ${n.target.join(' ')}: ${n.html}\n    ${(n.failureSummary ?? '').replace(/\n/g, '\n    ')}`).join('\n')}`)
    .join('\n')
}

/** The key of a page's state (see above). */
async function stateKey(page: Page): Promise<string | null> {
  const url = new URL(page.url())
  if (!/^https?:$/.test(url.protocol)) return null
  const { lang, dark } = await page.evaluate(() => ({ lang: document.documentElement.lang, dark: matchMedia('(prefers-color-scheme: dark)').matches }))
  const segments = url.pathname.split('/').filter(Boolean)
  if (segments[0] === lang) segments.shift()
  const screen = `/${segments[0] ?? ''}/${segments.length}?${[...new Set(url.searchParams.keys())].sort().join('&')}`
  // The host without its port: every worker's server serves the same screens.
  return `${url.hostname}${screen}|${lang}|${page.viewportSize()?.width ?? 0}|${dark ? 'dark' : 'light'}`
}

/** Records the page's state as checked (a test that ran axe itself on it). */
export async function markChecked(page: Page): Promise<void> {
  const key = await stateKey(page).catch(() => null)
  if (key) claim(key)
}

/**
 * Checks the page once per state (see above); answers the violations found, in words (empty when
 * none, or when the state was checked before, or the page is not one of ours: a download, a
 * closed page, a page with its script turned off, whose state axe cannot read).
 */
export async function checkAccessibility(page: Page): Promise<string> {
  if (page.isClosed() || process.env.AXE === '0') return ''
  try {
    const key = await stateKey(page)
    if (!key || !claim(key)) return ''
    // A page caught mid-navigation (a redirect the test's waitForURL saw, the next screen not
    // rendered yet) has no title for a moment: checked once it is loaded and titled, or after 2 s
    // as it is (a page without a title then fails on it).
    await page.waitForFunction(() => document.readyState === 'complete' && document.title.trim() !== '', undefined, { timeout: 2_000 }).catch(() => {})
    // Contrast is measured in the steady state: a fade under way (the start-up preloader's 2.4 s,
    // a transition) runs to its end first, 3 s at most.
    await page.evaluate(() =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getTiming().iterations !== Infinity)
            .map((a) => a.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, 3_000)),
      ]),
    )
    const violations = await axeViolations(page)
    return violations.length ? describeViolations(`${page.url()} (${key})`, violations) : ''
  } catch (error) {
    // A page navigating or closed meanwhile, or with its script turned off: nothing to check now.
    // Anything else is the check itself broken, which must not pass for "no violation".
    const message = error instanceof Error ? error.message : String(error)
    return /ReferenceError|TypeError|SyntaxError/.test(message) ? `axe-core could not run on ${page.url()}: ${message}` : ''
  }
}

/**
 * Dialogs opened mid-test (modals, confirmations, the unsaved-changes dialog, menus) are states
 * the check before a navigation never sees: a script in every page of a context watches for one
 * becoming visible and calls `found(page, index, label)`, its index in the page's list of opened
 * dialogs and a label naming it (its role and test id). A string, not a function: the test
 * runner's transform would name a function's inner functions with a helper the page lacks.
 */
const DIALOG_WATCHER = `(() => {
  if (window !== window.top) return
  const opened = (window.__axeDialogs = [])
  const seen = new WeakSet()
  const later = window.setTimeout.bind(window)
  let pending = false
  const selector = '[role="dialog"], [role="alertdialog"], dialog[open], [role="menu"]'
  new MutationObserver(() => {
    if (pending) return
    pending = true
    later(() => {
      pending = false
      for (const el of document.querySelectorAll(selector)) {
        if (seen.has(el) || !el.checkVisibility()) continue
        seen.add(el)
        opened.push(el)
        const opener = el.getAttribute('aria-labelledby') && document.getElementById(el.getAttribute('aria-labelledby'))
        const name = el.getAttribute('data-testid') || (opener && opener.getAttribute('data-testid')) || ''
        window.__trailguideAxeDialog(opened.length - 1, (el.getAttribute('role') || 'dialog') + ':' + name)
      }
    }, 50)
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['open', 'role', 'hidden', 'style', 'class', 'data-state'] })
})()`

/** Watches every page of the context for dialogs that open (see above). */
export async function watchDialogs(context: BrowserContext, found: (page: Page, index: number, label: string) => void): Promise<void> {
  if (process.env.AXE === '0') return
  await context.exposeBinding('__trailguideAxeDialog', ({ page }, index: number, label: string) => found(page, index, label))
  await context.addInitScript(DIALOG_WATCHER)
}

/**
 * Checks a dialog that opened (see `watchDialogs`) once per run: per page state (see above) and
 * dialog label. Waits for its opening transitions; a dialog closed before its turn is not
 * claimed, and is checked the next time it opens. Answers the violations in words.
 */
export async function checkDialog(page: Page, index: number, label: string): Promise<string> {
  if (page.isClosed()) return ''
  try {
    const state = await stateKey(page)
    if (!state) return ''
    const key = `${state}|${label}`
    if (checked.has(key)) return ''
    await page.evaluate(
      (i) =>
        Promise.race([
          Promise.all(
            ((window as unknown as { __axeDialogs: Element[] }).__axeDialogs[i]?.getAnimations({ subtree: true }) ?? [])
              .filter((a) => a.effect?.getTiming().iterations !== Infinity)
              .map((a) => a.finished.catch(() => undefined)),
          ),
          new Promise((resolve) => setTimeout(resolve, 1_000)),
        ]),
      index,
    )
    const violations = await inTurn(page, () => runAxe(page, index))
    if (violations === null || !claim(key)) return ''
    return violations.length ? describeViolations(`${page.url()} ${label} (${key})`, violations) : ''
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return /ReferenceError|TypeError|SyntaxError/.test(message) ? `axe-core could not run on ${label} of ${page.url()}: ${message}` : ''
  }
}

/** The failure of a test whose pages axe found violations on: what, where, and how to go on. */
export function accessibilityFailure(found: string[]): string {
  return [
    'WCAG 2.2 A/AA violations (axe-core) on the pages this test opened. Fix the product, not the test:',
    'each entry names the rule, the element (a CSS selector and its HTML) and what would satisfy the rule.',
    'The mechanism: tests/e2e/axe.ts, ADR 101 and 102 (docs/decisions/).',
    ...found,
  ].join('\n')
}

/** Findings on pages the tests opened, one file per worker: a whole run's to read at once. */
export function recordViolations(found: string[]): void {
  const dir = path.join(process.cwd(), 'test-results', 'accessibility')
  fs.mkdirSync(dir, { recursive: true })
  fs.appendFileSync(path.join(dir, `worker-${process.env.VITEST_POOL_ID ?? '0'}.txt`), `${found.join('\n')}\n`)
}
