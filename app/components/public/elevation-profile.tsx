import { Mountain } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { ElevationView } from '#app/modules/accessibility/accessibility-responses.schema.ts'
import { formatRouteDistance } from '#app/utils/format-walk.ts'

// A route's height profile as an inline SVG (ADR 027): drawn by the server, no
// script, no style attribute (the CSP). The heights' figures are text beside it, and the
// drawing's accessible name says them too: nothing is told by the shape alone.

const WIDTH = 300
const HEIGHT = 80

/** The profile as a line and the area under it, in the SVG's box. */
function profilePaths(profile: [number, number][], min: number, max: number): { line: string; area: string } {
  const last = profile.at(-1)?.[0] || 1
  // A flat walk still draws a line, in the middle rather than on the floor.
  const span = max - min || 1
  const pad = max - min ? 0 : 0.5
  const x = (d: number) => ((d / last) * WIDTH).toFixed(1)
  const y = (e: number) => (HEIGHT - ((e - min) / span + pad) * (HEIGHT - 4) - 2).toFixed(1)
  const line = profile.map(([d, e], i) => `${i === 0 ? 'M' : 'L'}${x(d)} ${y(e)}`).join(' ')
  return { line, area: `${line} L${WIDTH} ${HEIGHT} L0 ${HEIGHT} Z` }
}

export function ElevationProfile({ elevation, locale }: { elevation: ElevationView; locale: string }) {
  const { t } = useTranslation()
  const id = useId()
  const n = new Intl.NumberFormat(locale)
  const metres = (value: number) => t('accessibility.elevation.metres', { value: n.format(value) })
  const { line, area } = profilePaths(elevation.profile, elevation.min, elevation.max)
  const summary = t('accessibility.elevation.summary', {
    ascent: n.format(elevation.ascent),
    descent: n.format(elevation.descent),
    distance: formatRouteDistance(elevation.distance, locale),
    min: n.format(elevation.min),
    max: n.format(elevation.max),
  })
  const figures = [
    ['ascent', elevation.ascent],
    ['descent', elevation.descent],
    ['lowest', elevation.min],
    ['highest', elevation.max],
  ] as const
  return (
    <figure data-testid="elevation-profile" className="space-y-2">
      <figcaption className="flex items-center gap-2 text-sm font-semibold text-gray-900">
        <Mountain className="size-4 text-gray-700" aria-hidden="true" />
        {t('accessibility.elevation.title')}
      </figcaption>
      <div className="grid grid-cols-[auto_1fr] gap-2">
        <div className="flex flex-col justify-between text-right text-xs text-gray-700 tabular-nums" aria-hidden="true">
          <span>{metres(elevation.max)}</span>
          <span>{metres(elevation.min)}</span>
        </div>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-labelledby={`${id}-title`} className="h-20 w-full rounded-md bg-white ring-1 ring-gray-300">
          <title id={`${id}-title`}>{summary}</title>
          <path d={area} className="fill-primary-100" />
          <path d={line} fill="none" strokeWidth={2} strokeLinejoin="round" vectorEffect="non-scaling-stroke" className="stroke-primary-800" />
        </svg>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm @lg:grid-cols-4">
        {figures.map(([key, value]) => (
          <div key={key} className="flex flex-wrap gap-x-1">
            <dt className="text-gray-700">{t(`accessibility.elevation.${key}`)}:</dt>
            <dd data-testid={`elevation-${key}`} className="font-semibold whitespace-nowrap text-gray-900 tabular-nums">
              {metres(value)}
            </dd>
          </div>
        ))}
      </dl>
    </figure>
  )
}
