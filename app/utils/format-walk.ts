// How distances and walking times read on screen: pure, so every screen shows them alike.

const NBSP = '\u00a0'

const decimals = (locale: string, digits: number) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits })

/** Metres below a kilometre ("850 m"), else kilometres with 2 decimals ("1.25 km"). */
export function formatDistance(metres: number, locale = 'en'): string {
  const m = Math.max(0, Math.round(metres))
  if (m < 1000) return `${decimals(locale, 0).format(m)}${NBSP}m`
  // The exact length, not the rounded metres: 1004.9 m is "1.00 km", as formatRouteDistance shows it.
  return formatRouteDistance(metres, locale)
}

/** A route's length, always in kilometres with 2 decimals ("0.85 km"). */
export function formatRouteDistance(metres: number, locale = 'en'): string {
  return `${decimals(locale, 2).format(Math.max(0, metres) / 1000)}${NBSP}km`
}

/** Whole minutes ("45 min"), and hours with minutes from an hour on ("1h 5min"). */
export function formatDuration(seconds: number): string {
  const minutes = Math.max(0, Math.round(seconds / 60))
  if (minutes < 60) return `${minutes}${NBSP}min`
  return `${Math.floor(minutes / 60)}h${NBSP}${minutes % 60}min`
}
