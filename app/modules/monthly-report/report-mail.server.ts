import type { Locale } from '#app/i18n/config.ts'
import { getFixedT } from '#app/i18n/i18n.server.ts'
import { mailName } from '#app/platform/mail/mail-text.ts'
import { CHART_HEIGHT, CHART_WIDTH } from './chart.server.ts'

/** One figure of the month and the same figure the month before. */
interface Figure {
  value: number
  previous: number
}

/** What a category's report says: every figure read from the roll-ups (see MonthlyReportService.build). */
export interface CategoryReport {
  /** 'YYYY-MM' */
  month: string
  category: { id: number; name: string }
  figures: { views: Figure; likes: Figure; averageTime: Figure; placeVisits: Figure; scans: Figure }
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
}

/** Silent plaques named at most; the rest are counted ("and 4 more"). */
export const SILENT_SHOWN = 10

const figureKeys = ['views', 'likes', 'averageTime', 'placeVisits', 'scans'] as const

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const monthDate = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1))

/** The month before 'YYYY-MM'. */
export function previousMonth(month: string): string {
  const date = monthDate(month)
  date.setUTCMonth(date.getUTCMonth() - 1)
  return date.toISOString().slice(0, 7)
}

/** The formatters of one language: numbers, months, dates and the change against the month before. */
function formatters(locale: Locale) {
  const t = getFixedT(locale)
  const number = new Intl.NumberFormat(locale)
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' })
  const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
  const duration = (seconds: number) => t('monthlyReport.duration', { minutes: number.format(Math.floor(seconds / 60)), seconds: String(seconds % 60).padStart(2, '0') })
  return {
    t,
    number: (value: number) => number.format(value),
    month: (value: string) => month.format(monthDate(value)),
    date: (iso: string) => date.format(new Date(iso)),
    duration,
    figure: (key: (typeof figureKeys)[number], value: number) => (key === 'averageTime' ? duration(value) : number.format(value)),
    /** "+12 %", "−5 %", "new" (nothing the month before), "–" (nothing either month). */
    change: ({ value, previous }: Figure): { text: string; trend: 'up' | 'down' | 'flat' } => {
      if (previous === 0) return value === 0 ? { text: '–', trend: 'flat' } : { text: t('monthlyReport.change.new'), trend: 'up' }
      const ratio = (value - previous) / previous
      return { text: percent.format(ratio), trend: ratio > 0 ? 'up' : ratio < 0 ? 'down' : 'flat' }
    },
  }
}

const plaqueLabel = (plaque: { name: string | null; code: string }) => (plaque.name ? `${mailName(plaque.name)} (${plaque.code})` : plaque.code)

/** The report's subject, text and HTML, all in the recipient's language. */
export function renderReportMail(report: CategoryReport, options: RenderOptions): { subject: string; text: string; html: string } {
  const f = formatters(options.locale)
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
  const chartAlt = t('monthlyReport.chart.alt', { month, views: f.number(busiest.views), day: f.date(`${busiest.day}T00:00:00.000Z`) })

  // ---- Plain text: what a text-only client (and a screen reader in one) gets.
  const text = [
    title,
    '',
    intro,
    '',
    `${t('monthlyReport.figures.heading')}`,
    ...rows.map((r) => `- ${r.label}: ${r.value} (${t('monthlyReport.figures.before', { value: r.before })}; ${r.change.text})`),
    '',
    t('monthlyReport.topRoutes.heading'),
    ...(routes.length ? routes.map((r, i) => `${i + 1}. ${r.name}: ${r.count}`) : [t('monthlyReport.topRoutes.none')]),
    '',
    t('monthlyReport.topPlaques.heading'),
    ...(plaques.length ? plaques.map((p, i) => `${i + 1}. ${p.name}: ${p.count}`) : [t('monthlyReport.topPlaques.none')]),
    '',
    t('monthlyReport.silentPlaques.heading'),
    ...(silent.length ? [t('monthlyReport.silentPlaques.intro'), ...silent.map((p) => `- ${p.name}: ${p.last}`)] : [t('monthlyReport.silentPlaques.none')]),
    ...(more > 0 ? [t('monthlyReport.silentPlaques.more', { count: more, formatted: f.number(more) })] : []),
    '',
    t('monthlyReport.reports.heading'),
    reportsLine,
    `${t('monthlyReport.reports.link')}: ${options.reportsUrl}`,
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
  const figureRows = rows
    .map(
      (r) =>
        `<tr><td style="padding:8px 0;border-bottom:1px solid #e5e7eb;font-size:14px;color:#374151">${e(r.label)}</td>` +
        `<td style="padding:8px 0 8px 8px;border-bottom:1px solid #e5e7eb;font-size:16px;font-weight:bold;color:#111827;text-align:right;white-space:nowrap">${e(r.value)}</td>` +
        `<td style="padding:8px 0 8px 12px;border-bottom:1px solid #e5e7eb;font-size:13px;color:${trendColor[r.change.trend]};text-align:right;white-space:nowrap" title="${e(t('monthlyReport.figures.before', { value: r.before }))}">${e(r.change.text)}</td></tr>`,
    )
    .join('')
  const list = (items: Array<{ name: string; count: string }>, empty: string) =>
    items.length === 0
      ? para(empty, '#6b7280')
      : `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse">${items
          .map(
            (item, i) =>
              `<tr><td style="padding:6px 0;border-bottom:1px solid #f3f4f6;font-size:14px;color:#111827">${i + 1}. ${e(item.name)}</td><td style="padding:6px 0 6px 8px;border-bottom:1px solid #f3f4f6;font-size:13px;color:#4b5563;text-align:right;white-space:nowrap">${e(item.count)}</td></tr>`,
          )
          .join('')}</table>`
  const silentBody =
    silent.length === 0
      ? para(t('monthlyReport.silentPlaques.none'), '#6b7280')
      : para(t('monthlyReport.silentPlaques.intro'), '#4b5563') +
        `<ul style="margin:0;padding:0 0 0 18px">${silent.map((p) => `<li style="margin:0 0 4px;font-size:14px;color:#111827">${e(p.name)} <span style="color:#6b7280;font-size:13px">· ${e(p.last)}</span></li>`).join('')}</ul>` +
        (more > 0 ? para(t('monthlyReport.silentPlaques.more', { count: more, formatted: f.number(more) }), '#6b7280') : '')
  const button = (href: string, label: string) =>
    `<a href="${e(href)}" style="display:inline-block;margin-top:4px;padding:10px 16px;border-radius:8px;background:#0f766e;color:#ffffff;font-size:14px;font-weight:bold;text-decoration:none">${e(label)}</a>`

  const html = `<!doctype html>
<html lang="${options.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;border-collapse:separate">
<tr><td style="padding:24px 24px 0"><p style="margin:0 0 4px;font-size:12px;letter-spacing:.06em;text-transform:uppercase;color:#0f766e;font-weight:bold">Trailguide</p>
<h1 style="margin:0 0 12px;font-size:22px;line-height:1.25;color:#111827">${e(title)}</h1>${para(intro)}</td></tr>
${section(t('monthlyReport.figures.heading'), `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse"><tr><th style="text-align:left;font-size:12px;font-weight:normal;color:#6b7280;padding-bottom:4px">${e(month)}</th><th></th><th style="text-align:right;font-size:12px;font-weight:normal;color:#6b7280;padding-bottom:4px">${e(t('monthlyReport.figures.change', { previous }))}</th></tr>${figureRows}</table>`)}
${section(t('monthlyReport.chart.heading'), `<img src="cid:${e(options.chartCid)}" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" alt="${e(chartAlt)}" style="display:block;width:100%;max-width:${CHART_WIDTH}px;height:auto;border:0">`)}
${section(t('monthlyReport.topRoutes.heading'), list(routes, t('monthlyReport.topRoutes.none')))}
${section(t('monthlyReport.topPlaques.heading'), list(plaques, t('monthlyReport.topPlaques.none')))}
${section(t('monthlyReport.silentPlaques.heading'), silentBody)}
${section(t('monthlyReport.reports.heading'), para(reportsLine) + button(options.reportsUrl, t('monthlyReport.reports.link')))}
<tr><td style="padding:24px"><p style="margin:0;font-size:12px;line-height:1.5;color:#6b7280">${e(t('monthlyReport.footer.why', { category }))} <a href="${e(options.unsubscribeUrl)}" style="color:#0f766e">${e(t('monthlyReport.footer.unsubscribe'))}</a>. ${e(t('monthlyReport.footer.settings'))}</p></td></tr>
</table></td></tr></table></body></html>`

  return { subject, text, html }
}
