import { useTranslation } from 'react-i18next'
import { DraftRouteSection } from '#app/components/ai/draft-route-section.tsx'
import { DraftTextsSection } from '#app/components/ai/draft-texts-section.tsx'
import { CategoryPicker } from '#app/components/category-picker.tsx'
import { ScreenHeader } from '#app/components/screen-header.tsx'
import { localeFromParam } from '#app/i18n/config.ts'
import { requireUser } from '#app/modules/auth/guards.ts'
import { selectedCategory } from '#app/modules/categories/selected-category.server.ts'
import { hasCoordinates } from '#app/modules/geo/geo.ts'
import type { Route } from './+types/ai'

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args)
  const { services } = args.context
  const { categories, selected } = await selectedCategory(services, user, new URL(args.request.url))
  const tiles = { tileUrl: services.config.TILE_URL, attribution: services.config.TILE_ATTRIBUTION }
  const status = services.ai.status()
  if (!selected) return { categories, selected: null, places: [], routes: [], status, tiles }
  const locale = localeFromParam(args.params.lang)
  const [places, routes] = await Promise.all([services.places.listForCategory(user, selected.id), services.walks.listForCategory(user, selected.id, locale)])
  return {
    categories,
    selected,
    // Only a placed place can start a walk.
    places: places
      .filter(hasCoordinates)
      .map((p) => ({ id: p.id, name: p.name }))
      .sort((a, b) => a.name.localeCompare(b.name, locale)),
    routes: routes.map((r) => ({ uuid: r.uuid, name: r.name ?? r.slug, draft: r.status === 'draft' })),
    status,
    tiles,
  }
}

export default function AiScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { categories, selected } = loaderData
  return (
    <>
      <ScreenHeader title={t('nav.ai')} description={t('screens.ai')} />
      {!selected ? (
        <p className="rounded-xl border border-dashed border-gray-300 p-6 text-gray-600 dark:border-gray-700 dark:text-gray-300">{t('categories.none')}</p>
      ) : (
        <div className="flex flex-col gap-6">
          <CategoryPicker categories={categories} selectedId={selected.id} />
          {/* Keyed by category: a draft of one category never shows under another. */}
          <DraftRouteSection key={`route-${selected.id}`} data={{ ...loaderData, selected }} />
          <DraftTextsSection key={`texts-${selected.id}`} data={{ ...loaderData, selected }} />
        </div>
      )}
    </>
  )
}
