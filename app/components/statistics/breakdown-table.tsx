import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { StatisticsFormat } from './format.ts'
import { Cell, ColumnHeader, RowHeader, SortButton, Table, TableBody, TableHead } from '#app/components/ui/table.tsx'

type Metric = 'views' | 'sessions' | 'total_time' | 'averageTimePerSession' | 'likes' | 'contributions' | 'place_visits' | 'audio_plays'

export interface BreakdownRow extends Record<Metric, number> {
  id: number
  name: string | null
}

type SortKey = 'name' | Metric
interface Sort {
  key: SortKey
  descending: boolean
}

const durations = new Set<Metric>(['total_time', 'averageTimePerSession'])

/** Sorts by what the table shows: an unnamed row sorts under its "unnamed" label, not as an empty name. */
export function sortRows(rows: BreakdownRow[], { key, descending }: Sort, collator: Intl.Collator, unnamed: string): BreakdownRow[] {
  const sign = descending ? -1 : 1
  return [...rows].sort((a, b) => {
    const order = key === 'name' ? collator.compare(a.name || unnamed, b.name || unnamed) : a[key] - b[key]
    return sign * order || a.id - b.id
  })
}

interface Props {
  /** Heading and table id, e.g. "routes". */
  id: string
  title: string
  rows: BreakdownRow[]
  metrics: Metric[]
  unnamed: string
  empty: string
  format: StatisticsFormat
  locale: string
}

/** Totals per route or per place; a column header sorts by that column (numbers biggest first). */
export function BreakdownTable({ id, title, rows, metrics, unnamed, empty, format, locale }: Props) {
  const { t } = useTranslation()
  const [sort, setSort] = useState<Sort>({ key: metrics[0], descending: true })
  const sorted = sortRows(rows, sort, new Intl.Collator(locale, { sensitivity: 'base' }), unnamed)
  const columns: SortKey[] = ['name', ...metrics]

  const toggle = (key: SortKey) =>
    setSort((current) => (current.key === key ? { key, descending: !current.descending } : { key, descending: key !== 'name' }))

  return (
    <section aria-labelledby={`${id}-title`} className="min-w-0 rounded-xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <h2 id={`${id}-title`} className="px-4 pt-4 pb-2 font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="px-4 pb-4 text-sm text-gray-600 dark:text-gray-300">{empty}</p>
      ) : (
        <Table data-testid={`${id}-table`}>
          <TableHead>
            {columns.map((key) => {
              const sortOf = sort.key === key ? (sort.descending ? 'descending' : 'ascending') : undefined
              return (
                <ColumnHeader key={key} numeric={key !== 'name'} holdsButton aria-sort={sortOf}>
                  <SortButton sort={sortOf} numeric={key !== 'name'} onClick={() => toggle(key)}>
                    {t(key === 'name' ? 'statistics.table.name' : `statistics.figures.${key}`)}
                  </SortButton>
                </ColumnHeader>
              )
            })}
          </TableHead>
          <TableBody>
            {sorted.map((row) => (
              <tr key={row.id}>
                <RowHeader className="min-w-40">{row.name || <span className="text-gray-500 italic dark:text-gray-400">{unnamed}</span>}</RowHeader>
                {metrics.map((metric) => (
                  <Cell key={metric} numeric>
                    {durations.has(metric) ? format.duration(row[metric]) : format.number(row[metric])}
                  </Cell>
                ))}
              </tr>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  )
}
