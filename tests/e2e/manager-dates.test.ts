import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keepScreenshot, phone, waitForHydration } from './browser.ts'
import { apiCaller, demoLausanne, signedInRequest, useBrowserPage } from './fixtures.ts'
import type { APIRequestContext } from 'playwright-core'
import { demoEditor } from './demo-login.ts'
import { sharedServer } from './shared-server.ts'

// Dates a manager reads are in the trails' time zone (TIME_ZONE, Europe/Zurich by default) and
// the reader's way (ADR 100): the Reports screen on a phone, in English for an en-GB browser and
// in German. A report is made now (the real clock); the expectation is computed from its time.

const browser = useBrowserPage({ locale: 'en-GB' })
let owner: APIRequestContext
let categoryId: number
let reportId: number
let createdAt: string
const api = apiCaller(() => owner)

beforeAll(async () => {
  owner = await signedInRequest()
  const lausanne = await demoLausanne(api)
  categoryId = lausanne.id
  const routes = await api('GET', `/api/place-categories/${categoryId}/fetch-routes`)
  const route = routes.find((r) => r.status === 'published')!
  const message = `Dates test ${Date.now().toString(36)}`
  const sent = await owner.post('/api/public/reports', { data: { kind: 'other', message, route: route.uuid }, headers: { origin: sharedServer().baseURL } })
  expect(sent.status()).toBe(202)
  const list = await api('GET', `/api/place-categories/${categoryId}/reports?status=open`)
  const report = list.find((r) => r.message === message)!
  ;({ id: reportId, created_at: createdAt } = report)
})
afterAll(async () => {
  // Resolved: the demo's open reports stay as the other tests count them.
  if (reportId) await api('PUT', `/api/place-categories/${categoryId}/reports/${reportId}`, { status: 'resolved' })
  await owner?.dispose()
})

describe('dates on the manager screens', () => {
  for (const [language, locale, received] of [
    ['en', 'en-GB', 'Received'],
    ['de', 'de-CH', 'Eingegangen am'],
  ] as const) {
    it(`the Reports screen says when a report came in the trails' time, the ${locale} way (phone)`, async () => {
      // The demo's editor reads English (the owner, French: an unprefixed page would open in French).
      const { page } = await browser.open(phone, { locale, signIn: demoEditor })
      await page.goto(`${language === 'en' ? '' : `/${language}`}/reports?category=${categoryId}`)
      await waitForHydration(page)
      const expected = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Zurich' }).format(new Date(createdAt))
      const shown = page.locator(`[data-testid="report"][data-report-id="${reportId}"]`).getByTestId('report-received')
      expect(await shown.textContent()).toBe(`${received} ${expected}`)
      expect(await shown.textContent()).not.toContain('UTC')
      await keepScreenshot(page, `manager-dates/reports-${locale}-phone`)
    })
  }
})
