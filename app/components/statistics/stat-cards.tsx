import { Clock, Eye, Heart, MessageSquarePlus, QrCode, Timer, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Statistic } from '#app/modules/stats/stats.schema.ts'
import type { StatisticsFormat } from './format.ts'

interface Card {
  key: 'views' | 'total_time' | 'averageTimePerSession' | 'likes' | 'contributions' | 'place_visits'
  icon: LucideIcon
  kind: 'count' | 'duration'
}

const cards: Card[] = [
  { key: 'views', icon: Eye, kind: 'count' },
  { key: 'total_time', icon: Clock, kind: 'duration' },
  { key: 'averageTimePerSession', icon: Timer, kind: 'duration' },
  { key: 'likes', icon: Heart, kind: 'count' },
  { key: 'contributions', icon: MessageSquarePlus, kind: 'count' },
  { key: 'place_visits', icon: QrCode, kind: 'count' },
]

/** The period's figures, one card each, with a line saying where the figure comes from. */
export function StatCards({ statistic, format }: { statistic: Statistic; format: StatisticsFormat }) {
  const { t } = useTranslation()
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 2xl:grid-cols-6">
      {cards.map(({ key, icon: Icon, kind }) => (
        <div key={key} className="flex flex-col gap-1 rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
          <dt className="flex items-center gap-2 text-sm font-medium text-gray-600 dark:text-gray-300">
            <Icon className="size-4 shrink-0 text-primary-600 dark:text-primary-400" aria-hidden="true" />
            {t(`statistics.figures.${key}`)}
          </dt>
          <dd data-testid={`stat-${key}`} className="text-xl font-semibold tabular-nums sm:text-2xl">
            {kind === 'duration' ? format.duration(statistic[key]) : format.number(statistic[key])}
          </dd>
          <dd className="text-xs text-gray-500 dark:text-gray-400">{t(`statistics.hints.${key}`)}</dd>
        </div>
      ))}
    </dl>
  )
}
