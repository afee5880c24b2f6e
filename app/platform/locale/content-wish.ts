import { canonicalTag, isCanonicalTag, languageKey } from '#app/i18n/content-locales.ts'
import { readCookie } from '#app/platform/http/cookies.ts'
import { memoized } from '#app/utils/memo.ts'

// A visitor's wished content languages (ADR 043), read from the request's headers: by the render
// cache's key and by the visitor pages' loaders alike (ADR 070: one reader for both).

/** The cookie that keeps a visitor's chosen content language (set on a page asked with `?lang=`, ADR 043). */
export const contentLocaleCookie = { name: 'content_lang', maxAgeSeconds: 365 * 24 * 60 * 60 } as const

/** At most this many wished languages count (the cookie's and Accept-Language's first ones). */
const WISHES_MAX = 4

/**
 * The content languages a visitor's request wishes for, best first (ADR 043): the kept choice
 * (cookie), then Accept-Language by quality, each as its language and script ("es-MX" → "es-Latn").
 * The render cache keys on this exactly as the pages pick their language from it.
 */
export function readContentWish(headers: { get(name: string): string | null }): string[] {
  const kept = readCookie(headers.get('cookie'), contentLocaleCookie.name)
  const asked = acceptLanguageWishes(headers.get('accept-language') ?? '')
  if (!kept || !isCanonicalTag(kept)) return [...asked]
  return [kept, ...asked.filter((key) => key !== kept)].slice(0, WISHES_MAX)
}

// Accept-Language's languages by quality, as language and script keys. Read by every visitor
// page request, and browsers send few distinct headers: each is worked out once (issue 28).
const acceptLanguageWishes = memoized((acceptLanguage: string): readonly string[] => {
  const wishes: string[] = []
  const ranked = acceptLanguage
    .split(',')
    .slice(0, 16)
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1, i }
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
  for (const { tag } of ranked) {
    const canonical = canonicalTag(tag)
    if (!canonical) continue
    const key = languageKey(canonical)
    if (!wishes.includes(key)) wishes.push(key)
    if (wishes.length >= WISHES_MAX) break
  }
  return wishes
}, 500)

/**
 * The Set-Cookie that keeps a visitor's choice (ADR 043): a page read asked with `?lang=` (the
 * switcher's links) remembers that language for the visitor's next pages; else nothing.
 */
export function contentChoiceCookie(
  request: { url: string; method: string; headers: { get(name: string): string | null } },
  config: { BASE_URL: string; SUBDOMAIN_ROUTING: boolean },
  // `request.url` already parsed, when the caller has it (the lean path: issue 28).
  url?: URL,
): string | undefined {
  if (request.method !== 'GET') return undefined
  const asked = (url ?? new URL(request.url)).searchParams.get('lang')
  if (asked === null || !isCanonicalTag(asked)) return undefined
  if (readCookie(request.headers.get('cookie'), contentLocaleCookie.name) === asked) return undefined
  const domain = config.SUBDOMAIN_ROUTING ? `; Domain=${new URL(config.BASE_URL).hostname}` : ''
  return `${contentLocaleCookie.name}=${asked}; Max-Age=${contentLocaleCookie.maxAgeSeconds}; Path=/; SameSite=Lax${domain}`
}
