import fs from 'node:fs'
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { desktop, keepScreenshot, phone, waitForHydration } from './browser.ts'
import { useBrowserPage } from './fixtures.ts'
import { signInAs } from './demo-login.ts'

const browser = useBrowserPage()
let context: BrowserContext
let page: Page

interface Statistic {
  views: number
  total_time: number
  likes: number
  contributions: number
  place_visits: number
  visits: Array<{ x: number; y: number }>
  averageTimePerSession: number
  years: Array<'total' | number>
  plaque_views: number
  plaque_visits: Array<{ x: number; y: number }>
  scans: number
  scans_by_month: Array<{ x: number; y: number }>
}
interface Breakdown {
  routes: Array<{ walk_id: number; name: string | null; views: number; plaque_views: number; total_time: number; sessions: number; averageTimePerSession: number; likes: number; contributions: number; place_visits: number; audio_plays: number }>
  places: Array<{ place_id: number; name: string | null }>
  plaques: Array<{ qr_code_id: number; code: string; label: string; scans: number; last_scanned_at: string | null }>
}
interface CategoryNode {
  id: number
  slug: string
  children: CategoryNode[]
}

async function open(options: BrowserContextOptions = desktop, locale = 'en-US') {
  ;({ context, page } = await browser.open({ ...options, acceptDownloads: true }, { locale }))
  return page
}

async function getData<T>(path: string): Promise<T> {
  const res = await context.request.get(path)
  expect(res.status(), path).toBe(200)
  return ((await res.json()) as { data: T }).data
}

/** The demo category's id (other tests may give the demo owner more categories). */
async function lausanneId(): Promise<number> {
  const flat = (nodes: CategoryNode[]): CategoryNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])])
  const found = flat(await getData<CategoryNode[]>('/api/place-categories')).find((c) => c.slug === 'lausanne')
  expect(found).toBeDefined()
  return found!.id
}

const statisticOf = (id: number, year: 'total' | number) => getData<Statistic>(`/api/place-categories/${id}/fetch-statistic?year=${year}`)

/** The screen's duration wording in English and French (h/min from an hour, min/s below). */
function duration(seconds: number, locale: string): string {
  const n = (v: number) => new Intl.NumberFormat(locale).format(v)
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes >= 60) return `${n(Math.floor(minutes / 60))} h ${minutes % 60} min`
  return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`
}

const card = (key: string) => page.getByTestId(`stat-${key}`)

async function expectCards(statistic: Statistic, locale: 'fr' | 'de') {
  const n = (v: number) => new Intl.NumberFormat(locale).format(v)
  await expect.poll(() => card('views').textContent()).toBe(n(statistic.views))
  expect(await card('likes').textContent()).toBe(n(statistic.likes))
  expect(await card('contributions').textContent()).toBe(n(statistic.contributions))
  expect(await card('place_visits').textContent()).toBe(n(statistic.place_visits))
  if (locale === 'fr') {
    expect(await card('total_time').textContent()).toBe(duration(statistic.total_time, locale))
    expect(await card('averageTimePerSession').textContent()).toBe(duration(statistic.averageTimePerSession, locale))
  }
}

const chartBars = () => page.getByTestId('visits-chart').getByTestId('chart-bar')

// The demo owner speaks French (their account's language): /statistics opens /fr/statistics.
describe('statistics screen', () => {
  it('shows the API’s figures, a 12-month chart and the breakdown, and follows the chosen year', async () => {
    await open()
    await signInAs(context)
    const id = await lausanneId()
    const total = await statisticOf(id, 'total')
    expect(total.years.length).toBeGreaterThan(1)

    await page.goto(`/statistics?category=${id}`)
    await page.waitForURL(`**/fr/statistics?category=${id}`)
    await waitForHydration(page)
    await expectCards(total, 'fr')
    await expect.poll(() => chartBars().count()).toBe(12)
    expect(await page.getByTestId('year-picker').inputValue()).toBe('total')
    expect(await page.getByTestId('year-picker').locator('option').first().textContent()).toBe('Toutes les années')
    // Month names in the page's language, in the screen reader's table of the chart.
    expect(await page.locator('section[aria-labelledby="monthly-visits"]').getByRole('rowheader', { name: 'janv.', exact: true }).count()).toBe(1)
    const breakdown = await getData<Breakdown>(`/api/place-categories/${id}/statistics/breakdown?year=total`)
    expect(await page.getByTestId('routes-table').locator('tbody tr').count()).toBe(breakdown.routes.length)
    expect(await page.getByTestId('places-table').locator('tbody tr').count()).toBe(breakdown.places.length)
    // A place has no page of its own: no views or likes columns, always 0 (name, scans, recording plays, contributions).
    expect(await page.getByTestId('places-table').locator('thead th').count()).toBe(4)
    // A bar's tooltip names the month and its views (route pages opened: "Vues", as on the cards).
    await chartBars().nth(6).hover()
    const july = `${new Intl.NumberFormat('fr').format(total.visits[6].y)} vues`
    await expect.poll(() => page.getByText(july, { exact: true }).isVisible()).toBe(true)
    await keepScreenshot(page, 'statistics-desktop')

    // Another year: the URL keeps both choices, the figures change to that year's.
    const year = total.years[1] as number
    const ofYear = await statisticOf(id, year)
    expect(ofYear.views).not.toBe(total.views)
    await page.getByTestId('year-picker').selectOption(String(year))
    await page.waitForURL((url) => url.searchParams.get('year') === String(year) && url.searchParams.get('category') === String(id))
    await expectCards(ofYear, 'fr')
    await expect.poll(() => chartBars().count()).toBe(12)
    await expect.poll(() => page.locator('section[aria-labelledby="monthly-visits"]').getByText(`De janvier à décembre ${year}.`).isVisible()).toBe(true)
    await keepScreenshot(page, 'statistics-desktop-year')

    // A fresh load of that URL renders the same year on the server.
    await page.reload()
    expect(await page.getByTestId('year-picker').inputValue()).toBe(String(year))
    await expectCards(ofYear, 'fr')
  })

  it('sorts a breakdown table by the clicked column', async () => {
    await open()
    await signInAs(context)
    const id = await lausanneId()
    await page.goto(`/fr/statistics?category=${id}`)
    await waitForHydration(page)
    const table = page.getByTestId('routes-table')
    const names = () => table.locator('tbody th').allTextContents()
    const byViews = await names()
    await table.getByRole('button', { name: 'Nom' }).click()
    await expect.poll(() => table.getByRole('columnheader', { name: 'Nom' }).getAttribute('aria-sort')).toBe('ascending')
    expect(await names()).toEqual([...byViews].sort((a, b) => a.localeCompare(b, 'fr')))
  })

  it('keeps the chart’s box still while the chart loads (no layout jump)', async () => {
    // Without scripts: the server's page, with the placeholder in the chart's place.
    await open({ ...desktop, javaScriptEnabled: false })
    await signInAs(context)
    const id = await lausanneId()
    await page.goto(`/fr/statistics?category=${id}`)
    expect(await page.getByTestId('chart-placeholder').count()).toBe(1)
    const before = await page.getByTestId('routes-table').boundingBox()
    await context.close()

    await open()
    await signInAs(context)
    await page.goto(`/fr/statistics?category=${id}`)
    await waitForHydration(page)
    await expect.poll(() => chartBars().count()).toBe(12)
    expect(await page.getByTestId('routes-table').boundingBox()).toEqual(before)
  })

  it('fits a phone screen', async () => {
    await open(phone)
    await signInAs(context)
    const id = await lausanneId()
    await page.goto(`/fr/statistics?category=${id}`)
    await waitForHydration(page)
    await expectCards(await statisticOf(id, 'total'), 'fr')
    await expect.poll(() => chartBars().count()).toBe(12)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await keepScreenshot(page, 'statistics-phone')
    // Dark mode (the colour-mode preference follows the system by default).
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
    await keepScreenshot(page, 'statistics-phone-dark')
  })

  it('speaks German with German number formatting', async () => {
    await open(desktop, 'de-DE')
    await signInAs(context)
    const id = await lausanneId()
    const total = await statisticOf(id, 'total')
    await page.goto(`/de/statistics?category=${id}`)
    await waitForHydration(page)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Statistiken')
    expect(await page.getByText('Aufrufe', { exact: true }).first().isVisible()).toBe(true)
    expect(await page.getByRole('heading', { name: 'Aufrufe pro Monat' }).isVisible()).toBe(true)
    expect(await page.getByTestId('year-picker').locator('option').first().textContent()).toBe('Alle Jahre')
    await expectCards(total, 'de')
    expect(total.views).toBeGreaterThanOrEqual(1000)
    expect(await card('views').textContent()).toMatch(/^\d{1,3}(\.\d{3})+$/)
    expect(await card('total_time').textContent()).toMatch(/^[\d.]+ Std\. \d+ Min\.$/)
    expect(await page.locator('section[aria-labelledby="monthly-visits"]').getByRole('rowheader', { name: 'Mär', exact: true }).count()).toBe(1)
    await expect.poll(() => chartBars().count()).toBe(12)
    await keepScreenshot(page, 'statistics-de')
  })

  it('downloads what it shows as CSV', async () => {
    await open()
    await signInAs(context)
    const id = await lausanneId()
    const year = (await statisticOf(id, 'total')).years[1] as number
    const [statistic, breakdown] = await Promise.all([statisticOf(id, year), getData<Breakdown>(`/api/place-categories/${id}/statistics/breakdown?year=${year}`)])
    await page.goto(`/fr/statistics?category=${id}&year=${year}`)
    await waitForHydration(page)

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter en CSV' }).click()])
    expect(download.suggestedFilename()).toBe(`statistics-lausanne-${year}.csv`)
    const text = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '')
    const lines = text.split('\r\n')
    expect(lines[0]).toBe('section,year,month,id,name,visits,views,total_time,sessions,averageTimePerSession,likes,contributions,place_visits,plaque_views,scans,audio_plays')
    expect(lines[1]).toBe(
      `"summary",${year},,${id},"Lausanne",,${statistic.views},${statistic.total_time},,${statistic.averageTimePerSession},${statistic.likes},${statistic.contributions},${statistic.place_visits},${statistic.plaque_views},${statistic.scans},`,
    )
    expect(lines.slice(2, 14)).toEqual(statistic.visits.map((p, i) => `"month",${year},${p.x},,,${p.y},,,,,,,,${statistic.plaque_visits[i].y},${statistic.scans_by_month[i].y},`))
    const route = breakdown.routes[0]
    expect(lines).toContain(
      `"route",${year},,${route.walk_id},"${(route.name ?? '').replaceAll('"', '""')}",,${route.views},${route.total_time},${route.sessions},${route.averageTimePerSession},${route.likes},${route.contributions},${route.place_visits},${route.plaque_views},,${route.audio_plays}`,
    )
    expect(lines.filter((l) => l.startsWith('"place"'))).toHaveLength(breakdown.places.length)
    expect(lines.filter((l) => l.startsWith('"plaque"'))).toHaveLength(breakdown.plaques.length)
  })

  it('shows the empty states in English: no category, and a category without visits', async () => {
    await open(phone)
    const res = await context.request.post('/api/auth/register', {
      data: { name: 'Stats Tester', email: `stats-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.org`, password: 'long enough password' },
    })
    expect(res.status()).toBe(200)
    await page.goto('/statistics')
    await waitForHydration(page)
    expect(await page.getByTestId('statistics-empty').textContent()).toContain('You have no category yet.')
    await keepScreenshot(page, 'statistics-no-category-phone')

    const slug = `stats-${Date.now()}`
    const created = await context.request.post('/api/place-categories', { data: { name: 'Quiet town', slug } })
    expect(created.status()).toBeLessThan(300)
    await page.reload()
    await waitForHydration(page)
    expect(await page.getByRole('heading', { name: 'Nothing counted yet' }).isVisible()).toBe(true)
    expect(await page.getByTestId('export-csv').count()).toBe(0)
    expect(await page.getByTestId('visits-chart').count()).toBe(0)
    await keepScreenshot(page, 'statistics-no-data-phone')
  })
})
