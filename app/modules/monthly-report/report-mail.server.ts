import type { Locale } from '#app/i18n/config.ts'
import { getFixedT } from '#app/i18n/i18n.server.ts'
import { mailTable } from '#app/platform/mail/mail-table.ts'
import { escapeHtml, mailName } from '#app/platform/mail/mail-text.ts'
import { dateFormat } from '#app/utils/dates.ts'
import { CHART_HEIGHT, CHART_WIDTH, chartDays, chartScale } from './chart.server.ts'

/** One figure of the month and the same figure the month before; null: not known (no visit timed). */
interface Figure {
  value: number | null
  previous: number | null
}

/** What a category's report says: every figure read from the roll-ups (see MonthlyReportService.build). */
export interface CategoryReport {
  /** 'YYYY-MM' */
  month: string
  category: { id: number; name: string }
  figures: { views: Figure; likes: Figure; averageTime: Figure; scans: Figure; plaquesScanned: Figure }
  /** Plaques activated by the month's end: without any, nothing is said of silent plaques. */
  activatedPlaques: number
  topRoutes: Array<{ name: string | null; views: number }>
  topPlaques: Array<{ name: string | null; code: string; scans: number }>
  silentPlaques: Array<{ name: string | null; code: string; lastScannedAt: string | null }>
  openReports: number
  dailyViews: Array<{ day: string; views: number }>
}

export interface RenderOptions {
  locale: Locale
  recipientName: string
  /** The Reports screen, in the recipient's language. */
  reportsUrl: string
  /** The one-click page that turns the report off. */
  unsubscribeUrl: string
  /** The Content-ID of the inline chart. */
  chartCid: string
  /** The trails' time zone (TIME_ZONE): the last scans' days. */
  timeZone: string
}

/** Silent plaques named at most; the rest are counted ("and 4 more"). */
export const SILENT_SHOWN = 10

const figureKeys = ['views', 'likes', 'averageTime', 'scans', 'plaquesScanned'] as const

const monthDate = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1))

/** The month before 'YYYY-MM'. */
export function previousMonth(month: string): string {
  const date = monthDate(month)
  date.setUTCMonth(date.getUTCMonth() - 1)
  return date.toISOString().slice(0, 7)
}

/** The formatters of one language: numbers, months, dates and the change against the month before. */
function formatters(locale: Locale, timeZone: string) {
  const t = getFixedT(locale)
  const number = new Intl.NumberFormat(locale)
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' })
  const dates = dateFormat(locale, timeZone)
  const duration = (seconds: number) => t('monthlyReport.duration', { minutes: number.format(Math.floor(seconds / 60)), seconds: String(seconds % 60).padStart(2, '0') })
  return {
    t,
    number: (value: number) => number.format(value),
    month: (value: string) => dates.month(value),
    date: (iso: string) => dates.date(iso),
    day: (day: string) => dates.day(day),
    figure: (key: (typeof figureKeys)[number], value: number | null) =>
      value === null ? t('monthlyReport.figures.unknown') : key === 'averageTime' ? duration(value) : number.format(value),
    /** "+12 %", "−5 %", "new" (nothing the month before), "–" (nothing either month, or not known). */
    change: ({ value, previous }: Figure): { text: string; trend: 'up' | 'down' | 'flat' } => {
      if (value === null || previous === null) return { text: '–', trend: 'flat' }
      if (previous === 0) return value === 0 ? { text: '–', trend: 'flat' } : { text: t('monthlyReport.change.new'), trend: 'up' }
      const ratio = (value - previous) / previous
      return { text: percent.format(ratio), trend: ratio > 0 ? 'up' : ratio < 0 ? 'down' : 'flat' }
    },
  }
}

const plaqueLabel = (plaque: { name: string | null; code: string }) => (plaque.name ? `${mailName(plaque.name)} (${plaque.code})` : plaque.code)

/** The report's subject, text and HTML, all in the recipient's language. */
export function renderReportMail(report: CategoryReport, options: RenderOptions): { subject: string; text: string; html: string } {
  const f = formatters(options.locale, options.timeZone)
  const { t } = f
  const category = mailName(report.category.name)
  const month = f.month(report.month)
  const previous = f.month(previousMonth(report.month))
  const name = mailName(options.recipientName)
  const busiest = report.dailyViews.reduce((best, d) => (d.views > best.views ? d : best), { day: report.dailyViews[0]?.day ?? `${report.month}-01`, views: 0 })

  const subject = t('monthlyReport.subject', { category, month })
  const title = t('monthlyReport.title', { category, month })
  const intro = t('monthlyReport.intro', { name, category, month, previous })
  const rows = figureKeys.map((key) => ({ label: t(`monthlyReport.figures.${key}`), value: f.figure(key, report.figures[key].value), before: f.figure(key, report.figures[key].previous), change: f.change(report.figures[key]) }))
  const routes = report.topRoutes.map((r) => ({ name: r.name ? mailName(r.name) : t('monthlyReport.topRoutes.unnamed'), count: t('monthlyReport.views', { count: r.views, formatted: f.number(r.views) }) }))
  const plaques = report.topPlaques.map((p) => ({ name: plaqueLabel(p), count: t('monthlyReport.scans', { count: p.scans, formatted: f.number(p.scans) }) }))
  const silent = report.silentPlaques.slice(0, SILENT_SHOWN).map((p) => ({
    name: plaqueLabel(p),
    last: p.lastScannedAt ? t('monthlyReport.silentPlaques.lastScan', { date: f.date(p.lastScannedAt) }) : t('monthlyReport.silentPlaques.never'),
  }))
  const more = report.silentPlaques.length - silent.length
  const reportsLine = report.openReports === 0 ? t('monthlyReport.reports.none') : t('monthlyReport.reports.open', { count: report.openReports, formatted: f.number(report.openReports) })
  const chartAlt =
    busiest.views === 0 ? t('monthlyReport.chart.altNone', { month }) : t('monthlyReport.chart.alt', { month, views: f.number(busiest.views), day: f.day(busiest.day) })
  const scale = chartScale(report.dailyViews)
  const labelledDays = chartDays(report.dailyViews).map((d) => f.day(d.day))
  // Without any activated plaque, "every plaque was scanned" would be true of nothing (ADR 100).
  const silentNone = report.activatedPlaques === 0 ? t('monthlyReport.silentPlaques.noPlaques') : t('monthlyReport.silentPlaques.none')
  const reportsLink = t('monthlyReport.reports.link', { category })

  // ---- Plain text: what a text-only client (and a screen reader in one) gets.
  const text = [
    title,
    '',
    intro,
    '',
    `${t('monthlyReport.figures.heading')}`,
    ...rows.map((r) => `- ${r.label}: ${r.value} (${t('monthlyReport.figures.before', { value: r.before })}; ${r.change.text})`),
    '',
    t('monthlyReport.chart.heading'),
    chartAlt,
    '',
    t('monthlyReport.topRoutes.heading'),
    ...(routes.length ? routes.map((r, i) => `${i + 1}. ${r.name}: ${r.count}`) : [t('monthlyReport.topRoutes.none')]),
    '',
    t('monthlyReport.topPlaques.heading'),
    ...(plaques.length ? plaques.map((p, i) => `${i + 1}. ${p.name}: ${p.count}`) : [t('monthlyReport.topPlaques.none')]),
    '',
    t('monthlyReport.silentPlaques.heading'),
    ...(silent.length ? [t('monthlyReport.silentPlaques.intro'), ...silent.map((p) => `- ${p.name}: ${p.last}`)] : [silentNone]),
    ...(more > 0 ? [t('monthlyReport.silentPlaques.more', { count: more, formatted: f.number(more) })] : []),
    '',
    t('monthlyReport.reports.heading'),
    reportsLine,
    `${reportsLink}: ${options.reportsUrl}`,
    '',
    '--',
    t('monthlyReport.footer.why', { category }),
    `${t('monthlyReport.footer.unsubscribe')}: ${options.unsubscribeUrl}`,
    t('monthlyReport.footer.settings'),
  ].join('\n')

  // ---- HTML: tables and inline styles, the one layout every mail client renders alike.
  const e = escapeHtml
  const section = (heading: string, body: string) =>
    `<tr><td style="padding:20px 24px 0"><h2 style="margin:0 0 8px;font-size:16px;line-height:1.3;color:#111827">${e(heading)}</h2>${body}</td></tr>`
  const para = (value: string, color = '#374151') => `<p style="margin:0 0 8px;font-size:14px;line-height:1.5;color:${color}">${e(value)}</p>`
  const trendColor = { up: '#047857', down: '#b91c1c', flat: '#6b7280' }
  const figures = mailTable(
    [{ heading: '' }, { heading: month, numeric: true }, { heading: t('monthlyReport.figures.change', { previous }), numeric: true }],
    rows.map((r) => [
      { text: r.label },
      { text: r.value, tone: 'strong' },
      { text: r.change.text, tone: 'muted', color: trendColor[r.change.trend], title: t('monthlyReport.figures.before', { value: r.before }) },
    ]),
  )
  const list = (items: Array<{ name: string; count: string }>, empty: string) =>
    items.length === 0
      ? para(empty, '#6b7280')
      : mailTable(
          [{}, { numeric: true }],
          items.map((item, i) => [{ text: `${i + 1}. ${item.name}` }, { text: item.count, tone: 'muted' }]),
        )
  const silentBody =
    silent.length === 0
      ? para(silentNone, '#6b7280')
      : para(t('monthlyReport.silentPlaques.intro'), '#4b5563') +
        `<ul style="margin:0;padding:0 0 0 18px">${silent.map((p) => `<li style="margin:0 0 4px;font-size:14px;color:#111827">${e(p.name)} <span style="color:#6b7280;font-size:13px">· ${e(p.last)}</span></li>`).join('')}</ul>` +
        (more > 0 ? para(t('monthlyReport.silentPlaques.more', { count: more, formatted: f.number(more) }), '#6b7280') : '')
  const button = (href: string, label: string) =>
    `<a href="${e(href)}" style="display:inline-block;margin-top:4px;padding:10px 16px;border-radius:8px;background:#0f766e;color:#ffffff;font-size:14px;font-weight:bold;text-decoration:none">${e(label)}</a>`

  // The chart: its scale (views per day) beside the image, its first, middle and last days under it.
  const axis = 'font-size:11px;line-height:1;color:#4b5563;white-space:nowrap'
  const chart =
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;max-width:${CHART_WIDTH + 40}px">` +
    `<tr><td style="${axis};width:32px;padding-right:6px;text-align:right;vertical-align:top">${e(f.number(scale.top))}</td>` +
    `<td rowspan="3" style="padding:0"><img src="cid:${e(options.chartCid)}" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" alt="${e(chartAlt)}" style="display:block;width:100%;max-width:${CHART_WIDTH}px;height:auto;border:0"></td></tr>` +
    `<tr><td style="${axis};padding-right:6px;text-align:right;vertical-align:middle">${e(f.number(scale.middle))}</td></tr>` +
    `<tr><td style="${axis};padding-right:6px;text-align:right;vertical-align:bottom">0</td></tr>` +
    `<tr><td></td><td style="padding:4px 0 0"><table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr>${labelledDays
      .map((day, i) => `<td style="${axis};text-align:${['left', 'center', 'right'][i]}">${e(day)}</td>`)
      .join('')}</tr></table></td></tr></table>` +
    para(t('monthlyReport.chart.scale'), '#6b7280')

  const html = `<!doctype html>
<html lang="${options.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;border-collapse:separate">
<tr><td style="padding:24px 24px 0"><p style="margin:0 0 4px;font-size:12px;letter-spacing:.06em;text-transform:uppercase;color:#0f766e;font-weight:bold">Trailguide</p>
<h1 style="margin:0 0 12px;font-size:22px;line-height:1.25;color:#111827">${e(title)}</h1>${para(intro)}</td></tr>
${section(t('monthlyReport.figures.heading'), figures)}
${section(t('monthlyReport.chart.heading'), chart)}
${section(t('monthlyReport.topRoutes.heading'), list(routes, t('monthlyReport.topRoutes.none')))}
${section(t('monthlyReport.topPlaques.heading'), list(plaques, t('monthlyReport.topPlaques.none')))}
${section(t('monthlyReport.silentPlaques.heading'), silentBody)}
${section(t('monthlyReport.reports.heading'), para(reportsLine) + button(options.reportsUrl, reportsLink))}
<tr><td style="padding:24px"><p style="margin:0;font-size:12px;line-height:1.5;color:#6b7280">${e(t('monthlyReport.footer.why', { category }))} <a href="${e(options.unsubscribeUrl)}" style="color:#0f766e">${e(t('monthlyReport.footer.unsubscribe'))}</a>. ${e(t('monthlyReport.footer.settings'))}</p></td></tr>
</table></td></tr></table></body></html>`

  return { subject, text, html }
}
