import { Crosshair, Plus } from 'lucide-react'
import { useDeferredValue, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PlaceRef } from './editor-state.ts'
import { SearchField } from '#app/components/ui/search-field.tsx'
import { Button, IconButton } from '#app/components/ui/button.tsx'

/** Accents and case do not matter: "ecole" finds "École". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase()

/**
 * What tells apart places of one name (two imported "Fontaine"): their position, to 4 decimals
 * (about 10 m), or their number when they have none. Empty for a name no other place has.
 */
export function placeHint(place: PlaceRef, sameName: number, format: (n: number) => string): string {
  if (sameName < 2) return ''
  return place.lat !== null && place.lng !== null ? `${format(place.lat)}, ${format(place.lng)}` : `#${place.id}`
}

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
  const named = useMemo(() => {
    const counts = new Map<string, number>()
    for (const p of places) counts.set(fold(p.name), (counts.get(fold(p.name)) ?? 0) + 1)
    return counts
  }, [places])
  // Coordinates as maps and phones write them in every language ("46.5231, 6.6329"): a decimal
  // comma would make "46,5231, 6,6329" of them in French, German and Italian.
  const coordinate = useMemo(() => {
    const format = new Intl.NumberFormat('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 4, useGrouping: false })
    return (n: number) => format.format(n)
  }, [])
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
            const hint = placeHint(place, named.get(fold(place.name)) ?? 0, coordinate)
            const label = hint ? `${place.name} (${hint})` : place.name
            return (
              <li key={place.id} className="flex items-center gap-2 py-1.5" data-testid="place-result">
                <IconButton onClick={() => onShow(place)} label={t('mapEditor.showOnMap', { name: label })}>
                  <Crosshair className="size-4" aria-hidden />
                </IconButton>
                <span className="min-w-0 flex-1 truncate text-sm">
                  {place.name}
                  {hint ? (
                    <span className="ml-1.5 text-xs text-gray-600 tabular-nums dark:text-gray-400" data-testid="place-hint">
                      {hint}
                    </span>
                  ) : null}
                </span>
                {count > 0 ? (
                  <span className="rounded-full bg-primary-50 px-2 py-0.5 text-xs font-medium text-primary-800 dark:bg-primary-950 dark:text-primary-200">
                    {t('mapEditor.inRoute')}
                  </span>
                ) : null}
                <Button type="button" variant="secondary" size="sm" disabled={!canAdd} onClick={() => onAdd(place)} aria-label={t('mapEditor.addNamed', { name: label })} data-testid="place-add">
                  <Plus className="size-3.5" aria-hidden />
                  {t('mapEditor.add')}
                </Button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
