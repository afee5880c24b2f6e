import type { Config } from '#app/config/config.server.ts'
import { nowIso, type DB } from '#app/db/db.server.ts'
import type { User } from '#app/db/schema.ts'
import { localizePath, type Locale } from '#app/i18n/config.ts'
import { localeOfUser } from '#app/modules/auth/public-user.ts'
import type { Mailer } from '#app/platform/mail/mailer.server.ts'
import { rangeOf, type StatsService } from '#app/modules/stats/stats.service.server.ts'
import type { Logger } from '#app/platform/observability/logger.server.ts'
import { dailyViewsPng } from './chart.server.ts'
import { MAX_ATTEMPTS, MonthlyReportRepo, type Recipient } from './monthly-report.repo.server.ts'
import { previousMonth, renderReportMail, type CategoryReport } from './report-mail.server.ts'
import { unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.server.ts'

/** Routes and plaques named in a report's top lists. */
const TOP = 5
/** A plaque is silent after this many days without a counted scan. */
const SILENT_DAYS = 30
const CHART_CID = 'daily-views@trailguide'

/** Why no report of a month went out (a run that sent nothing says it, ADR 100). */
export interface NothingDue {
  /** No category has a member. */
  noMembers: boolean
  /** Categories created after the month ended: their first report is their first month's. */
  tooNew: Array<{ name: string; createdAt: string }>
  /** Members who turned the report off. */
  optedOut: number
  /** Reports of the month already sent. */
  alreadySent: number
  /** Reports refused MAX_ATTEMPTS times (the SMTP peer), no longer tried. */
  gaveUp: number
}

export interface SendCounts {
  sent: number
  failed: number
  /** Already sent, or taken by another process meanwhile. */
  skipped: number
}

const period = (month: string) => ({ year: Number(month.slice(0, 4)), month: Number(month.slice(5, 7)) })

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** The month before `now`'s (UTC): on any day of a month, the report due is the last month's. */
export function dueMonth(now: Date): string {
  return previousMonth(now.toISOString().slice(0, 7))
}

/**
 * The monthly report (issue 15, item 5; ADR 029): per member and category, last month's figures
 * against the month before, read through StatsService so they are the statistics screen's own,
 * and the plaques and visitor reports beside them. A record per (member, category, month)
 * decides that each is sent at most once, whatever the number of processes sending.
 */
export class MonthlyReportService {
  constructor(
    private readonly deps: {
      db: DB
      config: Pick<Config, 'BASE_URL' | 'TIME_ZONE'>
      stats: StatsService
      mailer: Mailer
      logger: Logger
      /** The app's secret (the unsubscribe links' HMAC key). */
      secret: () => string
      now?: () => Date
    },
  ) {}

  private now() {
    return this.deps.now?.() ?? new Date()
  }

  /** What the report of a category for a month says. */
  async build(categoryId: number, categoryName: string, month: string, locale: Locale | null = null): Promise<CategoryReport> {
    const { stats } = this.deps
    const repo = new MonthlyReportRepo(this.deps.db)
    const before = previousMonth(month)
    const range = rangeOf(period(month))!
    const beforeRange = rangeOf(period(before))!
    const [now, then, breakdown, dailyViews, scans, scansBefore, topPlaques, plaquesScanned, plaquesScannedBefore, activatedPlaques] = await Promise.all([
      stats.statistic(categoryId, period(month)),
      stats.statistic(categoryId, period(before)),
      stats.breakdownOf(categoryId, period(month), locale),
      stats.dailyViews(categoryId, period(month)),
      repo.scans(categoryId, range.from, range.to),
      repo.scans(categoryId, beforeRange.from, beforeRange.to),
      repo.topPlaques(categoryId, range.from, range.to, TOP),
      repo.plaquesScanned(categoryId, range.from, range.to),
      repo.plaquesScanned(categoryId, beforeRange.from, beforeRange.to),
      repo.activatedPlaques(categoryId, addDays(range.to, 1)),
    ])
    // Silent: no scan in the 30 days that end with the month.
    const silentFrom = addDays(range.to, -(SILENT_DAYS - 1))
    const [silentPlaques, openReports] = await Promise.all([repo.silentPlaques(categoryId, silentFrom, range.to), repo.openReports(categoryId)])
    return {
      month,
      category: { id: categoryId, name: categoryName },
      figures: {
        views: { value: now.views, previous: then.views },
        likes: { value: now.likes, previous: then.likes },
        // No visit measured: an average of 0 s would be a figure nobody saw (ADR 100).
        averageTime: { value: now.averageTimePerSession || null, previous: then.averageTimePerSession || null },
        scans: { value: scans, previous: scansBefore },
        // Not "place visits": a place visit is recorded by each scan (ADR 025), the same figure twice.
        plaquesScanned: { value: plaquesScanned, previous: plaquesScannedBefore },
      },
      activatedPlaques,
      topRoutes: breakdown.routes
        .filter((r) => r.views > 0)
        .slice(0, TOP)
        .map((r) => ({ name: r.name, views: r.views })),
      topPlaques: topPlaques.map((p) => ({ name: p.name, code: p.code, scans: p.scans })),
      silentPlaques: silentPlaques.map((p) => ({ name: p.name, code: p.code, lastScannedAt: p.lastScannedAt })),
      openReports,
      dailyViews,
    }
  }

  /** The mail of one report, ready to send: HTML with its chart inline, text, List-Unsubscribe. */
  async compose(recipient: Recipient, report: CategoryReport) {
    const locale = localeOfUser(recipient)
    const base = this.deps.config.BASE_URL
    const unsubscribeUrl = `${base}${localizePath(`/monthly-report/unsubscribe/${this.unsubscribeToken(recipient.userId)}`, locale)}`
    const reportsUrl = `${base}${localizePath(`/reports?category=${report.category.id}`, locale)}`
    const mail = renderReportMail(report, { locale, recipientName: recipient.name, reportsUrl, unsubscribeUrl, chartCid: CHART_CID, timeZone: this.deps.config.TIME_ZONE })
    const chart = await dailyViewsPng(report.dailyViews)
    return {
      to: recipient.email,
      ...mail,
      attachments: [{ filename: 'daily-views.png', contentType: 'image/png', content: chart, cid: CHART_CID }],
      // RFC 2369 and RFC 8058: the mail client's own "unsubscribe" posts to the same page.
      headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      link: unsubscribeUrl,
    }
  }

  /**
   * Sends the month's reports that are due: each one claimed first (a record in the database),
   * then sent, then marked sent; a refused send is marked failed and tried again by a later run.
   * `shouldStop` is asked before each claim (a shutting-down server starts no new send).
   */
  async sendMonth(month: string, options: { shouldStop?: () => boolean } = {}): Promise<SendCounts> {
    const repo = new MonthlyReportRepo(this.deps.db)
    const monthEnd = addDays(rangeOf(period(month))!.to, 1)
    const counts: SendCounts = { sent: 0, failed: 0, skipped: 0 }
    const reports = new Map<string, CategoryReport>()
    for (const recipient of await repo.pending(month, monthEnd)) {
      if (options.shouldStop?.()) break
      if (!(await repo.claim(recipient.userId, recipient.categoryId, month, nowIso(this.now())))) {
        counts.skipped++
        continue
      }
      try {
        const locale = localeOfUser(recipient)
        // Built once per category and language (route names follow the reader's language).
        const key = `${recipient.categoryId}|${locale}`
        let report = reports.get(key)
        if (!report) {
          report = await this.build(recipient.categoryId, recipient.categoryName, month, locale)
          reports.set(key, report)
        }
        await this.deps.mailer.send(await this.compose(recipient, report))
      } catch (error) {
        await repo.markFailed(recipient.userId, recipient.categoryId, month)
        counts.failed++
        // Neither the address nor the content: an SMTP error's text may quote the recipient.
        this.deps.logger.error('monthly report could not be sent', { month, categoryId: recipient.categoryId, error: error instanceof Error ? error.name : 'unknown' })
        continue
      }
      await repo.markSent(recipient.userId, recipient.categoryId, month, nowIso(this.now()))
      counts.sent++
    }
    return counts
  }

  /** What stood in the way of each report of the month, for a run that sent nothing. */
  async whyNothingDue(month: string): Promise<NothingDue> {
    const monthEnd = addDays(rangeOf(period(month))!.to, 1)
    const audience = await new MonthlyReportRepo(this.deps.db).audience(month)
    const tooNew = new Map<string, string>()
    for (const a of audience) if (a.categoryCreatedAt >= monthEnd) tooNew.set(a.categoryName, a.categoryCreatedAt)
    const due = audience.filter((a) => a.categoryCreatedAt < monthEnd)
    return {
      noMembers: audience.length === 0,
      tooNew: [...tooNew].map(([name, createdAt]) => ({ name, createdAt })),
      optedOut: due.filter((a) => a.optedOut && a.status === null).length,
      alreadySent: due.filter((a) => a.status === 'sent' || a.status === 'sending').length,
      gaveUp: due.filter((a) => a.status === 'failed' && a.attempts >= MAX_ATTEMPTS).length,
    }
  }

  /** Whether the user receives the monthly report. */
  async subscription(user: User): Promise<{ subscribed: boolean }> {
    return { subscribed: (await new MonthlyReportRepo(this.deps.db).optOut(user.id)) === 0 }
  }

  async setSubscription(user: User, subscribed: boolean): Promise<{ subscribed: boolean }> {
    await new MonthlyReportRepo(this.deps.db).setOptOut(user.id, !subscribed, nowIso(this.now()))
    return { subscribed }
  }

  unsubscribeToken(userId: number): string {
    return unsubscribeToken(this.deps.secret(), userId)
  }

  /** Whether a link's token is one this server made (the page asks before anything changes). */
  isUnsubscribeToken(token: string): boolean {
    return verifyUnsubscribeToken(this.deps.secret(), token) !== null
  }

  /** The link's "no more reports": the user's language when the token is good, null when not. */
  async unsubscribe(token: string): Promise<{ locale: Locale } | null> {
    const userId = verifyUnsubscribeToken(this.deps.secret(), token)
    if (userId === null) return null
    const user = await new MonthlyReportRepo(this.deps.db).setOptOut(userId, true, nowIso(this.now()))
    return user ? { locale: localeOfUser(user) } : null
  }
}
