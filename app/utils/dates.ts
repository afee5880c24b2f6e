// Every date and time a person reads (screens and mails) goes through `dateFormat` (ADR 100):
// instants in the trails' time zone (TIME_ZONE), written the reader's way ("27/11/2026, 17:00"
// for an en-GB browser on the English interface, "11/27/26" only for en-US). Calendar days
// ('YYYY-MM-DD', the roll-ups' days, a notice's days) and months are dates, not instants: they
// are written as they are, never moved across a time zone.

const DAY_MS = 24 * 3600 * 1000
const RECENT_DAYS = 7

/**
 * The locale to write dates in: the first of the reader's languages (Accept-Language, or
 * navigator.languages) that is the interface's language with a region, else the interface's.
 */
export function readerLocale(language: string, preferred: readonly string[] | string | null | undefined): string {
  const tags = typeof preferred === 'string' ? preferred.split(',').map((part) => part.split(';')[0]!.trim()) : (preferred ?? [])
  for (const tag of tags) {
    if (!tag || tag.toLowerCase().split('-')[0] !== language) continue
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf(tag)
      if (supported) return supported
    } catch {
      // Not a language tag (a hand-written header): skip it.
    }
  }
  return language
}

/** 'YYYY-MM-DD' of an instant in a time zone. */
function dayIn(timeZone: string, date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date)
}

const utcDay = (day: string) => new Date(`${day}T00:00:00.000Z`)

export interface DateFormat {
  /** An instant with its time: "27 Nov 2026, 17:00". */
  dateTime(iso: string | Date): string
  /** An instant's day: "27 Nov 2026". */
  date(iso: string | Date): string
  /** A calendar day 'YYYY-MM-DD': "27 Nov" (`year`: with its year). */
  day(day: string, options?: { year?: boolean }): string
  /** A month 'YYYY-MM': "November 2026" (`short`: "Nov"). */
  month(month: string, options?: { short?: boolean }): string
  /** A past instant by calendar day in the time zone: "today", "3 days ago", then "12 Mar" ("12 Mar 2025" in another year). */
  relativeDay(iso: string, now: Date): string
}

/** The formatters of a reader (locale) in the trails' time zone. */
export function dateFormat(locale: string, timeZone: string): DateFormat {
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone })
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone })
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' })
  const dayWithYear = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
  const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })
  const shortMonth = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' })
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  const instant = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value)
  return {
    dateTime: (value) => dateTime.format(instant(value)),
    date: (value) => date.format(instant(value)),
    day: (value, options = {}) => (options.year ? dayWithYear : day).format(utcDay(value)),
    month: (value, options = {}) => (options.short ? shortMonth : month).format(utcDay(`${value}-01`)),
    relativeDay(iso, now) {
      const [then, today] = [dayIn(timeZone, new Date(iso)), dayIn(timeZone, now)]
      const days = Math.round((utcDay(today).getTime() - utcDay(then).getTime()) / DAY_MS)
      if (days >= 0 && days < RECENT_DAYS) return relative.format(-days, 'day')
      return (then.slice(0, 4) === today.slice(0, 4) ? day : dayWithYear).format(utcDay(then))
    },
  }
}
