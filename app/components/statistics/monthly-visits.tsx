import { lazy, Suspense, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import type { StatYear, Statistic } from '#app/modules/stats/stats.schema.ts'
import type { StatisticsFormat } from './format.ts'
import type { MonthBar } from './visits-chart.tsx'

// recharts measures the page: it is loaded in the browser only, after hydration.
const VisitsChart = lazy(() => import('./visits-chart.tsx'))

const noopSubscribe = () => () => {}

/** The box keeps its height before and after the chart arrives: nothing below it jumps. */
const CHART_BOX = 'h-72 w-full text-gray-500 dark:text-gray-400'

function Placeholder() {
  return <div className="size-full rounded-lg bg-gray-100 motion-safe:animate-pulse dark:bg-gray-800" data-testid="chart-placeholder" />
}

/** The monthly views (route pages opened): a bar chart for the eye, a table for screen readers. */
export function MonthlyVisits({ statistic, year, format }: { statistic: Statistic; year: StatYear; format: StatisticsFormat }) {
  const { t } = useTranslation()
  const hydrated = useSyncExternalStore(noopSubscribe, () => true, () => false)
  const bars: MonthBar[] = statistic.visits.map((point) => ({ month: point.x, label: format.months[point.x - 1], visits: point.y }))
  const describe = (bar: MonthBar) => t('statistics.chart.views', { count: bar.visits, formatted: format.number(bar.visits) })
  return (
    <section aria-labelledby="monthly-visits" className="rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
      <h2 id="monthly-visits" className="font-semibold">
        {t('statistics.chart.title')}
      </h2>
      <p className="mb-3 text-sm text-gray-600 dark:text-gray-300">
        {year === 'total' ? t('statistics.chart.allYears') : t('statistics.chart.year', { year })}
      </p>
      <div aria-hidden="true" data-testid="visits-chart" className={CHART_BOX}>
        {hydrated ? (
          <Suspense fallback={<Placeholder />}>
            <VisitsChart data={bars} formatNumber={format.number} describe={describe} />
          </Suspense>
        ) : (
          <Placeholder />
        )}
      </div>
      <MonthTable caption={t('statistics.chart.title')} valueHeading={t('statistics.chart.viewsColumn')} bars={bars} format={format} />
    </section>
  )
}

/** The chart's figures as a table for screen readers (the chart itself is hidden from them). */
export function MonthTable({ caption, valueHeading, bars, format }: { caption: string; valueHeading: string; bars: MonthBar[]; format: StatisticsFormat }) {
  const { t } = useTranslation()
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('statistics.chart.month')}</th>
          <th scope="col">{valueHeading}</th>
        </tr>
      </thead>
      <tbody>
        {bars.map((bar) => (
          <tr key={bar.month}>
            <th scope="row">{bar.label}</th>
            <td>{format.number(bar.visits)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
