import { escapeHtml } from './mail-text.ts'

// The UI kit's data table (app/components/ui/table.tsx) for HTML mails. A mail cannot take the
// kit's React table: mail clients drop style sheets and class names (Gmail keeps inline styles
// only), and mails are written on the server by modules, below the UI layer (ADR 085). The same
// look is written here once, in inline styles: the heading row in small grey, rows divided by a
// line, figures on the right on one line.

/** A column: its heading (none: a list without a heading row) and whether it holds figures. */
export interface MailColumn {
  heading?: string
  numeric?: boolean
}

/** A cell's text (escaped here) and how it stands out: `strong` a figure to read, `muted` a detail. */
export interface MailCell {
  text: string
  tone?: 'strong' | 'muted'
  /** A colour of its own (a trend's green or red); the tone's otherwise. */
  color?: string
  /** A tooltip (what the figure is compared with). */
  title?: string
}

const LINE = '#e5e7eb'
const tones = {
  plain: 'font-size:14px;color:#111827',
  strong: 'font-size:16px;font-weight:bold;color:#111827',
  muted: 'font-size:13px;color:#4b5563',
}

/**
 * A data table of a mail: a heading row when a column has a heading (then a table a screen reader
 * reads as one, headings included), otherwise a list laid out in a table (`role="presentation"`).
 */
export function mailTable(columns: MailColumn[], rows: MailCell[][]): string {
  const side = (i: number) => (columns[i]?.numeric ? 'text-align:right' : 'text-align:left')
  // A figure stays on one line; a heading may wrap (a long one in a narrow mail).
  const align = (i: number) => (columns[i]?.numeric ? 'text-align:right;white-space:nowrap' : 'text-align:left')
  const gap = (i: number) => (i === 0 ? '0' : '12px')
  const headed = columns.some((c) => c.heading !== undefined)
  const head = headed
    ? `<tr>${columns.map((c, i) => `<th scope="col" style="${side(i)};padding:0 0 4px ${gap(i)};font-size:12px;font-weight:normal;color:#6b7280">${escapeHtml(c.heading ?? '')}</th>`).join('')}</tr>`
    : ''
  const body = rows
    .map(
      (row) =>
        `<tr>${row
          .map((cell, i) => {
            const tone = tones[cell.tone ?? 'plain'] + (cell.color ? `;color:${cell.color}` : '')
            const title = cell.title === undefined ? '' : ` title="${escapeHtml(cell.title)}"`
            return `<td style="padding:8px 0 8px ${gap(i)};border-bottom:1px solid ${LINE};${tone};${align(i)}"${title}>${escapeHtml(cell.text)}</td>`
          })
          .join('')}</tr>`,
    )
    .join('')
  return `<table${headed ? '' : ' role="presentation"'} width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse">${head}${body}</table>`
}
