import { Clock, Eye, Heart, MessageSquarePlus, QrCode, Timer, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Stat } from '#app/components/ui/stat.tsx'
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
      {cards.map(({ key, icon, kind }) => (
        <Stat
          key={key}
          icon={icon}
          label={t(`statistics.figures.${key}`)}
          value={kind === 'duration' ? format.duration(statistic[key]) : format.number(statistic[key])}
          hint={t(`statistics.hints.${key}`)}
          testId={`stat-${key}`}
        />
      ))}
    </dl>
  )
}
