import { request as playwrightRequest, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { desktop, keepScreenshot, launchBrowser, watchErrors } from './browser.ts'
import { demoOwner, signInAs } from './demo-login.ts'
import { sharedServer } from './shared-server.ts'

// The set-up every browser test file shares (README, "Browser tests"): one Chromium per file,
// a fresh context and page per test at the viewport the test asks for, signed in or not, closed
// after the test, which fails on any error the page logged. And the API calls the tests make
// to set up their data (categories, places, routes, QR codes).

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
    for (const context of contexts.splice(0)) await context.close()
    const found = errors
    errors = []
    expect(allowErrors ? found.filter((e) => !allowErrors.test(e)) : found).toEqual([])
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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * A JSON API caller on a request context (a browser context's `request`, or one of
 * playwright's): checks the answer's status (exactly `status`, or any success when the caller
 * says 'ok') and returns its `data`.
 */
export function apiCaller(request: () => APIRequestContext, defaultStatus: number | 'ok' = 'ok') {
  return async function api<T>(method: Method, url: string, data?: unknown, status: number | 'ok' = defaultStatus): Promise<T> {
    const res = await request().fetch(url, { method, data, headers: { 'content-type': 'application/json' } })
    if (status === 'ok') expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300)
    else expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(status)
    return ((await res.json().catch(() => ({}))) as { data: T }).data
  }
}

export type Api = ReturnType<typeof apiCaller>

interface CategoryNode {
  id: number
  slug: string
  children?: CategoryNode[]
}

/** The categories the account sees, the sub-categories with them. */
async function allCategories<T extends CategoryNode = CategoryNode>(api: Api): Promise<T[]> {
  const flat = (nodes: T[]): T[] => nodes.flatMap((n) => [n, ...flat((n.children ?? []) as T[])])
  return flat(await api<T[]>('GET', '/api/place-categories'))
}

/** The demo's Lausanne category (its owner and editor both see it). */
export async function demoLausanne<T extends CategoryNode = CategoryNode>(api: Api): Promise<T> {
  return (await allCategories<T>(api)).find((c) => c.slug === 'lausanne')!
}

/** A category of the signed-in account, with a unique slug unless given. */
export function createCategory(api: Api, input: { name: string; slug?: string; parent_id?: number; fallback_locale?: string }, status: number | 'ok' = 'ok') {
  const slug = input.slug ?? `${input.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`
  return api<{ id: number; slug: string }>('POST', '/api/place-categories', { ...input, slug }, status)
}

/** A place in a category. */
export function createPlace(api: Api, categoryId: number, place: { name: string; lat: number; lng: number }, status: number | 'ok' = 'ok') {
  return api<{ id: number }>('POST', '/api/places', { place_category_id: categoryId, ...place }, status)
}

/** A draft route in a category (named in `locale` when given). */
export function createRoute(api: Api, categoryId: number, input: { name: string; locale?: string }, status: number | 'ok' = 'ok') {
  return api<{ uuid: string; slug: string }>('POST', '/api/routes/store', { ...input, place_category_id: categoryId }, status)
}

/** A QR code (a plaque) of a category, not yet at a place. */
export function createQrCode<T = { id: number; code: string }>(api: Api, categoryId: number, name: string, status: number | 'ok' = 'ok') {
  return api<T>('POST', '/api/qr-codes', { place_category_id: categoryId, name }, status)
}
