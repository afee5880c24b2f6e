import { Flame, MapPin } from 'lucide-react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { lazyMap } from '#app/components/lazy-map.tsx'
import { useDateFormat } from '#app/components/use-date-format.ts'
import { useLocale } from '#app/i18n/use-locale.ts'
import { heatCssGradient } from '#app/map/heat-scale.ts'
import type { HeatmapMapProps } from '#app/map/heatmap-map.client.tsx'
import type { HeatPoint } from '#app/modules/stats/heatmap.schema.ts'
import type { HeatmapScreenData } from './heatmap-data.ts'
import { Segmented } from '#app/components/ui/segmented.tsx'
import { Cell, ColumnHeader, RowHeader, Table, TableBody, TableHead } from '#app/components/ui/table.tsx'

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
  // a view reads as a bug; the weights keep their decimals for the drawing only.
  const number = useMemo(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }), [locale])
  const dates = useDateFormat()
  const period = t('heatmap.period', { from: dates.month(heatmap.from), to: dates.month(heatmap.to) })

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
        <Segmented
          label={t('heatmap.view.label')}
          value={view}
          onChange={setView}
          items={(['heat', 'points'] as const).map((mode) => {
            const Icon = mode === 'heat' ? Flame : MapPin
            return {
              id: mode,
              testId: `heatmap-view-${mode}`,
              label: (
                <>
                  <Icon className="size-4" aria-hidden="true" />
                  {t(`heatmap.view.${mode}`)}
                </>
              ),
            }
          })}
        />
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
    <section aria-labelledby="heatmap-places" className="min-w-0 rounded-xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <h2 id="heatmap-places" className="px-4 pt-3 pb-2 font-medium">
        {t('heatmap.table.title')}
      </h2>
      <Table data-testid="heatmap-table">
        <TableHead>
          <ColumnHeader>{t('heatmap.table.place')}</ColumnHeader>
          <ColumnHeader numeric>{t('heatmap.table.visits')}</ColumnHeader>
          <ColumnHeader numeric>{t('heatmap.table.views')}</ColumnHeader>
          <ColumnHeader numeric>{t('heatmap.table.weight')}</ColumnHeader>
        </TableHead>
        <TableBody>
          {points.map((point) => (
            <tr key={point.place_id}>
              <RowHeader>{point.name}</RowHeader>
              <Cell numeric>{format(point.place_visits)}</Cell>
              <Cell numeric>{format(point.views)}</Cell>
              <Cell numeric className="font-medium">
                {format(point.weight)}
              </Cell>
            </tr>
          ))}
        </TableBody>
      </Table>
    </section>
  )
}
