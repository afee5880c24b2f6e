import { Download } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { CategoryPicker } from '#app/components/category-picker.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { useLocale } from '#app/i18n/use-locale.ts'
import type { Breakdown, Statistic, StatYear } from '#app/modules/stats/stats.schema.ts'
import { BreakdownTable, type BreakdownRow } from './breakdown-table.tsx'
import { useStatisticsFormat } from './format.ts'
import { MonthlyVisits } from './monthly-visits.tsx'
import { PlaqueScans } from './plaque-scans.tsx'
import { StatCards } from './stat-cards.tsx'
import { csvFileName, downloadCsv, statisticsCsv } from './statistics-csv.ts'
import { YearPicker } from './year-picker.tsx'

export interface CategoryStatisticsProps {
  categories: React.ComponentProps<typeof CategoryPicker>['categories']
  category: Parameters<typeof statisticsCsv>[0]['category'] & { id: number; slug: string }
  stats: { year: StatYear; statistic: Statistic; breakdown: Breakdown }
}

/** A category's figures for a year: cards, monthly visits, plaque scans, routes and places; the CSV export. */
export function CategoryStatistics({ categories, category, stats }: CategoryStatisticsProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const format = useStatisticsFormat()
  const { year, statistic, breakdown } = stats
  const hasData = statistic.years.length > 1

  const exportCsv = () => downloadCsv(statisticsCsv({ category, year, statistic, breakdown }), csvFileName(category.slug, year))
  const routes: BreakdownRow[] = breakdown.routes.map((r) => ({ ...r, id: r.walk_id }))
  const places: BreakdownRow[] = breakdown.places.map((p) => ({ ...p, id: p.place_id }))

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <CategoryPicker categories={categories} selectedId={category.id} />
        {hasData ? (
          <>
            <YearPicker years={statistic.years} selected={year} categoryId={category.id} />
            <Button type="button" variant="secondary" className="sm:ml-auto" onClick={exportCsv} data-testid="export-csv">
              <Download className="size-4" aria-hidden="true" />
              {t('statistics.export')}
            </Button>
          </>
        ) : null}
      </div>
      {hasData ? (
        <>
          <section aria-labelledby="figures-title">
            <h2 id="figures-title" className="sr-only">
              {t('statistics.figures.title')}
            </h2>
            <StatCards statistic={statistic} format={format} />
          </section>
          <MonthlyVisits statistic={statistic} year={year} format={format} />
          <PlaqueScans statistic={statistic} plaques={breakdown.plaques} year={year} format={format} locale={locale} />
          <div className="grid grid-cols-1 gap-6 2xl:grid-cols-2">
            <BreakdownTable
              id="routes"
              title={t('statistics.table.routes')}
              rows={routes}
              metrics={['views', 'sessions', 'total_time', 'averageTimePerSession', 'likes']}
              unnamed={t('statistics.table.unnamedRoute')}
              empty={t('statistics.table.noRoutes')}
              format={format}
              locale={locale}
            />
            <BreakdownTable
              id="places"
              title={t('statistics.table.places')}
              rows={places}
              // No views or likes: those are counted per route (a place has no page of its own to view or like).
              metrics={['place_visits', 'audio_plays', 'contributions']}
              unnamed={t('statistics.table.unnamedPlace')}
              empty={t('statistics.table.noPlaces')}
              format={format}
              locale={locale}
            />
          </div>
        </>
      ) : (
        <div data-testid="statistics-no-data" className="rounded-xl border border-dashed border-gray-300 p-6 dark:border-gray-700">
          <h2 className="font-semibold">{t('statistics.empty.title')}</h2>
          <p className="mt-1 max-w-2xl text-gray-600 dark:text-gray-300">{t('statistics.empty.text')}</p>
        </div>
      )}
    </div>
  )
}
