import { request as playwrightRequest, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import type { ApiBody, ApiData, ApiMethod, ApiPath } from '#app/client/api-contract.ts'
import { accessibilityFailure, checkAccessibility, checkDialog, recordViolations, watchDialogs } from './axe.ts'
import { desktop, keepScreenshot, launchBrowser, watchErrors } from './browser.ts'
import { demoOwner, signInAs } from './demo-login.ts'
import { sharedServer } from './shared-server.ts'

// The set-up every browser test file shares (docs/testing.md, "Writing a browser test"): one Chromium per file,
// a fresh context and page per test at the viewport the test asks for, signed in or not, closed
// after the test, which fails on any error the page logged or any WCAG 2.2 A/AA violation axe
// finds on a page it opened (./axe.ts: before each navigation and after the test, once per page
// state per run; ADR 101, ADR 102) or on a dialog or menu that opened on it (ADR 103). And the
// API calls the tests make to set up their data (categories, places, routes, QR codes).

type Account = { email: string; password: string }

/** A browser context, its page and the errors the page logged. */
interface OpenedPage {
  context: BrowserContext
  page: Page
  errors: string[]
}

interface OpenOptions {
  /** Accept-Language and navigator.language; the file's default otherwise (null: Chromium's own). */
  locale?: string | null
  /** Signs the context in (the demo owner for `true`) through the API, before the page opens. */
  signIn?: Account | boolean
  userAgent?: string
  javaScriptEnabled?: boolean
  /** prefers-reduced-motion; the file's default otherwise (null: Chromium's own). */
  reducedMotion?: 'reduce' | 'no-preference' | null
}

export interface BrowserPageSetup {
  /** The locale of every page the file opens unless a test says otherwise (default en-US). */
  locale?: string
  /** prefers-reduced-motion of the pages (default 'reduce'; null leaves Chromium's default). */
  reducedMotion?: 'reduce' | null
  /** Errors the pages may log without failing the test (default: failed resource loads; null: none). */
  allowErrors?: RegExp | null
  /** Extra Chromium flags. */
  launchArgs?: string[]
  /**
   * false: the file checks every dialog it opens itself, at each size and in both colour schemes
   * (manager-dialogs.test.ts), so the fixtures' watch (./axe.ts, `watchDialogs`) would only run
   * axe on each a second time, in light. Default true.
   */
  watchDialogs?: boolean
}

export interface BrowserPage {
  /** The file's Chromium (launched before the first test, closed after the last). */
  readonly browser: Browser
  /**
   * The test's context and page, at a viewport (desktop unless asked; any other context option,
   * a baseURL of the file's own server, may come with it), signed in if asked.
   */
  open(viewport?: BrowserContextOptions, options?: OpenOptions): Promise<OpenedPage>
  /** Another context for the test (a second visitor, a manager beside a visitor); closed after it. */
  extraContext(viewport?: BrowserContextOptions, options?: OpenOptions): Promise<BrowserContext>
}

/**
 * Registers the file's hooks: Chromium launched once for the file, the test's contexts closed
 * after each test and the errors of its (last opened) page checked: none but `allowErrors`.
 */
export function useBrowserPage(setup: BrowserPageSetup = {}): BrowserPage {
  const baseURL = sharedServer().baseURL
  const allowErrors = setup.allowErrors === undefined ? /Failed to load resource/ : setup.allowErrors
  let browser: Browser | undefined
  const contexts: BrowserContext[] = []
  let errors: string[] = []
  let lastPage: Page | undefined
  const pages: Page[] = []
  let violations: string[] = []
  /** Each context's own close, which checks nothing (the test's end has checked its pages). */
  const closeUnchecked = new WeakMap<BrowserContext, () => Promise<void>>()
  /** Dialogs being checked (they opened mid-test): the test's end waits for them. */
  const dialogChecks = new Set<Promise<void>>()

  /** Checks a dialog that opened, beside the test (./axe.ts, `watchDialogs`). */
  function dialogOpened(page: Page, index: number, label: string) {
    const check = checkDialog(page, index, label).then((found) => {
      if (found) violations.push(found)
    })
    dialogChecks.add(check)
    void check.finally(() => dialogChecks.delete(check))
  }

  /** Checks the page as the test left it before it navigates elsewhere or closes (axe, ./axe.ts). */
  function watchAccessibility(page: Page) {
    pages.push(page)
    const goto = page.goto.bind(page)
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const found = await checkAccessibility(page)
      if (found) violations.push(found)
      return goto(...args)
    }
    const close = page.close.bind(page)
    page.close = async (...args: Parameters<Page['close']>) => {
      const found = await checkAccessibility(page)
      if (found) violations.push(found)
      return close(...args)
    }
  }

  async function newContext(viewport: BrowserContextOptions, options: OpenOptions): Promise<BrowserContext> {
    const reducedMotion = options.reducedMotion === undefined ? (setup.reducedMotion === undefined ? 'reduce' : setup.reducedMotion) : options.reducedMotion
    const locale = options.locale === undefined ? (setup.locale ?? 'en-US') : options.locale
    const context = await browser!.newContext({
      baseURL,
      ...viewport,
      ...(locale ? { locale } : {}),
      ...(reducedMotion ? { reducedMotion } : {}),
      ...(options.userAgent ? { userAgent: options.userAgent } : {}),
      ...(options.javaScriptEnabled === undefined ? {} : { javaScriptEnabled: options.javaScriptEnabled }),
    })
    contexts.push(context)
    // axe runs in the page: a page with its script turned off cannot be checked (playwright's
    // evaluate waits on it for ever). It shows the server's HTML, which the same page with its
    // script, opened by other tests, shows too.
    if (options.javaScriptEnabled !== false) {
      context.on('page', watchAccessibility)
      if (setup.watchDialogs !== false) await watchDialogs(context, dialogOpened)
      // A context a test closes itself: its pages are checked as the test left them first.
      const close = context.close.bind(context)
      closeUnchecked.set(context, close)
      context.close = async (...args: Parameters<BrowserContext['close']>) => {
        for (const page of context.pages()) {
          const found = await checkAccessibility(page)
          if (found) violations.push(found)
        }
        return close(...args)
      }
    }
    if (options.signIn) await signInAs(context, options.signIn === true ? demoOwner : options.signIn)
    return context
  }

  beforeAll(async () => {
    browser = await launchBrowser(setup.launchArgs)
  })
  afterAll(async () => {
    await browser?.close()
  })
  afterEach(async ({ task }) => {
    // A failed test keeps what its last page showed, whether or not screenshots are kept.
    if (task.result?.state === 'fail' && lastPage && !lastPage.isClosed()) {
      await keepScreenshot(lastPage, `failed/${task.name.replace(/[^\w.-]+/g, '-').slice(0, 120)}`, { always: true }).catch(() => {})
    }
    lastPage = undefined
    await Promise.all([...dialogChecks])
    if (task.result?.state !== 'fail') {
      for (const page of pages) {
        const found = await checkAccessibility(page)
        if (found) violations.push(found)
      }
    }
    pages.length = 0
    // Checked above (or not at all: a test that failed for another reason keeps that failure).
    for (const context of contexts.splice(0)) await (closeUnchecked.get(context) ?? (() => context.close()))()
    const found = errors
    errors = []
    const inaccessible = violations
    violations = []
    expect(allowErrors ? found.filter((e) => !allowErrors.test(e)) : found).toEqual([])
    // Every page a test opened meets WCAG 2.2 A and AA, or the test fails (ADR 101, ADR 102);
    // the findings are also kept in test-results/accessibility/ to read a whole run's at once.
    if (inaccessible.length > 0) {
      recordViolations(inaccessible)
      expect.fail(accessibilityFailure(inaccessible))
    }
  })

  return {
    get browser() {
      return browser!
    },
    async open(viewport = desktop, options = {}) {
      const context = await newContext(viewport, options)
      const page = await context.newPage()
      lastPage = page
      errors = watchErrors(page)
      return { context, page, errors }
    },
    extraContext: (viewport = desktop, options = {}) => newContext(viewport, options),
  }
}

/** A request context of its own, signed in (set-up through the API beside the pages); dispose of it after. */
export async function signedInRequest(account: Account = demoOwner): Promise<APIRequestContext> {
  const request = await playwrightRequest.newContext({ baseURL: sharedServer().baseURL })
  expect((await request.post('/api/auth/login', { data: account })).status()).toBe(200)
  return request
}

/**
 * A JSON API caller on a request context (a browser context's `request`, or one of
 * playwright's): checks the answer's status (exactly `status`, or any success when the caller
 * says 'ok') and returns its `data`. Typed by the screens' contract (app/client/api-contract.ts):
 * the path must be one the API answers for the method, the body the route's request schema, and
 * the data is the route's answer, so a renamed field fails the type check.
 */
export function apiCaller(request: () => APIRequestContext, defaultStatus: number | 'ok' = 'ok') {
  return async function api<M extends ApiMethod, P extends ApiPath<M>>(method: M, url: `/api${P}`, data?: ApiBody<P, M>, status: number | 'ok' = defaultStatus): Promise<ApiData<P, M>> {
    const res = await request().fetch(url, { method, data, headers: { 'content-type': 'application/json' } })
    if (status === 'ok') expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300)
    else expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(status)
    return ((await res.json().catch(() => ({}))) as { data: ApiData<P, M> }).data
  }
}

export type Api = ReturnType<typeof apiCaller>

/** A category as the list answers it (its sub-categories in `children`). */
type CategoryNode = ApiData<'/place-categories', 'GET'>[number]

/** The categories the account sees, the sub-categories with them. */
async function allCategories(api: Api): Promise<CategoryNode[]> {
  // `children` is the same node again: the schema is recursive, so its JSON type is loose.
  const flat = (nodes: CategoryNode[]): CategoryNode[] => nodes.flatMap((n) => [n, ...flat((n.children ?? []) as CategoryNode[])])
  return flat(await api('GET', '/api/place-categories'))
}

/** The demo's Lausanne category (its owner and editor both see it). */
export async function demoLausanne(api: Api): Promise<CategoryNode> {
  return (await allCategories(api)).find((c) => c.slug === 'lausanne')!
}

/** A category of the signed-in account, with a unique slug unless given. */
export function createCategory(api: Api, input: Omit<ApiBody<'/place-categories', 'POST'>, 'slug'> & { slug?: string }, status: number | 'ok' = 'ok') {
  const slug = input.slug ?? `${input.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`
  return api('POST', '/api/place-categories', { ...input, slug }, status)
}

/** A place in a category. */
export function createPlace(api: Api, categoryId: number, place: { name: string; lat: number; lng: number }, status: number | 'ok' = 'ok') {
  return api('POST', '/api/places', { place_category_id: categoryId, ...place }, status)
}

/** A draft route in a category (named in `locale` when given). */
export function createRoute(api: Api, categoryId: number, input: Omit<ApiBody<'/routes/store', 'POST'>, 'place_category_id'>, status: number | 'ok' = 'ok') {
  return api('POST', '/api/routes/store', { ...input, place_category_id: categoryId }, status)
}

/** A QR code (a plaque) of a category, not yet at a place. */
export function createQrCode(api: Api, categoryId: number, name: string, status: number | 'ok' = 'ok') {
  return api('POST', '/api/qr-codes', { place_category_id: categoryId, name }, status)
}
