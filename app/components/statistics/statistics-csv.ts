import type { Breakdown, StatYear, Statistic } from '#app/modules/stats/stats.schema.ts'

/**
 * The statistics screen as one CSV table: a `summary` row (the figures), twelve `month` rows
 * (the chart), then one row per `route`, per `place` and per `plaque`. One header for all, so a spreadsheet
 * can filter by `section`; numbers stay raw (seconds, counts) for further calculation.
 */
export const csvColumns = [
  'section',
  'year',
  'month',
  'id',
  'name',
  'visits',
  'views',
  'total_time',
  'sessions',
  'averageTimePerSession',
  'likes',
  'contributions',
  'place_visits',
  'plaque_views',
  'scans',
  'audio_plays',
] as const

type Column = (typeof csvColumns)[number]
type Cell = string | number | null
type Row = Partial<Record<Column, Cell>>

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection, OWASP).
const FORMULA_START = /^[=+\-@\t\r]/

/** A text cell: always quoted, inner quotes doubled (RFC 4180), formulas defused. */
export function quoteText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return `"${safe.replaceAll('"', '""')}"`
}

function cell(value: Cell | undefined): string {
  if (value === null || value === undefined) return ''
  return typeof value === 'number' ? String(value) : quoteText(value)
}

const line = (row: Row) => csvColumns.map((column) => cell(row[column])).join(',')

export interface CsvInput {
  category: { id: number; name: string }
  year: StatYear
  statistic: Statistic
  breakdown: Breakdown
}

export function statisticsCsv({ category, year, statistic, breakdown }: CsvInput): string {
  const rows: Row[] = [
    {
      section: 'summary',
      year,
      id: category.id,
      name: category.name,
      views: statistic.views,
      total_time: statistic.total_time,
      averageTimePerSession: statistic.averageTimePerSession,
      likes: statistic.likes,
      contributions: statistic.contributions,
      place_visits: statistic.place_visits,
      plaque_views: statistic.plaque_views,
      scans: statistic.scans,
    },
    ...statistic.visits.map((point, i) => ({
      section: 'month',
      year,
      month: point.x,
      visits: point.y,
      plaque_views: statistic.plaque_visits[i]?.y ?? 0,
      scans: statistic.scans_by_month[i]?.y ?? 0,
    })),
    ...breakdown.routes.map(({ walk_id, name, uuid: _uuid, slug: _slug, ...counts }) => ({ section: 'route', year, id: walk_id, name: name ?? '', ...counts })),
    ...breakdown.places.map(({ place_id, name, ...counts }) => ({ section: 'place', year, id: place_id, name: name ?? '', ...counts })),
    ...breakdown.plaques.map((p) => ({ section: 'plaque', year, id: p.qr_code_id, name: p.label, scans: p.scans })),
  ]
  // CRLF line ends as RFC 4180 asks; the caller adds a BOM so spreadsheets read UTF-8.
  return [csvColumns.join(','), ...rows.map(line)].join('\r\n') + '\r\n'
}

/** `statistics-{category-slug}-{year}.csv` */
export const csvFileName = (slug: string, year: StatYear) => `statistics-${slug}-${year}.csv`

/** Hands the text to the browser as a file download. */
export function downloadCsv(text: string, fileName: string): void {
  const blob = new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked later, not at once: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
