import { isCanonicalTag } from '#app/i18n/content-locales.ts'

/**
 * The query parameters that change a kept visitor page, read in one place (ADR 070). The render
 * cache's key (`PageCache.keyOf`) and the pages' loaders both take them from here, so a value is
 * either part of the key exactly as the loader reads it or changes nothing: `?place=0147`,
 * `147.0`, `+147` or ` 147` is no stop at all, on the page and in the key alike.
 */

export const durationChoices = ['30', '60', '120', 'more'] as const
export const distanceChoices = ['2', '5', '10', 'more'] as const
export type DurationChoice = (typeof durationChoices)[number]
export type DistanceChoice = (typeof distanceChoices)[number]

export interface PageQuery {
  /** The map page's focused stop (a place id in its canonical decimal form). */
  place: number | null
  /** The map page framed by another site. */
  embed: boolean
  /** The category home's filters. */
  duration: DurationChoice | null
  distance: DistanceChoice | null
  stepFree: boolean
  /** The content language asked for by `?lang=` (ADR 043), a canonical BCP 47 tag only. */
  lang: string | null
}


const PLACE_ID = /^[1-9]\d{0,9}$/

const pick = <T extends string>(choices: readonly T[], value: string | null): T | null => ((choices as readonly string[]).includes(value ?? '') ? (value as T) : null)

/** The kept-page parameters of a query string; anything else (another value, another parameter) means none. */
export function readPageQuery(params: URLSearchParams): PageQuery {
  const place = params.get('place')
  const lang = params.get('lang')
  return {
    place: place !== null && PLACE_ID.test(place) ? Number(place) : null,
    embed: params.get('embed') === '1',
    duration: pick(durationChoices, params.get('duration')),
    distance: pick(distanceChoices, params.get('distance')),
    stepFree: params.get('step_free') === '1',
    lang: lang !== null && isCanonicalTag(lang) ? lang : null,
  }
}

/** The part of a render cache key the query makes ('' when it changes nothing), from `readPageQuery`'s values. */
export function pageQueryKey(query: PageQuery, wish: readonly string[] = []): string {
  const kept: string[] = []
  if (query.embed) kept.push('embed=1')
  if (query.place !== null) kept.push(`place=${query.place}`)
  if (query.duration) kept.push(`duration=${query.duration}`)
  if (query.distance) kept.push(`distance=${query.distance}`)
  if (query.stepFree) kept.push('step_free=1')
  // The language asked for wins over any wish: the wish is in the key only without it.
  if (query.lang) kept.push(`lang=${query.lang}`)
  else if (wish.length > 0) kept.push(`wish=${wish.join(',')}`)
  return kept.length === 0 ? '' : `?${kept.join('&')}`
}
