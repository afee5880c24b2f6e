import { Clock, Footprints, LoaderCircle, Route as RouteIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useLocale } from '#app/i18n/use-locale.ts'
import { formatDuration, formatRouteDistance } from '#app/utils/format-walk.ts'
import { Button } from '#app/components/ui/button.tsx'

interface DirectionsSummaryProps {
  distance: number
  duration: number
  hasPath: boolean
  /** Fewer than two stops with a position: nothing to compute. */
  canCompute: boolean
  computing: boolean
  stale: boolean
  onCompute(): void
}

/** The route's length (km, 2 decimals) and walking time (docs/spec.md §9), and "Compute path". */
export function DirectionsSummary({ distance, duration, hasPath, canCompute, computing, stale, onCompute }: DirectionsSummaryProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const status = computing ? t('mapEditor.computing') : stale && canCompute ? t('mapEditor.pathStale') : !canCompute ? t('mapEditor.needTwo') : hasPath ? null : t('mapEditor.noPath')
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <dl className="grid flex-1 grid-cols-2 gap-2">
          <div className="rounded-lg bg-gray-50 px-3 py-2 dark:bg-gray-800/60">
            <dt className="flex items-center gap-1.5 text-xs text-gray-500 dark:text-gray-400">
              <Footprints className="size-3.5" aria-hidden />
              {t('mapEditor.distance')}
            </dt>
            <dd className="text-base font-semibold tabular-nums" data-testid="route-distance">
              {formatRouteDistance(distance, locale)}
            </dd>
          </div>
          <div className="rounded-lg bg-gray-50 px-3 py-2 dark:bg-gray-800/60">
            <dt className="flex items-center gap-1.5 text-xs text-gray-500 dark:text-gray-400">
              <Clock className="size-3.5" aria-hidden />
              {t('mapEditor.duration')}
            </dt>
            <dd className="text-base font-semibold tabular-nums" data-testid="route-duration">
              {formatDuration(duration)}
            </dd>
          </div>
        </dl>
        <Button type="button" variant="secondary" className="h-full flex-col" onClick={onCompute} disabled={!canCompute || computing} data-testid="compute-path" title={t('mapEditor.computePath')}>
          {computing ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <RouteIcon className="size-4" aria-hidden />}
          {t('mapEditor.computePath')}
        </Button>
      </div>
      <p className="text-xs text-gray-500 empty:hidden dark:text-gray-400" aria-live="polite" data-testid="directions-status">
        {status}
      </p>
    </div>
  )
}
