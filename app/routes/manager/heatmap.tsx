import { useTranslation } from 'react-i18next'
import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { HeatmapFilters } from '#app/components/heatmap/heatmap-filters.tsx'
import { HeatmapResult } from '#app/components/heatmap/heatmap-result.tsx'
import { CategoryPicker } from '#app/components/category-picker.tsx'
import { ScreenHeader } from '#app/components/screen-header.tsx'
import { localeFromParam } from '#app/i18n/config.ts'
import { requireUser } from '#app/modules/auth/guards.ts'
import { selectedCategory } from '#app/modules/categories/selected-category.server.ts'
import { monthSchema, type HeatmapQuery } from '#app/modules/stats/heatmap.schema.ts'
import type { Route } from './+types/heatmap'

/** The URL's filters, keeping only what is valid: a bad link shows the defaults, not an error. */
function filtersOf(url: URL, routeUuids: string[]): HeatmapQuery {
  const month = (name: string) => {
    const value = url.searchParams.get(name)
    return monthSchema.safeParse(value).success ? value! : undefined
  }
  let from = month('from')
  let to = month('to')
  if (from && to && from > to) [from, to] = [to, from]
  const route = url.searchParams.get('route') ?? ''
  return { from, to, route: routeUuids.includes(route) ? route : undefined }
}

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args)
  const { services } = args.context
  const url = new URL(args.request.url)
  const { categories, selected } = await selectedCategory(services, user, url)
  const tiles = { tileUrl: services.config.TILE_URL, attribution: services.config.TILE_ATTRIBUTION }
  if (!selected) return { categories, selected: null, routes: [], route: '', heatmap: null, tiles }
  const summaries = await services.walks.listForCategory(user, selected.id, localeFromParam(args.params.lang))
  const routes = summaries.map((r) => ({ uuid: r.uuid, name: r.name ?? r.slug, draft: r.status === 'draft' }))
  const filters = filtersOf(url, routes.map((r) => r.uuid))
  const heatmap = await services.stats.heatmap(user, selected.id, filters)
  return { categories, selected, routes, route: filters.route ?? '', heatmap, tiles }
}

/** Switching between heat and points changes only the drawing: no need to load the data again. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate
  const withoutView = (url: URL) => {
    const params = new URLSearchParams(url.search)
    params.delete('view')
    params.sort()
    return params.toString()
  }
  return withoutView(currentUrl) === withoutView(nextUrl) ? false : defaultShouldRevalidate
}

export default function HeatmapScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { categories, selected, heatmap } = loaderData
  return (
    <>
      <ScreenHeader title={t('nav.heatmap')} description={t('screens.heatmap')} />
      {!selected || !heatmap ? (
        <p className="rounded-xl border border-dashed border-gray-300 p-6 text-gray-600 dark:border-gray-700 dark:text-gray-300">{t('categories.none')}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <CategoryPicker categories={categories} selectedId={selected.id} />
          {/* Keyed by what was loaded, so the inputs show the period and route really shown. */}
          <HeatmapFilters key={`${selected.id}-${loaderData.route}-${heatmap.from}-${heatmap.to}`} data={{ ...loaderData, selected, heatmap }} />
          <HeatmapResult data={{ ...loaderData, selected, heatmap }} />
        </div>
      )}
    </>
  )
}
