import type { AppLoadContext } from 'react-router'
import { useTranslation } from 'react-i18next'
import { CategoryStatistics } from '#app/components/statistics/category-statistics.tsx'
import { ScreenHeader } from '#app/components/screen-header.tsx'
import type { User } from '#app/db/schema.ts'
import { localeFromParam, type Locale } from '#app/i18n/config.ts'
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

async function figures(stats: Services['stats'], user: User, categoryId: number, year: StatYear, locale: Locale) {
  const [statistic, breakdown] = await Promise.all([stats.fetchStatistic(user, categoryId, year), stats.breakdown(user, categoryId, year, locale)])
  return { year, statistic, breakdown }
}

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args)
  const { services } = args.context
  const url = new URL(args.request.url)
  const { categories, selected } = await selectedCategory(services, user, url)
  if (!selected) return { categories, category: null, stats: null }
  const locale = localeFromParam(args.params.lang)
  let stats = await figures(services.stats, user, selected.id, askedYear(url), locale)
  // A year without data (or another category's year kept in the URL) falls back to all years.
  if (!stats.statistic.years.includes(stats.year)) stats = await figures(services.stats, user, selected.id, 'total', locale)
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
