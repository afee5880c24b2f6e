import { Crosshair, Plus } from 'lucide-react'
import { useDeferredValue, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PlaceRef } from './editor-state.ts'
import { SearchField } from '#app/components/ui/search-field.tsx'

/** Accents and case do not matter: "ecole" finds "École". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase()

/** Long lists are cut: the search narrows them. */
const SHOWN = 60

interface PlaceSearchProps {
  places: PlaceRef[]
  /** How many times each place is a stop of the route. */
  inRoute: Map<number, number>
  canAdd: boolean
  onAdd(place: PlaceRef): void
  onShow(place: PlaceRef): void
}

/** The category's places, filtered as one types, each with "add to the route". */
export function PlaceSearch({ places, inRoute, canAdd, onAdd, onShow }: PlaceSearchProps) {
  const { t } = useTranslation()
  const [query, setQuery] = useState('')
  const deferred = useDeferredValue(query)
  const matches = useMemo(() => {
    const q = fold(deferred.trim())
    const sorted = [...places].sort((a, b) => a.name.localeCompare(b.name))
    return q ? sorted.filter((p) => fold(p.name).includes(q)) : sorted
  }, [places, deferred])

  return (
    <div className="flex flex-col gap-3">
      <SearchField label={t('mapEditor.search')} value={query} onChange={setQuery} placeholder={t('mapEditor.searchPlaceholder')} testId="place-search" />
      {matches.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-300">{places.length === 0 ? t('mapEditor.noPlaces') : t('mapEditor.noMatch', { query: deferred })}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-gray-100 dark:divide-gray-800" data-testid="place-results">
          {matches.slice(0, SHOWN).map((place) => {
            const count = inRoute.get(place.id) ?? 0
            return (
              <li key={place.id} className="flex items-center gap-2 py-1.5" data-testid="place-result">
                <button
                  type="button"
                  onClick={() => onShow(place)}
                  aria-label={t('mapEditor.showOnMap', { name: place.name })}
                  className="rounded-md p-1.5 text-gray-400 hover:bg-gray-100 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-primary-600 dark:hover:bg-gray-800 dark:hover:text-gray-100"
                >
                  <Crosshair className="size-4" aria-hidden />
                </button>
                <span className="min-w-0 flex-1 truncate text-sm">{place.name}</span>
                {count > 0 ? (
                  <span className="rounded-full bg-primary-50 px-2 py-0.5 text-xs font-medium text-primary-800 dark:bg-primary-950 dark:text-primary-200">
                    {t('mapEditor.inRoute')}
                  </span>
                ) : null}
                <button
                  type="button"
                  disabled={!canAdd}
                  onClick={() => onAdd(place)}
                  aria-label={t('mapEditor.addNamed', { name: place.name })}
                  data-testid="place-add"
                  className="inline-flex items-center gap-1 rounded-lg border border-gray-300 px-2.5 py-1 text-sm font-medium text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-primary-600 disabled:cursor-not-allowed disabled:opacity-40 dark:border-gray-700 dark:text-gray-100 dark:hover:bg-gray-800"
                >
                  <Plus className="size-3.5" aria-hidden />
                  {t('mapEditor.add')}
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
