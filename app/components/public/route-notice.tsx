import { clsx } from 'clsx'
import { Ban, Info, TriangleAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { NoticeLevel } from '#app/modules/walks/walk-notice.ts'
import type { Translate } from '#app/i18n/keys.ts'

// A route's notice on the visitor pages (/r, /m, the category home's cards) and in the landing
// editor's preview (ADR 026). Server-rendered HTML only, no script. Each level has its
// own colours (text at WCAG AA contrast or better, see notice-styles.test.ts), icon and heading:
// "closed" says so in words, not by colour alone. A closed route stays reachable: the pages'
// links and map are untouched.

export interface NoticeDisplay {
  level: NoticeLevel
  text: string | null
  starts_on: string | null
  ends_on: string | null
}

/** Background, border and text of each level (notice-styles.test.ts checks their contrast). */
export const noticeStyles: Record<NoticeLevel, { box: string; icon: string }> = {
  information: { box: 'border-sky-300 bg-sky-50 text-sky-950', icon: 'text-sky-800' },
  warning: { box: 'border-amber-400 bg-amber-50 text-amber-950', icon: 'text-amber-800' },
  closed: { box: 'border-red-800 bg-red-700 text-white', icon: 'text-white' },
}

const icons = { information: Info, warning: TriangleAlert, closed: Ban } as const

/** "From 1 December 2026 to 31 March 2027", "Until 24 December 2026" in the page's language; null without a last day. */
function noticePeriod(notice: Pick<NoticeDisplay, 'starts_on' | 'ends_on'>, locale: string, t: Translate): string | null {
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
  const day = (value: string) => format.format(new Date(`${value}T00:00:00Z`))
  if (notice.starts_on && notice.ends_on) return t('notices.period.between', { start: day(notice.starts_on), end: day(notice.ends_on) })
  // A shown notice has begun: its first day alone tells a visitor nothing.
  if (notice.ends_on) return t('notices.period.until', { end: day(notice.ends_on) })
  return null
}

export function RouteNotice({
  notice,
  locale,
  compact = false,
  inList = false,
  className,
}: {
  notice: NoticeDisplay | null
  locale: string
  compact?: boolean
  /** On one card of many (the category home): a status, never an alert per card. */
  inList?: boolean
  className?: string
}) {
  const { t } = useTranslation()
  if (!notice) return null
  const Icon = icons[notice.level]
  const style = noticeStyles[notice.level]
  const period = noticePeriod(notice, locale, t)
  return (
    <div
      // A closed route is news a visitor must not miss; the others are announced politely.
      role={notice.level === 'closed' && !inList ? 'alert' : 'status'}
      data-testid="route-notice"
      data-level={notice.level}
      className={clsx('flex gap-3 rounded-xl border', compact ? 'p-3 text-sm' : 'p-4', style.box, className)}
    >
      <Icon className={clsx('shrink-0', compact ? 'mt-0.5 size-4' : 'mt-0.5 size-6', style.icon)} aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        <p className={clsx('font-semibold', compact ? '' : 'text-base')}>{t(`notices.heading.${notice.level}`)}</p>
        {notice.text ? <p className="leading-snug whitespace-pre-line">{notice.text}</p> : null}
        {period ? <p className={clsx('text-sm', notice.level === 'closed' ? 'text-white' : 'opacity-90')}>{period}</p> : null}
      </div>
    </div>
  )
}
