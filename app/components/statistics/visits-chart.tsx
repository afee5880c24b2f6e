import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis, type BarShapeProps, type TooltipContentProps } from 'recharts'

export interface MonthBar {
  month: number
  label: string
  visits: number
}

interface Props {
  data: MonthBar[]
  formatNumber: (n: number) => string
  /** What a bar's tooltip says, e.g. "1,234 visits". */
  describe: (bar: MonthBar) => string
}

/** One bar per month; every month is drawn, so an empty month still has its (flat) bar. */
function MonthRect({ x, y, width, height, index }: BarShapeProps) {
  return (
    <rect
      data-testid="chart-bar"
      data-month={index + 1}
      x={x}
      y={y}
      width={width}
      height={height}
      rx={3}
      className="fill-primary-600 dark:fill-primary-500"
    />
  )
}

function MonthTooltip({ active, payload, describe }: Pick<TooltipContentProps, 'active' | 'payload'> & { describe: Props['describe'] }) {
  const bar = payload?.[0]?.payload as MonthBar | undefined
  if (!active || !bar) return null
  return (
    <div className="rounded-lg border border-gray-200 bg-white px-3 py-2 text-sm shadow-sm dark:border-gray-700 dark:bg-gray-900">
      <p className="font-medium">{bar.label}</p>
      <p className="text-gray-600 dark:text-gray-300">{describe(bar)}</p>
    </div>
  )
}

/**
 * The monthly visits as bars. Browser only (ResponsiveContainer measures its box): the screen
 * loads this module lazily after hydration, inside a box of fixed height.
 */
export default function VisitsChart({ data, formatNumber, describe }: Props) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 288 }}>
      {/* No keyboard layer: the chart is hidden from assistive technology, the table beside it says the figures. */}
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
        <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: 'currentColor', fontSize: 12 }} interval="equidistantPreserveStart" minTickGap={4} />
        <YAxis
          allowDecimals={false}
          tickLine={false}
          axisLine={false}
          width="auto"
          tick={{ fill: 'currentColor', fontSize: 12 }}
          tickFormatter={(value: number) => formatNumber(value)}
        />
        <Tooltip cursor={{ fill: 'currentColor', fillOpacity: 0.06 }} content={({ active, payload }) => <MonthTooltip active={active} payload={payload} describe={describe} />} />
        <Bar dataKey="visits" shape={MonthRect} maxBarSize={48} />
      </BarChart>
    </ResponsiveContainer>
  )
}
