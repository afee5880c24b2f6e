import { lazy, Suspense, useId, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import type { Breakdown, StatYear, Statistic } from '#app/modules/stats/stats.schema.ts'
import { useDateFormat } from '#app/components/use-date-format.ts'
import type { StatisticsFormat } from './format.ts'
import { MonthTable } from './monthly-visits.tsx'
import type { MonthBar } from './visits-chart.tsx'
import { Cell, ColumnHeader, RowHeader, Table, TableBody, TableHead } from '#app/components/ui/table.tsx'

// Scans per plaque (ADR 025): how visitors reached the routes (plaques or links),
// the monthly scans of all plaques or of one, and the table by plaque. All from the roll-ups.

const VisitsChart = lazy(() => import('./visits-chart.tsx'))
const noopSubscribe = () => () => {}
const CARD = 'rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900'

type Plaque = Breakdown['plaques'][number]

interface Props {
  statistic: Statistic
  plaques: Plaque[]
  year: StatYear
  format: StatisticsFormat
  locale: string
}

export function PlaqueScans({ statistic, plaques, year, format, locale }: Props) {
  return (
    <>
      <Arrivals statistic={statistic} format={format} locale={locale} />
      <div className="grid grid-cols-1 gap-6 2xl:grid-cols-2">
        <ScansChart statistic={statistic} plaques={plaques} year={year} format={format} />
        <PlaquesTable plaques={plaques} format={format} />
      </div>
    </>
  )
}

/** Route views that came by a plaque against the others (shared links, searches, the category home). */
function Arrivals({ statistic, format, locale }: Pick<Props, 'statistic' | 'format' | 'locale'>) {
  const { t } = useTranslation()
  const fromPlaques = statistic.plaque_views
  const byLinks = Math.max(0, statistic.views - fromPlaques)
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 })
  const share = (n: number) => (statistic.views > 0 ? n / statistic.views : 0)
  const parts = [
    { key: 'plaques', value: fromPlaques, swatch: 'bg-primary-600 dark:bg-primary-500' },
    { key: 'links', value: byLinks, swatch: 'bg-amber-400 dark:bg-amber-500' },
  ] as const
  return (
    <section aria-labelledby="arrivals-title" className={CARD} data-testid="arrivals">
      <h2 id="arrivals-title" className="font-semibold">
        {t('scans.arrivals.title')}
      </h2>
      <p className="mb-3 text-sm text-gray-600 dark:text-gray-300">{t('scans.arrivals.hint')}</p>
      <div className="flex h-3 w-full overflow-hidden rounded-full bg-gray-100 dark:bg-gray-800" aria-hidden="true">
        {parts.map((part) => (part.value > 0 ? <div key={part.key} className={part.swatch} style={{ width: `${share(part.value) * 100}%` }} /> : null))}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        {parts.map((part) => (
          <div key={part.key}>
            <dt className="flex items-center gap-2 text-sm text-gray-600 dark:text-gray-300">
              <span className={`size-2.5 shrink-0 rounded-full ${part.swatch}`} aria-hidden="true" />
              {t(`scans.arrivals.${part.key}`)}
            </dt>
            <dd className="text-xl font-semibold tabular-nums" data-testid={`arrivals-${part.key}`}>
              {format.number(part.value)}
            </dd>
            <dd className="text-xs text-gray-500 dark:text-gray-400">{t('scans.arrivals.share', { percent: percent.format(share(part.value)) })}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** Monthly scans as bars, of all plaques or of the one chosen; a table for screen readers. */
function ScansChart({ statistic, plaques, year, format }: Pick<Props, 'statistic' | 'plaques' | 'year' | 'format'>) {
  const { t } = useTranslation()
  const selectId = useId()
  const hydrated = useSyncExternalStore(noopSubscribe, () => true, () => false)
  const [chosen, setChosen] = useState<number | null>(null)
  const plaque = plaques.find((p) => p.qr_code_id === chosen) ?? null
  const points = plaque ? plaque.months : statistic.scans_by_month
  const bars: MonthBar[] = points.map((point) => ({ month: point.x, label: format.months[point.x - 1], visits: point.y }))
  const total = points.reduce((sum, point) => sum + point.y, 0)
  const describe = (bar: MonthBar) => t('scans.chart.scans', { count: bar.visits, formatted: format.number(bar.visits) })
  return (
    <section aria-labelledby="scans-title" className={`${CARD} min-w-0`}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div>
          <h2 id="scans-title" className="font-semibold">
            {t('scans.chart.title')}
          </h2>
          <p className="text-sm text-gray-600 dark:text-gray-300">
            {year === 'total' ? t('statistics.chart.allYears') : t('statistics.chart.year', { year })}{' '}
            <span data-testid="scans-total">{t('scans.chart.total', { count: total, formatted: format.number(total) })}</span>
          </p>
        </div>
        {plaques.length > 0 ? (
          <div className="flex min-w-0 items-center gap-2 text-sm">
            <label htmlFor={selectId} className="shrink-0 font-medium">
              {t('scans.chart.plaque')}
            </label>
            <select
              id={selectId}
              value={chosen ?? ''}
              onChange={(e) => setChosen(e.target.value === '' ? null : Number(e.target.value))}
              data-testid="scans-plaque"
              className="min-h-10 max-w-56 min-w-0 rounded-lg border border-gray-300 bg-white px-2 text-base sm:text-sm dark:border-gray-700 dark:bg-gray-900"
            >
              <option value="">{t('scans.chart.all')}</option>
              {plaques.map((p) => (
                <option key={p.qr_code_id} value={p.qr_code_id}>
                  {p.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      <div aria-hidden="true" data-testid="scans-chart" className="mt-3 h-64 w-full text-gray-500 dark:text-gray-400">
        {hydrated ? (
          <Suspense fallback={<div className="size-full rounded-lg bg-gray-100 dark:bg-gray-800" />}>
            <VisitsChart data={bars} formatNumber={format.number} describe={describe} />
          </Suspense>
        ) : (
          <div className="size-full rounded-lg bg-gray-100 dark:bg-gray-800" />
        )}
      </div>
      <MonthTable caption={plaque ? `${t('scans.chart.title')}: ${plaque.label}` : t('scans.chart.title')} valueHeading={t('scans.table.scans')} bars={bars} format={format} />
    </section>
  )
}

/** Each plaque's scans in the period (a bar against the most scanned) and its last scan ever. */
function PlaquesTable({ plaques, format }: Pick<Props, 'plaques' | 'format'>) {
  const { t } = useTranslation()
  const most = Math.max(1, ...plaques.map((p) => p.scans))
  const now = new Date()
  const dates = useDateFormat()
  return (
    <section aria-labelledby="plaques-title" className="min-w-0 rounded-xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <h2 id="plaques-title" className="px-4 pt-4 pb-2 font-semibold">
        {t('scans.table.title')}
      </h2>
      {plaques.length === 0 ? (
        <p className="px-4 pb-4 text-sm text-gray-600 dark:text-gray-300" data-testid="plaques-empty">
          {t('scans.table.none')}
        </p>
      ) : (
          <Table data-testid="plaques-table">
            <TableHead>
              <ColumnHeader>{t('scans.table.plaque')}</ColumnHeader>
              <ColumnHeader numeric>{t('scans.table.scans')}</ColumnHeader>
              <ColumnHeader numeric className="whitespace-nowrap">
                {t('scans.table.lastScan')}
              </ColumnHeader>
            </TableHead>
            <TableBody>
              {plaques.map((p) => (
                <tr key={p.qr_code_id} data-testid="plaque-row" data-code={p.code}>
                  <RowHeader className="min-w-44">
                    <span className="block break-words">{p.label}</span>
                    <span className="block text-xs font-normal text-gray-500 dark:text-gray-400">
                      <span className="font-mono">{p.code}</span>
                      {p.place_name && p.place_name !== p.label ? ` · ${p.place_name}` : ''}
                    </span>
                  </RowHeader>
                  <Cell numeric>
                    <span className="flex items-center justify-end gap-2">
                      <span className="hidden h-2 w-20 overflow-hidden rounded-full bg-gray-100 sm:block dark:bg-gray-800" aria-hidden="true">
                        <span className="block h-full rounded-full bg-primary-600 dark:bg-primary-500" style={{ width: `${(p.scans / most) * 100}%` }} />
                      </span>
                      <span data-testid="plaque-scans">{format.number(p.scans)}</span>
                    </span>
                  </Cell>
                  <Cell numeric className="text-gray-600 dark:text-gray-300">
                    {p.last_scanned_at ? (
                      <time dateTime={p.last_scanned_at} suppressHydrationWarning>
                        {dates.relativeDay(p.last_scanned_at, now)}
                      </time>
                    ) : (
                      t('scans.table.never')
                    )}
                  </Cell>
                </tr>
              ))}
            </TableBody>
          </Table>
      )}
    </section>
  )
}
