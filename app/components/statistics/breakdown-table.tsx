import { clsx } from 'clsx'
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { StatisticsFormat } from './format.ts'

type Metric = 'views' | 'sessions' | 'total_time' | 'averageTimePerSession' | 'likes' | 'contributions' | 'place_visits'

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
        <div className="overflow-x-auto">
          <table data-testid={`${id}-table`} className="w-full text-sm">
            <thead className="border-y border-gray-200 bg-gray-50 text-left text-gray-600 dark:border-gray-800 dark:bg-gray-950 dark:text-gray-300">
              <tr>
                {columns.map((key) => {
                  const active = sort.key === key
                  const Icon = !active ? ArrowUpDown : sort.descending ? ArrowDown : ArrowUp
                  return (
                    <th
                      key={key}
                      scope="col"
                      aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : undefined}
                      className={clsx('px-2 py-1.5 font-medium', key !== 'name' && 'text-right')}
                    >
                      <button
                        type="button"
                        onClick={() => toggle(key)}
                        className={clsx(
                          'inline-flex items-center gap-1 rounded px-2 py-1 whitespace-nowrap hover:bg-gray-100 dark:hover:bg-gray-800',
                          key !== 'name' && 'flex-row-reverse',
                          active && 'text-gray-900 dark:text-gray-100',
                        )}
                      >
                        {t(key === 'name' ? 'statistics.table.name' : `statistics.figures.${key}`)}
                        <Icon className={clsx('size-3.5 shrink-0', !active && 'opacity-40')} aria-hidden="true" />
                      </button>
                    </th>
                  )
                })}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
              {sorted.map((row) => (
                <tr key={row.id}>
                  <th scope="row" className="min-w-40 px-4 py-2 text-left font-medium">
                    {row.name || <span className="text-gray-500 italic dark:text-gray-400">{unnamed}</span>}
                  </th>
                  {metrics.map((metric) => (
                    <td key={metric} className="px-4 py-2 text-right whitespace-nowrap tabular-nums">
                      {durations.has(metric) ? format.duration(row[metric]) : format.number(row[metric])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
