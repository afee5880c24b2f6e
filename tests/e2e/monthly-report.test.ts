import path from 'node:path'
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, type DB } from '#app/db/db.server.ts'
import type { MailMessage } from '#app/platform/mail/mailer.server.ts'
import { SILENT_SHOWN } from '#app/modules/monthly-report/report-mail.server.ts'
import { createServices, type Services } from '#app/services.server.ts'
import { createLogger } from '#app/platform/observability/logger.server.ts'
import { testConfig } from '#tests/setup/test-app.ts'
import { desktop, keepScreenshot, phone, waitForHydration } from './browser.ts'
import { demoOwner, signInAs } from './demo-login.ts'
import { useBrowserPage } from './fixtures.ts'
import { sharedServer } from './shared-server.ts'

// The monthly report's mail as a person sees it (its HTML rendered by Chromium, the chart
// resolved as a mail client resolves cid:), its one-click link, and the user menu's setting.

const baseURL = sharedServer().baseURL
const dataDir = sharedServer().dataDir
const MONTH = '2026-10'

const browser = useBrowserPage()
let context: BrowserContext
let page: Page
let db: DB
let services: Services
let categoryId: number
const added = { reports: [] as number[], silent: null as number | null }

async function open(options: BrowserContextOptions = desktop, locale = 'en-US') {
  ;({ context, page } = await browser.open(options, { locale }))
  return page
}

/** The demo owner's report of October, composed as the sender composes it, in a language. */
async function composedMail(locale: 'en' | 'fr' | 'de' | 'it'): Promise<{ mail: MailMessage; silentShown: number }> {
  const owner = await db.selectFrom('users').selectAll().where('email', '=', demoOwner.email).executeTakeFirstOrThrow()
  const category = await db.selectFrom('place_categories').select(['id', 'name']).where('id', '=', categoryId).executeTakeFirstOrThrow()
  const report = await services.monthlyReports.build(category.id, category.name, MONTH, locale)
  const mail = await services.monthlyReports.compose({ userId: owner.id, email: owner.email, name: owner.name, locale, categoryId: category.id, categoryName: category.name }, report)
  return { mail, silentShown: Math.min(report.silentPlaques.length, SILENT_SHOWN) }
}

/** The HTML as a mail client shows it: each cid: image replaced by its attachment. */
function asShown(mail: MailMessage): string {
  let html = mail.html!
  for (const a of mail.attachments ?? []) html = html.replaceAll(`cid:${a.cid}`, `data:${a.contentType};base64,${a.content.toString('base64')}`)
  return html
}

beforeAll(async () => {
  // The served database itself, and the server's secret (DATA_DIR/app-secret): links made here work there.
  db = createDb({ url: path.join(dataDir, 'trailguide.sqlite') })
  services = createServices({ config: testConfig({ BASE_URL: baseURL, DATA_DIR: dataDir, APP_SECRET: '' }), db, logger: createLogger('silent') })
  const owner = await db.selectFrom('users').select('id').where('email', '=', demoOwner.email).executeTakeFirstOrThrow()
  categoryId = (await db.selectFrom('category_members').select('category_id').where('user_id', '=', owner.id).orderBy('category_id').executeTakeFirstOrThrow()).category_id
  // The demo's own scans (scripts/demo.ts) fill the plaque sections; visitor reports are written here.
  // A plaque put up in June and never scanned since: silent (the demo's own plaques are all scanned).
  const silent = await db
    .insertInto('qr_codes')
    .values({ category_id: categoryId, code: 'E2ESILENT', image_url: '', name: 'Silent plaque', place_id: null, user_id: owner.id, activated_at: '2026-06-01T09:00:00.000Z', created_at: '2026-06-01T09:00:00.000Z' })
    .returning('id')
    .executeTakeFirstOrThrow()
  added.silent = silent.id
  for (let i = 0; i < 3; i++) {
    const row = await db
      .insertInto('visitor_reports')
      .values({ category_id: categoryId, qr_code_id: null, place_id: null, walk_id: null, kind: 'plaque_damaged', message: 'Broken', photo_path: null, locale: 'en', status: 'open', created_at: '2026-10-20T10:00:00.000Z', resolved_at: null, resolved_by: null, notified_at: null })
      .returning('id')
      .executeTakeFirstOrThrow()
    added.reports.push(row.id)
  }
})
afterAll(async () => {
  if (db) {
    // Leave the served demo as it was for the other browser tests.
    if (added.reports.length) await db.deleteFrom('visitor_reports').where('id', 'in', added.reports).execute()
    if (added.silent) await db.deleteFrom('qr_codes').where('id', '=', added.silent).execute()
    await db.updateTable('users').set({ monthly_report_opt_out: 0 }).where('email', '=', demoOwner.email).execute()
    await db.destroy()
  }
})

describe('the monthly report in the browser', () => {
  for (const [label, options] of [
    ['phone', phone],
    ['desktop', desktop],
  ] as const) {
    it(`the report mail’s HTML renders with its chart at ${label} width, nothing wider than the screen`, async () => {
      for (const locale of label === 'phone' ? (['fr', 'de'] as const) : (['en', 'it'] as const)) {
        const { mail, silentShown } = await composedMail(locale)
        await open(options)
        await page.setContent(asShown(mail), { waitUntil: 'load' })
        const chart = page.locator('img[alt]').first()
        await expect.poll(() => chart.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
        const box = await chart.boundingBox()
        const width = options.viewport!.width
        expect(box!.width).toBeGreaterThan(200)
        expect(box!.x + box!.width).toBeLessThanOrEqual(width)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        // The silent plaques are the mail's only list items; the plaque put up above is one.
        expect(silentShown).toBeGreaterThanOrEqual(1)
        expect(await page.getByText('Silent plaque (E2ESILENT)').count()).toBe(1)
        expect(await page.locator('li').count()).toBe(silentShown)
        expect(await page.locator('h1').textContent()).toContain({ en: 'October 2026', fr: 'octobre 2026', de: 'Oktober 2026', it: 'ottobre 2026' }[locale])
        await keepScreenshot(page, `monthly/mail-${label}-${locale}`)
        await keepScreenshot(page, `monthly-report-mail-${label}-${locale}`)
        await context.close()
      }
    })
  }

  it('the one-click link turns the report off without signing in, in the user’s language; the user menu turns it on again', async () => {
    const { mail } = await composedMail('fr')
    const link = mail.headers!['List-Unsubscribe'].slice(1, -1)
    expect(link).toBe(mail.link)
    await open(phone, 'fr-FR')
    await page.goto(link)
    // Opening the link only asks (mail scanners and link previews follow links); the button posts.
    await expect.poll(() => page.getByTestId('unsubscribe-result').getAttribute('data-outcome')).toBe('confirm')
    expect(await page.getByTestId('unsubscribe-result').textContent()).toBe('Ne plus recevoir le bilan mensuel par e-mail\u202f?')
    await keepScreenshot(page, 'monthly/unsubscribe-confirm-phone-fr')
    await page.getByTestId('unsubscribe-confirm').click()
    await expect.poll(() => page.getByTestId('unsubscribe-result').getAttribute('data-outcome')).toBe('done')
    expect(await page.getByTestId('unsubscribe-result').textContent()).toBe('Vous ne recevrez plus le bilan mensuel par e-mail.')
    await keepScreenshot(page, 'monthly/unsubscribe-phone-fr')
    // A forged link: refused, nothing changed.
    await page.goto(link.replace(/\.[\w-]{43}$/, `.${'x'.repeat(43)}`))
    await expect.poll(() => page.getByTestId('unsubscribe-result').getAttribute('data-outcome')).toBe('invalid')
    await context.close()

    // RFC 8058: the mail client's own button posts to the same address.
    const posted = await fetch(link, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })
    expect(posted.status).toBe(200)

    await open(desktop)
    // The question at desktop width (the link still asks: a GET changes nothing).
    await page.setViewportSize({ width: 1366, height: 850 })
    await page.goto(link)
    await expect.poll(() => page.getByTestId('unsubscribe-result').getAttribute('data-outcome')).toBe('confirm')
    await keepScreenshot(page, 'monthly/unsubscribe-confirm-desktop')
    await page.setViewportSize(desktop.viewport!)
    await signInAs(context)
    await page.goto('/dashboard')
    await waitForHydration(page)
    await page.getByTestId('user-menu').click()
    const setting = page.getByTestId('monthly-report-setting')
    await expect.poll(() => setting.getAttribute('aria-checked')).toBe('false')
    await keepScreenshot(page, 'monthly/user-menu-off-desktop', { fullPage: false })
    await setting.click()
    await expect.poll(() => setting.getAttribute('aria-checked')).toBe('true')
    await keepScreenshot(page, 'monthly/user-menu-on-desktop', { fullPage: false })
    // The switch turns at once (optimistic); the save lands a moment later on a loaded machine.
    await expect.poll(async () => (await context.request.get('/api/monthly-report/subscription')).json()).toEqual({ data: { subscribed: true } })
    await context.close()

    // The same setting at phone width, still on after a new page load.
    await open(phone)
    await signInAs(context)
    await page.goto('/dashboard')
    await waitForHydration(page)
    await page.getByTestId('user-menu').click()
    await expect.poll(() => page.getByTestId('monthly-report-setting').getAttribute('aria-checked')).toBe('true')
    await keepScreenshot(page, 'monthly/user-menu-on-phone', { fullPage: false })
  })
})
