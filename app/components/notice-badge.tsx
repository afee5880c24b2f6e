import { clsx } from 'clsx'
import { Ban, Info, TriangleAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { RouteNotice } from '#app/modules/walks/walk-responses.schema.ts'
import type { Translate } from '#app/i18n/keys.ts'

// A route's notice in the manager's lists (landing list, the map editor's routes): its level in
// words and an icon; greyed when today is outside its days (visitors do not see it now).

const icons = { information: Info, warning: TriangleAlert, closed: Ban } as const
const colours = {
  information: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  warning: 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
  closed: 'bg-red-700 text-white dark:bg-red-800',
} as const

export function NoticeBadge({ notice }: { notice: Pick<RouteNotice, 'level' | 'text' | 'active'> | null | undefined }) {
  const { t } = useTranslation()
  if (!notice) return null
  const Icon = icons[notice.level]
  const label = t(`notices.levels.${notice.level}`)
  return (
    <span
      data-testid="notice-badge"
      data-level={notice.level}
      data-active={notice.active}
      title={notice.text ?? undefined}
      className={clsx(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        notice.active ? colours[notice.level] : 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-200',
      )}
    >
      <Icon className="size-3" aria-hidden />
      {notice.active ? label : t('notices.badge.notToday', { level: label })}
    </span>
  )
}

/** The same in words, for a <select>'s option (which holds text only). */
export function noticeSuffix(notice: Pick<RouteNotice, 'level' | 'active'> | null | undefined, t: Translate): string {
  return notice?.active ? ` · ${t(`notices.levels.${notice.level}`)}` : ''
}
