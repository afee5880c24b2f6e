import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { MessageKey } from '#app/i18n/keys.ts'
import { useLocale } from '#app/i18n/use-locale.ts'

type Translate = (key: MessageKey, values?: Record<string, string>) => string

/** The twelve short month names of a language, January first. */
export function monthNames(locale: string): string[] {
  // UTC on both sides, so the server and the browser name the same month whatever their zone.
  const format = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' })
  return Array.from({ length: 12 }, (_, i) => format.format(Date.UTC(2000, i, 1)))
}

/**
 * Seconds as people read them: "42 s", "5 min 23 s", "1,234 h 5 min" (docs/spec.md §9 writes durations
 * in whole minutes, "Xh Ymin" from 60 minutes). Units come from the translations.
 */
export function formatDuration(totalSeconds: number, number: (n: number) => string, t: Translate): string {
  const seconds = Math.max(0, Math.round(totalSeconds))
  if (seconds < 60) return t('statistics.duration.seconds', { seconds: number(seconds) })
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) {
    const rest = seconds % 60
    return rest === 0
      ? t('statistics.duration.minutes', { minutes: number(minutes) })
      : t('statistics.duration.minutesSeconds', { minutes: number(minutes), seconds: number(rest) })
  }
  return t('statistics.duration.hoursMinutes', { hours: number(Math.floor(minutes / 60)), minutes: number(minutes % 60) })
}

export interface StatisticsFormat {
  number: (n: number) => string
  duration: (seconds: number) => string
  months: string[]
}

/** Numbers, durations and month names in the page's language. */
export function useStatisticsFormat(): StatisticsFormat {
  const locale = useLocale()
  const { t } = useTranslation()
  return useMemo(() => {
    const numberFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
    const number = (n: number) => numberFormat.format(n)
    return { number, duration: (seconds: number) => formatDuration(seconds, number, t), months: monthNames(locale) }
  }, [locale, t])
}
