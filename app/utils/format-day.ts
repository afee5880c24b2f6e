// A past moment as a short, language-aware day: "today", "yesterday", "3 days ago", then a date
// ("12 Mar", "12 Mar 2025" in another year). By calendar day in the reader's time zone (the
// browser's; the server's when rendered there, hence suppressHydrationWarning where it is shown).

const DAY_MS = 24 * 3600 * 1000
const RECENT_DAYS = 7

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime()

export function relativeDay(iso: string, now: Date, locale: string): string {
  const then = new Date(iso)
  const days = Math.round((startOfDay(now) - startOfDay(then)) / DAY_MS)
  if (days >= 0 && days < RECENT_DAYS) return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-days, 'day')
  const sameYear = then.getFullYear() === now.getFullYear()
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) }).format(then)
}
