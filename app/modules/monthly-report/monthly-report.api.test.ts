import { beforeEach, describe, expect, it } from 'vitest'
import type { Mailer, MailMessage } from '#app/platform/mail/mailer.server.ts'
import { createLogger } from '#app/platform/observability/logger.server.ts'
import { addMember, createCategory, createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { MAX_ATTEMPTS } from './monthly-report.repo.server.ts'
import { MonthlyReportService } from './monthly-report.service.server.ts'
import { scheduleMonthlyReports } from './schedule.server.ts'
import { MONTH, reportWorld } from './monthly-report.test-fixtures.ts'

describe.each(testDialects)('monthly report on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect)

  // Every test starts from no category and no user: a send reaches every member in the database.
  beforeEach(async () => {
    for (const table of ['monthly_report_sends', 'events', 'stat_days', 'stat_months', 'stat_qr_days', 'qr_scan_totals', 'visitor_reports', 'qr_codes', 'walks', 'places', 'category_members', 'place_categories', 'auth_tokens', 'users'] as const) {
      await testDb.db.deleteFrom(table).execute()
    }
  })

  const sends = () => testDb.db.selectFrom('monthly_report_sends').selectAll().orderBy('user_id').execute()
  /** Another service over the same database, as another server process builds it. */
  const otherProcess = (mailer: Mailer) =>
    new MonthlyReportService({ db: testDb.db, config: t.config, stats: t.services.stats, mailer, logger: createLogger('silent'), secret: () => t.config.APP_SECRET! })

  it('gives the figures fetch-statistic gives for the month and the month before, and the plaques and reports beside them', async () => {
    const world = await reportWorld(t.services)
    const { category, owner } = world
    const stat = async (month: number) => (await t.call('GET', `/place-categories/${category.id}/fetch-statistic?year=2026&month=${month}`, { token: owner.token })).json.data
    const [october, september] = [await stat(10), await stat(9)]
    const breakdown = (await t.call('GET', `/place-categories/${category.id}/statistics/breakdown?year=2026&month=10`, { token: owner.token, headers: { 'Accept-Language': 'fr' } })).json.data

    const report = await t.services.monthlyReports.build(category.id, category.name, MONTH, 'fr')
    // The same figures as fetch-statistic, and those are the events of the month only.
    expect(report.figures.views).toEqual({ value: october.views, previous: september.views })
    expect(report.figures.likes).toEqual({ value: october.likes, previous: september.likes })
    expect(report.figures.averageTime).toEqual({ value: october.averageTimePerSession, previous: september.averageTimePerSession })
    // Different plaques scanned (not place visits: each scan is one, ADR 100): BUSY01 and QUIET1, then BUSY01.
    expect(report.figures.plaquesScanned).toEqual({ value: 2, previous: 1 })
    expect(report.activatedPlaques).toBe(5)
    expect([october.views, october.likes, october.averageTimePerSession, october.place_visits]).toEqual([10, 2, 93, 6])
    expect([september.views, september.likes, september.averageTimePerSession, september.place_visits]).toEqual([5, 1, 90, 2])
    expect(report.topRoutes).toEqual(breakdown.routes.map((r) => ({ name: r.name, views: r.views })))
    expect(report.topRoutes).toEqual([
      { name: 'Vieille ville', views: 7 },
      { name: 'Bord du lac', views: 3 },
    ])
    // The chart's days add up to the month's views; the 31st is there (a late UTC hour).
    expect(report.dailyViews).toHaveLength(31)
    expect(report.dailyViews.reduce((sum, d) => sum + d.views, 0)).toBe(october.views)
    expect(report.dailyViews.find((d) => d.day === '2026-10-31')!.views).toBe(3)

    expect(report.figures.scans).toEqual({ value: 12, previous: 3 })
    expect(report.topPlaques).toEqual([
      { name: 'Porte nord', code: 'BUSY01', scans: 10 },
      { name: 'Pont', code: 'QUIET1', scans: 2 },
    ])
    // Silent: activated before the 30 days, no scan in them; the new and the unactivated plaques are not.
    expect(report.silentPlaques).toEqual([
      { name: 'Fontaine', code: 'SILENT', lastScannedAt: '2026-08-20T15:00:00.000Z' },
      { name: 'Tour', code: 'NEVER1', lastScannedAt: null },
    ])
    expect(report.openReports).toBe(2)
  })

  it('fetch-statistic refuses a month without a year', async () => {
    const { category, owner } = await reportWorld(t.services)
    const res = await t.call('GET', `/place-categories/${category.id}/fetch-statistic?month=10`, { token: owner.token })
    expect(res.status).toBe(422)
    expect((await t.call('GET', `/place-categories/${category.id}/fetch-statistic?year=2026&month=13`, { token: owner.token })).status).toBe(422)
  })

  it("a new category's report says what is not known rather than a figure or a claim nobody saw", async () => {
    const owner = await createUser(t.services, { name: 'Nora', locale: 'en' })
    const category = await createCategory(t.services, owner.user, { name: 'Fresh trails' })
    await testDb.db.updateTable('place_categories').set({ created_at: '2026-10-20T08:00:00.000Z' }).where('id', '=', category.id).execute()
    expect(await t.services.monthlyReports.sendMonth(MONTH)).toEqual({ sent: 1, failed: 0, skipped: 0 })
    const mail = t.sent[0]!
    expect(mail.text).toContain('Average time per visit: not known (not known the month before; –)')
    expect(mail.text).toContain('No plaque was activated yet.')
    expect(mail.text).not.toContain('Every activated plaque')
    expect(mail.text).toContain('Bar chart of the route views per day in October 2026: no views.')
    expect(mail.text).toContain(`Open the reports of Fresh trails: http://localhost:3000/reports?category=${category.id}`)
    expect(mail.html).toContain('Open the reports of Fresh trails</a>')
    expect(mail.html).toMatch(/>2<\/td>[\s\S]*>1<\/td>[\s\S]*>0<\/td>[\s\S]*>Oct 1<\/td>[\s\S]*>Oct 16<\/td>[\s\S]*>Oct 31<\/td>/)
  })

  it('says why a month sent nothing: a category created after it, reports already sent, members who turned it off', async () => {
    expect((await t.services.monthlyReports.whyNothingDue(MONTH)).noMembers).toBe(true)
    const { owner, editor } = await reportWorld(t.services)
    const late = await createUser(t.services, { name: 'Lena', locale: 'de' })
    const created = await createCategory(t.services, late.user, { name: 'Neu' })
    await testDb.db.updateTable('place_categories').set({ created_at: '2026-11-02T08:00:00.000Z' }).where('id', '=', created.id).execute()
    await t.call('PUT', '/monthly-report/subscription', { token: editor.token, body: { subscribed: false } })
    expect(await t.services.monthlyReports.sendMonth(MONTH)).toEqual({ sent: 1, failed: 0, skipped: 0 })
    expect(t.sent.map((m) => m.to)).toEqual([owner.user.email])
    expect(await t.services.monthlyReports.whyNothingDue(MONTH)).toEqual({ noMembers: false, tooNew: [{ name: 'Neu', createdAt: '2026-11-02T08:00:00.000Z' }], optedOut: 1, alreadySent: 1, gaveUp: 0 })
  })

  it('sends each member the report in their language, once, with its chart inline and a one-click link', async () => {
    const { owner, editor, category } = await reportWorld(t.services)
    expect(await t.services.monthlyReports.sendMonth(MONTH)).toEqual({ sent: 2, failed: 0, skipped: 0 })
    // Intl's French and German use no-break spaces ("+100 %"): compared as plain spaces.
    const plain = (m: MailMessage) => ({ ...m, text: m.text.replace(/[\u00a0\u202f]/g, ' ') })
    const toOwner = plain(t.sent.find((m) => m.to === owner.user.email)!)
    const toEditor = plain(t.sent.find((m) => m.to === editor.user.email)!)
    expect(toOwner.subject).toBe('Vieux <Lausanne>\u00a0: bilan mensuel, octobre 2026')
    expect(toEditor.subject).toBe('Vieux <Lausanne>: Ihr Bericht für Oktober 2026')
    // Locale number and time formats, the change against September, escaped names in the HTML.
    expect(toOwner.text).toContain('Vues des parcours: 10 (5 le mois précédent; +100 %)')
    expect(toOwner.text).toContain('Temps moyen par visite: 1 min 33 s')
    expect(toOwner.text).toContain('2 signalements de visiteurs sont encore ouverts.')
    expect(toOwner.text).toContain(`Ouvrir les signalements de Vieux <Lausanne>: http://localhost:3000/fr/reports?category=${category.id}`)
    // The chart's scale and days in words beside the image, in the reader's language.
    expect(toOwner.html).toMatch(/>4<\/td>[\s\S]*>2<\/td>[\s\S]*>0<\/td>[\s\S]*>1 oct\.<\/td>[\s\S]*>16 oct\.<\/td>[\s\S]*>31 oct\.<\/td>/)
    expect(toOwner.text).toContain('Plaques différentes scannées: 2 (1 le mois précédent; +100 %)')
    expect(toEditor.text).toContain('Aufrufe der Routen: 10 (5 im Vormonat; +100 %)')
    expect(toEditor.text).toContain('1. Altstadt: 7 Aufrufe')
    expect(toOwner.html).toContain('Vieux &lt;Lausanne&gt;')
    expect(toOwner.html).not.toContain('<Lausanne>')
    expect(toOwner.html).toContain('src="cid:daily-views@trailguide"')
    const chart = toOwner.attachments![0]
    expect(chart).toMatchObject({ cid: 'daily-views@trailguide', contentType: 'image/png' })
    expect(chart.content.subarray(1, 4).toString()).toBe('PNG')
    expect(toOwner.headers!['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/fr\/monthly-report\/unsubscribe\/\d+\.[\w-]{43}>$/)
    expect(toOwner.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')

    // Again (a restart, the next hourly check): nothing more.
    expect(await t.services.monthlyReports.sendMonth(MONTH)).toEqual({ sent: 0, failed: 0, skipped: 0 })
    expect(t.sent).toHaveLength(2)
    expect((await sends()).map((s) => [s.category_id, s.month, s.status, s.attempts])).toEqual([
      [category.id, MONTH, 'sent', 1],
      [category.id, MONTH, 'sent', 1],
    ])
  })

  it('sends once when two processes send the same month at the same time', async () => {
    const { category } = await reportWorld(t.services)
    // A third member, so each process has more than one report to race for.
    const third = await createUser(t.services, { locale: 'it' })
    await addMember(t.services, category.id, third.user, 'editor')
    const delivered: string[] = []
    // A slow SMTP peer: the other process runs while this one is sending.
    const slow: Mailer = { send: async (m: MailMessage) => void (await new Promise((r) => setTimeout(r, 30)), delivered.push(m.to)) }
    const [a, b] = await Promise.all([otherProcess(slow).sendMonth(MONTH), otherProcess(slow).sendMonth(MONTH)])
    expect(a.sent + b.sent).toBe(3)
    expect(delivered).toHaveLength(3)
    expect(new Set(delivered).size).toBe(3)
    expect((await sends()).every((s) => s.status === 'sent')).toBe(true)
  })

  it('a refused send is tried again by a later run, at most MAX_ATTEMPTS times in all', async () => {
    await reportWorld(t.services)
    let refuse = true
    const delivered: string[] = []
    const flaky: Mailer = { send: async (m) => (refuse ? Promise.reject(Object.assign(new Error('451'), { code: 'EENVELOPE' })) : void delivered.push(m.to)) }
    const service = otherProcess(flaky)
    expect(await service.sendMonth(MONTH)).toEqual({ sent: 0, failed: 2, skipped: 0 })
    expect((await sends()).map((s) => [s.status, s.attempts])).toEqual([
      ['failed', 1],
      ['failed', 1],
    ])
    refuse = false
    expect(await service.sendMonth(MONTH)).toEqual({ sent: 2, failed: 0, skipped: 0 })
    expect(delivered).toHaveLength(2)

    // A peer that always refuses: MAX_ATTEMPTS runs try, then the report is given up.
    refuse = true
    for (let run = 0; run < MAX_ATTEMPTS + 2; run++) await service.sendMonth('2026-11')
    const november = (await sends()).filter((r) => r.month === '2026-11')
    expect(november.map((r) => [r.status, r.attempts])).toEqual([
      ['failed', MAX_ATTEMPTS],
      ['failed', MAX_ATTEMPTS],
    ])
  })

  it('the setting in the user menu turns the report off and on (API), and holds when sending', async () => {
    const { owner, editor } = await reportWorld(t.services)
    expect((await t.call('GET', '/monthly-report/subscription', { token: owner.token })).json).toEqual({ data: { subscribed: true } })
    const off = await t.call('PUT', '/monthly-report/subscription', { token: owner.token, body: { subscribed: false } })
    expect(off.status).toBe(200)
    expect(off.json).toEqual({ data: { subscribed: false } })
    expect((await t.call('GET', '/monthly-report/subscription', { token: owner.token })).json).toEqual({ data: { subscribed: false } })
    expect(await t.services.monthlyReports.sendMonth(MONTH)).toEqual({ sent: 1, failed: 0, skipped: 0 })
    expect(t.sent.map((m) => m.to)).toEqual([editor.user.email])

    // Bad input answered in the caller's language, nothing changed; no session: 401.
    const bad = await t.callOffContract('PUT', '/monthly-report/subscription', { token: editor.token, body: { subscribed: 'no' }, headers: { 'Accept-Language': 'fr' } })
    expect(bad.status).toBe(422)
    expect(bad.json.errors.subscribed).toHaveLength(1)
    expect((await t.callOffContract('PUT', '/monthly-report/subscription', { token: editor.token, body: { subscribed: true, extra: 1 } })).status).toBe(422)
    expect((await t.call('GET', '/monthly-report/subscription', { token: editor.token })).json.data.subscribed).toBe(true)
    expect((await t.call('PUT', '/monthly-report/subscription', { body: { subscribed: false } })).status).toBe(401)

    // Back on: next month's report comes again.
    await t.call('PUT', '/monthly-report/subscription', { token: owner.token, body: { subscribed: true } })
    expect((await t.services.monthlyReports.sendMonth('2026-11')).sent).toBe(2)
  })

  it('the one-click link turns the report off for its user only, and a forged link does nothing', async () => {
    const { owner, editor } = await reportWorld(t.services)
    await t.services.monthlyReports.sendMonth(MONTH)
    const link = t.sent.find((m) => m.to === owner.user.email)!.link!
    const token = link.split('/').pop()!
    expect(await t.services.monthlyReports.unsubscribe(token)).toEqual({ locale: 'fr' })
    expect((await t.services.monthlyReports.subscription(owner.user)).subscribed).toBe(false)
    expect((await t.services.monthlyReports.subscription(editor.user)).subscribed).toBe(true)
    // Another user's id under this token's MAC, a changed MAC, garbage: refused.
    const [, mac] = token.split('.')
    expect(await t.services.monthlyReports.unsubscribe(`${editor.user.id}.${mac}`)).toBeNull()
    expect(await t.services.monthlyReports.unsubscribe(`${editor.user.id}.${'A'.repeat(43)}`)).toBeNull()
    expect(await t.services.monthlyReports.unsubscribe('../../etc')).toBeNull()
    expect((await t.services.monthlyReports.subscription(editor.user)).subscribed).toBe(true)
    t.sent.length = 0
    expect((await t.services.monthlyReports.sendMonth('2026-11')).sent).toBe(1)
    expect(t.sent.map((m) => m.to)).toEqual([editor.user.email])
  })

  it('the running server checks at its start and every hour, sends last month’s where not sent, and stops cleanly', async () => {
    const { owner, editor } = await reportWorld(t.services)
    const delivered: string[] = []
    const mailer: Mailer = { send: async (m) => void (await new Promise((r) => setTimeout(r, 20)), delivered.push(m.to)) }
    // On 1 November (and on any later day of it) the report due is October's.
    const now = () => new Date('2026-11-01T00:05:00.000Z')
    const first = scheduleMonthlyReports(otherProcess(mailer), createLogger('silent'), { firstInMs: 0, everyMs: 25, now })
    const second = scheduleMonthlyReports(otherProcess(mailer), createLogger('silent'), { firstInMs: 0, everyMs: 25, now })
    await expect.poll(() => delivered.length, { timeout: 5_000 }).toBe(2)
    // A few more hourly checks (here every 25 ms) by both: nothing more.
    await new Promise((r) => setTimeout(r, 150))
    await Promise.all([first.stop(), second.stop()])
    expect(delivered.sort()).toEqual([owner.user.email, editor.user.email].sort())
    expect((await sends()).map((s) => [s.month, s.status])).toEqual([
      [MONTH, 'sent'],
      [MONTH, 'sent'],
    ])
  })
})
