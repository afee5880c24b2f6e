import { clsx } from 'clsx'
import { ChevronDown, ChevronLeft, ChevronUp, Crosshair, LocateFixed } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useLocale } from '#app/i18n/use-locale.ts'
import { distanceLabel } from './distances.ts'
import type { MapPagePlace } from './types.ts'
import type { PositionState } from './use-watch-position.ts'

const bigButton =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl px-4 text-base font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600'

interface SummaryProps {
  closest: number | null
  position: PositionState
  onLocate: () => void
  expanded: boolean
  onToggle: () => void
  count: number
}

/** Distance to the closest stop, the position button and the list toggle: always in reach. */
export function SheetSummary({ closest, position, onLocate, expanded, onToggle, count }: SummaryProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const problem = position.status === 'denied' || position.status === 'unavailable' ? t(`publicMap.position.${position.status}`) : null
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-gray-600 dark:text-gray-300">
          {t('publicMap.closest')}{' '}
          <strong data-testid="closest-distance" className="block text-2xl font-semibold text-gray-900 tabular-nums dark:text-white">
            {distanceLabel(closest, locale, t('publicMap.notAvailable'))}
          </strong>
        </p>
        {position.status !== 'on' && (
          <button type="button" onClick={onLocate} className={clsx(bigButton, 'bg-primary-600 text-white hover:bg-primary-700')} aria-busy={position.status === 'waiting'}>
            <LocateFixed className="size-5" aria-hidden="true" />
            {position.status === 'waiting' ? t('publicMap.position.waiting') : t('publicMap.position.show')}
          </button>
        )}
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={expanded}
        aria-controls="place-list"
        className={clsx(bigButton, 'w-full border border-gray-300 bg-white text-gray-900 hover:bg-gray-50 lg:hidden dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100')}
      >
        {expanded ? <ChevronDown className="size-5" aria-hidden="true" /> : <ChevronUp className="size-5" aria-hidden="true" />}
        {expanded ? t('publicMap.hidePlaces') : t('publicMap.showPlaces', { count })}
      </button>
    </div>
  )
}

interface ListProps {
  places: MapPagePlace[]
  /** The route colour: the numbers look like the map's markers. */
  color: string
  distances: Map<number, number>
  expanded: boolean
  onOpen: (id: number) => void
}

/** The stops in order with their distances; each opens the stop. */
export function PlaceList({ places, color, distances, expanded, onOpen }: ListProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  return (
    <div id="place-list" className={clsx(expanded ? 'block' : 'hidden', 'lg:block')}>
      <h2 className="sr-only">{t('publicMap.places')}</h2>
      <ol className="divide-y divide-gray-200 dark:divide-gray-800" data-testid="place-list">
        {places.map((place) => (
          <li key={place.id}>
            <button
              type="button"
              onClick={() => onOpen(place.id)}
              className="flex min-h-14 w-full items-center gap-3 px-1 py-2 text-left hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-primary-600 dark:hover:bg-gray-800"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white shadow-sm" style={{ backgroundColor: color }} aria-hidden="true">
                {place.number}
              </span>
              <span className="min-w-0 flex-1">
                <span className="sr-only">{t('publicMap.stop', { number: place.number })} </span>
                <span className="block truncate font-medium">{place.name}</span>
              </span>
              <span className="shrink-0 text-sm text-gray-600 tabular-nums dark:text-gray-300" data-testid="place-distance">
                {distanceLabel(distances.get(place.id), locale, t('publicMap.notAvailable'))}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  )
}

interface DetailProps {
  place: MapPagePlace
  distance: number | undefined
  onBack: () => void
  onCentre: () => void
}

/** One stop: its name, distance and secrets, with a button to centre it on the map. */
export function PlaceDetail({ place, distance, onBack, onCentre }: DetailProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  return (
    <section aria-labelledby="place-title" data-testid="place-detail" className="space-y-3">
      <div>
        <p className="text-sm text-gray-600 dark:text-gray-300">
          {t('publicMap.stop', { number: place.number })} · {distanceLabel(distance, locale, t('publicMap.notAvailable'))}
        </p>
        <h2 id="place-title" className="text-xl font-semibold">
          {place.name}
        </h2>
      </div>
      {place.secrets.length > 0 ? (
        <ul className="space-y-3">
          {place.secrets.map((secret) => (
            <li key={secret.id} className="rounded-xl bg-amber-50 p-3 dark:bg-amber-950/40">
              <h3 className="font-semibold">{secret.title}</h3>
              <p className="mt-1 text-sm whitespace-pre-line text-gray-700 dark:text-gray-200">{secret.text}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-600 dark:text-gray-300">{t('publicMap.noSecrets')}</p>
      )}
      <div className="grid grid-cols-2 gap-2">
        <button type="button" onClick={onBack} className={clsx(bigButton, 'border border-gray-300 bg-white text-gray-900 hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100')}>
          <ChevronLeft className="size-5" aria-hidden="true" />
          {t('publicMap.allPlaces')}
        </button>
        <button type="button" onClick={onCentre} className={clsx(bigButton, 'bg-primary-600 text-white hover:bg-primary-700')}>
          <Crosshair className="size-5" aria-hidden="true" />
          {t('publicMap.centre')}
        </button>
      </div>
    </section>
  )
}
