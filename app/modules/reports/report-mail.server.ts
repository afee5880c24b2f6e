import type { Config } from '#app/config/config.server.ts'
import { nowIso, type DB } from '#app/db/db.server.ts'
import { defaultLocale, isLocale, localizePath, type Locale } from '#app/i18n/config.ts'
import { dateFormat } from '#app/utils/dates.ts'
import { getFixedT } from '#app/i18n/i18n.server.ts'
import { mailName } from '#app/platform/mail/mail-text.ts'
import type { MailQueue } from '#app/platform/mail/mail-queue.server.ts'
import type { Storage } from '#app/platform/storage/storage.server.ts'
import type { Logger } from '#app/platform/observability/logger.server.ts'
import { ReportsRepo, type ReportRow } from './reports.repo.server.ts'
import { REPORT_MESSAGE_MAX } from './reports.schema.ts'
import { walkName } from './reports.service.server.ts'

/** How often each server process looks for reports whose wait is over. */
const REPORT_MAIL_TICK_MS = 60_000

/**
 * A visitor's text, safe in a plain-text mail: control and format characters (bidirectional
 * overrides, zero-width characters) removed, at most one blank line in a row, every line quoted
 * with "> " so the visitor cannot write lines that pass for the mail's own (a fake "See them:
 * https://…" link line), and no address a mail client would make a link of (`delinked`).
 */
export function quotedVisitorText(text: string, indent: string): string {
  const clean = [...text.normalize('NFC')]
    .slice(0, REPORT_MESSAGE_MAX)
    .join('')
    .replace(/\r\n?/g, '\n')
    .replace(/[\p{Zl}\p{Zp}]/gu, '\n')
    .replace(/(?![\n\t])[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\t/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  return delinked(clean)
    .split('\n')
    .map((line) => `${indent}> ${line.trimEnd()}`.trimEnd())
    .join('\n')
}

/**
 * Mail clients turn what looks like an address (`https://…`, `www.…`, `host.example`, `a@b.example`)
 * into a link: in a mail from our sender, a visitor's link would carry our name. Such text is
 * shown defanged, as security mails do (`https[:]//host[.]example`), readable and never linked.
 */
export function delinked(text: string): string {
  return text
    .replace(/([\p{L}\p{N}+.-]):(?=\/\/)/gu, '$1[:]')
    .replace(/(?<=[\p{L}\p{N}])\.(?=\p{L})/gu, '[.]')
    .replace(/(?<=\S)@(?=\S)/gu, '[@]')
}

interface Owner {
  id: number
  email: string
  locale: string
}

/**
 * The owners' mail about new visitor reports, batched: every REPORT_MAIL_TICK_MS each server
 * process looks for categories whose oldest unlisted report has waited REPORT_MAIL_DELAY_MINUTES,
 * claims all of that category's unlisted reports (sets `notified_at` in one UPDATE, so with
 * several processes each report is claimed by one), and queues one mail per owner listing the
 * open ones, in the owner's language (mail queue: SMTP, or the outbox without it).
 */
export class ReportMail {
  constructor(private readonly deps: { db: DB; config: Pick<Config, 'BASE_URL' | 'REPORT_MAIL_DELAY_MINUTES' | 'TIME_ZONE'>; mailQueue: MailQueue; storage: Storage }) {}

  /** Claims and queues what is due at `now`; answers how many mails were queued. */
  async sendDue(now: Date = new Date()): Promise<number> {
    const repo = new ReportsRepo(this.deps.db)
    // A new report waits REPORT_MAIL_DELAY_MINUTES for others: reports arriving together (a storm
    // felled trees across three paths) make one mail, not ten.
    const due = await repo.dueCategories(nowIso(new Date(now.getTime() - this.deps.config.REPORT_MAIL_DELAY_MINUTES * 60_000)))
    let queued = 0
    for (const categoryId of due) {
      const claimed = await this.deps.db.transaction().execute(async (trx) => {
        const inTrx = new ReportsRepo(trx)
        const ids = await inTrx.claimPending(categoryId, nowIso(now))
        const rows = (await inTrx.byIds(ids)).filter((r) => r.status === 'open')
        if (rows.length === 0) return null
        // One after another: a transaction is one connection.
        const category = await inTrx.category(categoryId)
        if (!category) return null
        return { category, owners: await inTrx.owners(categoryId), names: await inTrx.walkNames(walkIdsOf(rows)), rows }
      })
      if (!claimed) continue
      for (const owner of claimed.owners) {
        const message = this.compose(owner, claimed.category, claimed.rows, claimed.names)
        this.deps.mailQueue.enqueue('visitor reports', async () => message)
        queued++
      }
    }
    return queued
  }

  private compose(owner: Owner, category: { id: number; name: string }, rows: ReportRow[], names: Map<number, Map<string, string>>) {
    const locale: Locale = isLocale(owner.locale) ? owner.locale : defaultLocale
    const t = getFixedT(locale)
    const name = mailName(category.name)
    const base = this.deps.config.BASE_URL.replace(/\/+$/, '')
    const dates = dateFormat(locale, this.deps.config.TIME_ZONE)
    const link = `${base}${localizePath(`/reports?category=${category.id}`, locale)}`
    const items = rows.map((r, i) => {
      const where = [
        r.place_name !== null ? t('mail.visitorReports.place', { name: mailName(r.place_name) }) : null,
        r.qr_code !== null ? t('mail.visitorReports.plaque', { code: r.qr_code }) : null,
        r.walk_id !== null && r.walk_slug !== null ? t('mail.visitorReports.route', { name: mailName(walkName(names.get(r.walk_id), locale, r.walk_slug)) }) : null,
      ].filter((part): part is string => part !== null)
      const lines = [`${i + 1}. ${t(`reports.kinds.${r.kind}`)} · ${dates.dateTime(r.created_at)}`]
      if (where.length > 0) lines.push(`   ${where.join(' · ')}`)
      if (r.message) lines.push(quotedVisitorText(r.message, '   '))
      if (r.photo_path) lines.push(`   ${t('mail.visitorReports.photo', { url: absolute(base, this.deps.storage.url(r.photo_path)) })}`)
      return lines.join('\n')
    })
    const text = [t('mail.visitorReports.intro', { count: rows.length, name }), '', ...items.flatMap((item) => [item, '']), t('mail.visitorReports.link', { link }), '', t('mail.visitorReports.footer')].join('\n')
    return { to: owner.email, subject: t('mail.visitorReports.subject', { count: rows.length, name }), text, link }
  }
}

const walkIdsOf = (rows: ReportRow[]) => [...new Set(rows.map((r) => r.walk_id).filter((id): id is number => id !== null))]
const absolute = (base: string, url: string) => (/^https?:\/\//.test(url) ? url : `${base}${url}`)

/**
 * Runs ReportMail.sendDue every REPORT_MAIL_TICK_MS in this process (each process may: the
 * claim decides who sends). Answers the function that stops it (at shutdown).
 */
export function scheduleReportMail(mail: ReportMail, logger: Logger, tickMs: number = REPORT_MAIL_TICK_MS): () => void {
  let running = false
  const every = setInterval(() => {
    if (running) return
    running = true
    mail
      .sendDue()
      .then((queued) => {
        if (queued > 0) logger.info('visitor report mails queued', { queued })
      })
      .catch((error: unknown) => logger.error('visitor report mail failed', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        running = false
      })
  }, tickMs)
  // A timer alone never keeps a process alive: the HTTP server does.
  every.unref()
  return () => clearInterval(every)
}
