import type { AppLoadContext } from 'react-router'
import { Download } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { CategoryPicker } from '#app/components/category-picker.tsx'
import { ScreenHeader } from '#app/components/screen-header.tsx'
import { BreakdownTable, type BreakdownRow } from '#app/components/statistics/breakdown-table.tsx'
import { useStatisticsFormat } from '#app/components/statistics/format.ts'
import { MonthlyVisits } from '#app/components/statistics/monthly-visits.tsx'
import { PlaqueScans } from '#app/components/statistics/plaque-scans.tsx'
import { StatCards } from '#app/components/statistics/stat-cards.tsx'
import { csvFileName, downloadCsv, statisticsCsv } from '#app/components/statistics/statistics-csv.ts'
import { YearPicker } from '#app/components/statistics/year-picker.tsx'
import { Button } from '#app/components/ui/button.tsx'
import type { User } from '#app/db/schema.ts'
import { localeFromParam, type Locale } from '#app/i18n/config.ts'
import { useLocale } from '#app/i18n/use-locale.ts'
import { requireUser } from '#app/modules/auth/guards.ts'
import { selectedCategory } from '#app/modules/categories/selected-category.server.ts'
import { toStatYear, yearQuerySchema, type StatYear } from '#app/modules/stats/stats.schema.ts'
import type { Route } from './+types/statistics'

/** The services the load context carries (app/load-context.ts), typed without importing the server module. */
type Services = AppLoadContext['services']

/** `?year=`: 'total' or a four-digit year; anything else reads as all years. */
function askedYear(url: URL): StatYear {
  const parsed = yearQuerySchema.safeParse({ year: url.searchParams.get('year') ?? undefined })
  return parsed.success ? toStatYear(parsed.data.year) : 'total'
}

async function figures(services: Services, user: User, categoryId: number, year: StatYear, locale: Locale) {
  const [statistic, breakdown] = await Promise.all([services.stats.fetchStatistic(user, categoryId, year), services.stats.breakdown(user, categoryId, year, locale)])
  return { year, statistic, breakdown }
}

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args)
  const { services } = args.context
  const url = new URL(args.request.url)
  const { categories, selected } = await selectedCategory(services, user, url)
  if (!selected) return { categories, category: null, stats: null }
  const locale = localeFromParam(args.params.lang)
  let stats = await figures(services, user, selected.id, askedYear(url), locale)
  // A year without data (or another category's year kept in the URL) falls back to all years.
  if (!stats.statistic.years.includes(stats.year)) stats = await figures(services, user, selected.id, 'total', locale)
  return { categories, category: selected, stats }
}

export default function Statistics({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { categories, category, stats } = loaderData
  return (
    <>
      <ScreenHeader title={t('nav.statistics')} description={t('screens.statistics')} />
      {!category || !stats ? (
        <p data-testid="statistics-empty" className="rounded-xl border border-dashed border-gray-300 p-6 text-gray-600 dark:border-gray-700 dark:text-gray-300">
          {t('categories.none')}
        </p>
      ) : (
        <CategoryStatistics categories={categories} category={category} stats={stats} />
      )}
    </>
  )
}

type LoaderData = Route.ComponentProps['loaderData']
type Loaded = { categories: LoaderData['categories']; category: NonNullable<LoaderData['category']>; stats: NonNullable<LoaderData['stats']> }

function CategoryStatistics({ categories, category, stats }: Loaded) {
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
              metrics={['place_visits', 'contributions', 'views', 'likes']}
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
