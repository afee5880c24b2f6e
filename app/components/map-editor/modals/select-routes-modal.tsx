import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Swatch } from '#app/components/ui/swatch.tsx'
import { Modal } from '#app/components/ui/modal.tsx'
import type { RouteSummaryView } from '#app/modules/walks/walk-responses.schema.ts'
import { routeColors, type RouteColor } from '#app/modules/walks/walks.schema.ts'
import { RouteStatusBadge } from '#app/components/route-status-badge.tsx'
import { NoticeBadge } from '#app/components/notice-badge.tsx'
import { SearchField } from '#app/components/ui/search-field.tsx'
import { RowButton } from '#app/components/ui/row-button.tsx'

export const routeColorHex = (color: string) => routeColors[color as RouteColor] ?? routeColors['bg-orange']

/** Case- and accent-insensitive match on the name or the slug. */
export function filterRoutes<R extends { name: string | null; slug: string }>(routes: R[], query: string): R[] {
  const fold = (s: string) => s.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '')
  const q = fold(query.trim())
  if (!q) return routes
  return routes.filter((r) => fold(r.name ?? '').includes(q) || r.slug.includes(q))
}

/** The category's routes, searchable; picking one hands it to the page (which may ask to save first). */
export function SelectRoutesModal({
  open,
  onOpenChange,
  routes,
  currentUuid,
  onSelect,
}: {
  open: boolean
  onOpenChange(open: boolean): void
  routes: RouteSummaryView[]
  currentUuid: string | null
  onSelect(uuid: string): void
}) {
  const { t } = useTranslation()
  const [query, setQuery] = useState('')
  const shown = useMemo(() => filterRoutes(routes, query), [routes, query])

  return (
    <Modal open={open} onOpenChange={onOpenChange} testId="select-routes-modal" title={t('routeModals.select.title')} description={t('routeModals.select.description', { count: routes.length })}>
      <div className="flex flex-col gap-3">
        <SearchField label={t('routeModals.select.search')} value={query} onChange={setQuery} testId="route-search" />
        {shown.length === 0 ? (
          <p className="py-6 text-center text-sm text-gray-500 dark:text-gray-400" role="status">
            {routes.length === 0 ? t('routeModals.select.none') : t('routeModals.select.noMatch')}
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800" data-testid="route-options">
            {shown.map((r) => {
              const current = r.uuid === currentUuid
              return (
                <li key={r.uuid}>
                  <RowButton
                    chosen={current}
                    aria-current={current || undefined}
                    data-testid="route-option"
                    data-uuid={r.uuid}
                    onClick={() => {
                      onOpenChange(false)
                      if (!current) onSelect(r.uuid)
                    }}
                    className="min-h-12"
                  >
                    <Swatch color={routeColorHex(r.color)} className="size-3" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{r.name ?? r.slug}</span>
                      <span className="block text-xs text-gray-500 dark:text-gray-400">{t('routeModals.select.places', { count: r.placesCount })}</span>
                    </span>
                    <NoticeBadge notice={r.notice} />
                    <RouteStatusBadge status={r.status} />
                  </RowButton>
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </Modal>
  )
}
