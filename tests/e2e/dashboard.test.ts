import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { desktop, keepScreenshot, phone, waitForHydration } from './browser.ts'
import { useBrowserPage } from './fixtures.ts'
import { signInAs } from './demo-login.ts'

const browser = useBrowserPage()
let context: BrowserContext
let page: Page

interface DashboardCategory {
  id: number
  slug: string
  name: string
  role: 'owner' | 'editor'
  routes: { published: number; draft: number }
  places: number
  qr_codes: { activated: number; total: number }
  last_30_days: { views: number; likes: number }
  children: DashboardCategory[]
}
interface Dashboard {
  period: { from: string; to: string; days: number }
  categories: DashboardCategory[]
}

async function open(options: BrowserContextOptions = desktop, locale = 'en-US') {
  ;({ context, page } = await browser.open(options, { locale }))
  return page
}

async function getData<T>(path: string): Promise<T> {
  const res = await context.request.get(path)
  expect(res.status(), path).toBe(200)
  return ((await res.json()) as { data: T }).data
}

const flat = (nodes: DashboardCategory[]): DashboardCategory[] => nodes.flatMap((n) => [n, ...flat(n.children)])
const text = async (locator: Locator) => ((await locator.textContent()) ?? '').trim()

describe('the dashboard', () => {
  it.each([
    ['desktop', desktop],
    ['phone', phone],
  ] as const)('shows the demo owner the Lausanne card with the API’s figures, each linking to its screen (%s)', async (size, viewport) => {
    await open(viewport)
    await signInAs(context)
    const lausanne = flat((await getData<Dashboard>('/api/dashboard')).categories).find((c) => c.slug === 'lausanne')!
    expect(lausanne).toBeDefined()
    // The same figures as the screens' own endpoints.
    const routes = await getData<{ status: string }[]>(`/api/place-categories/${lausanne.id}/fetch-routes`)
    const places = await getData<unknown[]>(`/api/place-categories/${lausanne.id}/fetch-places`)
    const codes = await getData<{ place: unknown }[]>(`/api/place-categories/${lausanne.id}/fetch-qr-codes`)
    expect(lausanne.routes).toEqual({ published: routes.filter((r) => r.status === 'published').length, draft: routes.filter((r) => r.status !== 'published').length })
    expect(lausanne.places).toBe(places.length)
    expect(lausanne.qr_codes).toEqual({ activated: codes.filter((c) => c.place !== null).length, total: codes.length })
    expect(lausanne.role).toBe('owner')
    // The demo has visits every day: the last 30 days cannot be empty.
    expect(lausanne.last_30_days.views).toBeGreaterThan(0)

    // The demo owner speaks French: numbers are written the French way.
    await page.goto('/dashboard')
    await page.waitForURL('**/fr/dashboard')
    await waitForHydration(page)
    const fr = new Intl.NumberFormat('fr', { maximumFractionDigits: 0 })
    const card = page.locator(`[data-testid="dashboard-card"][data-slug="lausanne"]`)
    expect(await text(card.getByRole('heading'))).toBe(lausanne.name)
    expect(await text(card.getByTestId('category-role'))).toBe('Propriétaire')
    expect(await text(card.getByTestId('routes-published'))).toBe(fr.format(lausanne.routes.published))
    expect(await text(card.getByTestId('routes-draft'))).toContain(fr.format(lausanne.routes.draft))
    expect(await text(card.getByTestId('places'))).toBe(fr.format(lausanne.places))
    expect(await text(card.getByTestId('qr-activated'))).toBe(fr.format(lausanne.qr_codes.activated))
    expect(await text(card.getByTestId('qr-total'))).toBe(`activés sur ${fr.format(lausanne.qr_codes.total)}`)
    expect(await text(card.getByTestId('views'))).toBe(fr.format(lausanne.last_30_days.views))
    expect(await text(card.getByTestId('likes'))).toBe(fr.format(lausanne.last_30_days.likes))
    // Named by what it shows (WCAG 2.5.3: the visible text is the accessible name).
    expect(await card.getByTestId('tile-qr').getAttribute('aria-label')).toBeNull()
    expect(await card.getByRole('link', { name: `Codes QR ${fr.format(lausanne.qr_codes.activated)} activés sur ${fr.format(lausanne.qr_codes.total)}` }).count()).toBe(1)

    const id = lausanne.id
    const links = {
      'tile-routes': `/fr/map?category=${id}`,
      'tile-places': `/fr/map?category=${id}`,
      'tile-qr': `/fr/map?category=${id}&panel=qr`,
      'tile-views': `/fr/statistics?category=${id}`,
      'tile-likes': `/fr/statistics?category=${id}`,
      'tile-landing': `/fr/landing/list?category=${id}`,
    }
    for (const [testId, href] of Object.entries(links)) expect(await card.getByTestId(testId).getAttribute('href'), testId).toBe(href)
    await keepScreenshot(page, `dashboard-demo-${size}`)

    // The links lead to their screens, on this category.
    await card.getByTestId('tile-views').click()
    await page.waitForURL(`**/fr/statistics?category=${id}`)
    await expect.poll(() => page.getByTestId('category-picker').inputValue()).toBe(String(id))
    await page.goBack()
    await page.waitForURL('**/fr/dashboard')
    await card.getByTestId('tile-landing').click()
    await page.waitForURL(`**/fr/landing/list?category=${id}`)
    await expect.poll(() => page.getByTestId('landing-list-row').count()).toBe(routes.length)
    await page.goBack()
    await page.waitForURL('**/fr/dashboard')
    await card.getByTestId('tile-qr').click()
    await page.waitForURL(`**/fr/map?category=${id}&panel=qr`)
  })

  it('leads a new user from the empty state to a first category and route, then to the map', async () => {
    await open(phone)
    const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`
    const res = await context.request.post('/api/auth/register', {
      data: { name: 'Nora Newcomer', email: `dashboard-${unique}@example.org`, password: 'long enough password' },
    })
    expect(res.status()).toBe(200)
    await page.goto('/dashboard')
    await waitForHydration(page)
    expect(await page.getByTestId('dashboard-empty').isVisible()).toBe(true)
    expect(await page.getByTestId('dashboard-card').count()).toBe(0)
    await keepScreenshot(page, 'dashboard-empty-phone')

    // Sent empty: one message per field, no more (the address follows the empty name).
    await page.getByTestId('create-category').click()
    await expect.poll(() => page.getByTestId('error-name').locator('li').allTextContents()).toEqual(['The name field is required.'])
    expect(await page.getByTestId('error-slug').locator('li').allTextContents()).toEqual(['The address field is required.'])
    // A corrected field loses its message at once (the address follows the name until it is edited).
    await page.getByLabel('Name').fill('Vevey Trails')
    expect(await page.getByTestId('error-name').count()).toBe(0)
    expect(await page.getByTestId('error-slug').count()).toBe(0)

    // The server judges the address.
    const slug = page.getByLabel('Address')
    expect(await slug.inputValue()).toBe('vevey-trails')
    await slug.fill('dashboard')
    // The server's answer itself, once the form shows it (the field already says as much as it is typed).
    const answer = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.includes('dashboard'))
    await page.getByTestId('create-category').click()
    expect((await answer).status()).toBe(422)
    await expect.poll(() => page.getByTestId('create-category').isEnabled()).toBe(true)
    expect(await page.getByTestId('error-slug').textContent()).toBe('This address is reserved. Choose another one.')
    expect(await page.getByLabel('Name').inputValue()).toBe('Vevey Trails')
    await keepScreenshot(page, 'dashboard-category-error-phone')

    // A field still wrong says what is wrong now; corrected, it says nothing.
    await slug.fill('Vevey Trails')
    // The message follows the typing once the form has re-rendered.
    await expect.poll(() => page.getByTestId('error-slug').textContent()).not.toBe('This address is reserved. Choose another one.')
    expect(await page.getByTestId('error-slug').locator('li').allTextContents()).toHaveLength(1)

    // Typed into while the form is on its way: the answer judged the value sent, not the one typed.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const onItsWay = (url: URL) => url.pathname.endsWith('dashboard.data')
    await page.route(onItsWay, async (route) => {
      if (route.request().method() === 'POST') await held
      await route.continue()
    })
    const late = page.waitForResponse((response) => response.request().method() === 'POST' && onItsWay(new URL(response.url())))
    await page.getByTestId('create-category').click()
    await slug.fill('dashboard')
    release()
    expect((await late).status()).toBe(422)
    await page.unroute(onItsWay)
    await expect.poll(() => page.getByTestId('create-category').isEnabled()).toBe(true)
    expect(await page.getByTestId('error-slug').textContent()).toBe('This address is reserved. Choose another one.')
    const chosen = `vevey-${unique}`.slice(0, 63)
    await slug.fill(chosen)
    expect(await page.getByTestId('error-slug').count()).toBe(0)
    await page.getByTestId('create-category').click()
    await page.waitForURL(/\/dashboard\?step=route&category=\d+$/)
    const categoryId = Number(new URL(page.url()).searchParams.get('category'))
    const created = flat((await getData<Dashboard>('/api/dashboard')).categories)
    expect(created.map((c) => [c.id, c.slug, c.name, c.role])).toEqual([[categoryId, chosen, 'Vevey Trails', 'owner']])

    // Step two: the first route, a name is required.
    await waitForHydration(page)
    await expect.poll(() => page.getByTestId('start-step-2').isVisible()).toBe(true)
    await page.getByTestId('create-route').click()
    await expect.poll(() => page.getByTestId('error-name').textContent()).toBe('The name field is required.')
    await page.getByLabel('Route name').fill('Along the quays')
    await page.getByText('Violet', { exact: true }).click()
    await keepScreenshot(page, 'dashboard-first-route-phone')
    await page.getByTestId('create-route').click()
    await page.waitForURL(/\/map\?category=\d+&route=[0-9a-f-]+$/)
    const url = new URL(page.url())
    expect(url.pathname).toBe('/map')
    expect(url.searchParams.get('category')).toBe(String(categoryId))

    const routes = await getData<{ uuid: string; name: string | null; color: string; status: string }[]>(`/api/place-categories/${categoryId}/fetch-routes`)
    expect(routes.map((r) => [r.uuid, r.name, r.color, r.status])).toEqual([[url.searchParams.get('route'), 'Along the quays', 'bg-violet', 'draft']])

    // Back on the dashboard: the new category's card, and a way to add another.
    await page.goto('/dashboard')
    await waitForHydration(page)
    const card = page.locator(`[data-testid="dashboard-card"][data-category-id="${categoryId}"]`)
    expect(await text(card.getByTestId('routes-published'))).toBe('0')
    expect(await text(card.getByTestId('routes-draft'))).toBe('1 draft')
    await page.getByTestId('new-category').click()
    expect(await page.getByTestId('category-form').isVisible()).toBe(true)
    await keepScreenshot(page, 'dashboard-new-category-phone')

    // A subcategory is shown nested under its parent (here in dark mode).
    const child = await context.request.post('/api/place-categories', { data: { name: 'Vevey harbour', slug: `${chosen.slice(0, 55)}-harbour`, parent_id: categoryId } })
    expect(child.status()).toBe(201)
    const childId = ((await child.json()) as { data: { id: number } }).data.id
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.reload()
    await waitForHydration(page)
    const nested = page.getByRole('list', { name: 'Subcategories of Vevey Trails' })
    expect(await nested.locator('[data-testid="dashboard-card"]').getAttribute('data-category-id')).toBe(String(childId))
    expect(await nested.getByRole('heading', { level: 3 }).textContent()).toBe('Vevey harbour')
    await keepScreenshot(page, 'dashboard-nested-dark-phone')
  })
})
