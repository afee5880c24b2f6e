import { useTranslation } from 'react-i18next'
import { CategoryPicker } from '#app/components/category-picker.tsx'
import { ScreenHeader } from '#app/components/screen-header.tsx'
import type { CategoryOption } from '#app/modules/categories/categories.schema.ts'
import type { RouteSummaryView, RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import { EmptyState } from './empty-state.tsx'
import { RoutePicker } from './route-picker.tsx'

interface RouteScreenData {
  categories: CategoryOption[]
  category: { id: number } | null
  routes: RouteSummaryView[]
  route: RouteView | null
}

/**
 * A manager screen about one route (landing, branding): header, category and route pickers,
 * the empty states, and the editor for the chosen route (keyed by it, so a new route starts fresh).
 */
export function RouteScreen({ screen, data, children }: { screen: 'landing' | 'branding'; data: RouteScreenData; children: (route: RouteView) => React.ReactNode }) {
  const { t } = useTranslation()
  const { categories, category, routes, route } = data
  return (
    <>
      <ScreenHeader title={t(`nav.${screen}`)} description={t(`screens.${screen}`)} />
      {!category ? (
        <EmptyState text={t('categories.none')} />
      ) : (
        <div className="flex flex-col gap-6">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
            <CategoryPicker categories={categories} selectedId={category.id} />
            <RoutePicker routes={routes} selected={route?.uuid ?? null} />
          </div>
          {route ? <div key={route.uuid}>{children(route)}</div> : <EmptyState text={t('landingEditor.noRoutes')} />}
        </div>
      )}
    </>
  )
}
