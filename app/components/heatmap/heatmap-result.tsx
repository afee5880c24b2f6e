import { clsx } from 'clsx'
import { Flame, MapPin } from 'lucide-react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { lazyMap } from '#app/components/lazy-map.tsx'
import { useLocale } from '#app/i18n/use-locale.ts'
import { heatCssGradient } from '#app/map/heat-scale.ts'
import type { HeatmapMapProps } from '#app/map/heatmap-map.client.tsx'
import type { HeatPoint } from '#app/modules/stats/heatmap.schema.ts'
import type { HeatmapScreenData } from './heatmap-data.ts'

const HeatmapMap = lazyMap<HeatmapMapProps<HeatPoint>>(() => import('#app/map/heatmap-map.client.tsx'))

type ViewMode = 'heat' | 'points'
const viewOf = (params: URLSearchParams): ViewMode => (params.get('view') === 'points' ? 'points' : 'heat')

/** The heat or the points on a map, with the legend and the places as a table. */
export function HeatmapResult({ data }: { data: HeatmapScreenData }) {
  const { t } = useTranslation()
  const locale = useLocale()
  const [params, setParams] = useSearchParams()
  const view = viewOf(params)
  const { heatmap } = data
  // Whole numbers: a route's views are shared among its stops (15.33 at a place), and a third of
  // a view reads as a bug (issue 18 item 23); the weights keep their decimals for the drawing only.
  const number = useMemo(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }), [locale])
  const monthName = (month: string) =>
    new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`))
  const period = t('heatmap.period', { from: monthName(heatmap.from), to: monthName(heatmap.to) })

  const setView = (next: ViewMode) => {
    const updated = new URLSearchParams(params)
    if (next === 'heat') updated.delete('view')
    else updated.set('view', next)
    setParams(updated, { replace: true, preventScrollReset: true })
  }

  if (heatmap.points.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-gray-300 p-6 dark:border-gray-700" data-testid="heatmap-empty">
        <h2 className="font-medium">{t('heatmap.empty.title')}</h2>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">{t('heatmap.empty.text', { period })}</p>
      </div>
    )
  }

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-gray-600 dark:text-gray-300" data-testid="heatmap-summary">
          {t('heatmap.summary', { count: heatmap.points.length, period })}
        </p>
        <div role="group" aria-label={t('heatmap.view.label')} className="inline-flex rounded-lg border border-gray-300 p-0.5 dark:border-gray-700">
          {(['heat', 'points'] as const).map((mode) => {
            const Icon = mode === 'heat' ? Flame : MapPin
            return (
              <button
                key={mode}
                type="button"
                aria-pressed={view === mode}
                onClick={() => setView(mode)}
                data-testid={`heatmap-view-${mode}`}
                className={clsx(
                  'inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary-600',
                  view === mode ? 'bg-primary-700 text-white' : 'text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800',
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
                {t(`heatmap.view.${mode}`)}
              </button>
            )
          })}
        </div>
      </div>
      <HeatmapMap
        {...data.tiles}
        label={t('heatmap.mapLabel', { category: data.selected.name })}
        points={heatmap.points}
        max={heatmap.max_weight}
        mode={view}
        className="h-[60vh] min-h-80 w-full"
        tooltip={(point) => (
          <span className="flex flex-col">
            <strong>{point.name}</strong>
            <span>{t('heatmap.tooltip.weight', { value: number.format(point.weight) })}</span>
            <span>{t('heatmap.tooltip.visits', { value: number.format(point.place_visits) })}</span>
            <span>{t('heatmap.tooltip.views', { value: number.format(point.views) })}</span>
          </span>
        )}
      />
      <Legend max={number.format(heatmap.max_weight)} />
      <PlacesTable points={heatmap.points} format={number.format} />
    </>
  )
}

/** The colour ramp, low to high, with the largest weight in numbers (not by colour alone). */
function Legend({ max }: { max: string }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="heatmap-legend">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium">{t('heatmap.legend.title')}</span>
        <span className="text-gray-600 dark:text-gray-300">{t('heatmap.legend.low')}</span>
        <span aria-hidden="true" className="h-3 w-40 rounded-full ring-1 ring-gray-300 dark:ring-gray-700" style={{ background: heatCssGradient() }} />
        <span className="text-gray-600 dark:text-gray-300">{t('heatmap.legend.high', { max })}</span>
      </div>
      <p className="text-xs text-gray-500 dark:text-gray-400">{t('heatmap.legend.explain')}</p>
    </div>
  )
}

/** The same figures as a table: readable without the map. */
function PlacesTable({ points, format }: { points: HeatPoint[]; format: (n: number) => string }) {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="heatmap-places" className="overflow-x-auto rounded-xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <h2 id="heatmap-places" className="px-4 pt-3 font-medium">
        {t('heatmap.table.title')}
      </h2>
      <table className="mt-2 w-full text-sm" data-testid="heatmap-table">
        <thead className="text-left text-gray-600 dark:text-gray-300">
          <tr className="border-b border-gray-200 dark:border-gray-800">
            <th scope="col" className="px-4 py-2 font-medium">
              {t('heatmap.table.place')}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              {t('heatmap.table.visits')}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              {t('heatmap.table.views')}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              {t('heatmap.table.weight')}
            </th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.place_id} className="border-b border-gray-100 last:border-0 dark:border-gray-800">
              <th scope="row" className="px-4 py-2 text-left font-normal">
                {point.name}
              </th>
              <td className="px-4 py-2 text-right tabular-nums">{format(point.place_visits)}</td>
              <td className="px-4 py-2 text-right tabular-nums">{format(point.views)}</td>
              <td className="px-4 py-2 text-right font-medium tabular-nums">{format(point.weight)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
