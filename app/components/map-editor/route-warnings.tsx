import { TriangleAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useLocale } from '#app/i18n/use-locale.ts'
import type { RouteWarning } from '#app/modules/walks/route-plausibility.ts'
import { formatDuration, formatRouteDistance } from '#app/utils/format-walk.ts'

/** Legs named one by one; the rest are counted. */
const SHOWN_LEGS = 2

/** Above the save button: what looks implausible about the route. It never blocks saving. */
export function RouteWarnings({ warnings }: { warnings: RouteWarning[] }) {
  const { t } = useTranslation()
  const locale = useLocale()
  if (warnings.length === 0) return null
  const legs = warnings.filter((w) => w.kind === 'leg')
  const lines = warnings.flatMap((w) =>
    w.kind === 'route'
      ? [t('routeGuidance.longRoute', { distance: formatRouteDistance(w.metres, locale), duration: formatDuration(w.seconds) })]
      : legs.indexOf(w) < SHOWN_LEGS
        ? [t('routeGuidance.longLeg', { from: w.from, to: w.to, distance: formatRouteDistance(w.metres, locale) })]
        : [],
  )
  if (legs.length > SHOWN_LEGS) lines.push(t('routeGuidance.moreLegs', { count: legs.length - SHOWN_LEGS }))
  return (
    <div role="status" data-testid="route-warnings" className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100">
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden />
      <div className="min-w-0 break-words">
        <p className="font-medium">{t('routeGuidance.title')}</p>
        <ul>
          {lines.map((line) => (
            <li key={line} data-testid="route-warning">
              {line}
            </li>
          ))}
        </ul>
        <p className="text-amber-800 dark:text-amber-200">{t('routeGuidance.canSave')}</p>
      </div>
    </div>
  )
}
