/** Locales the product speaks; English is the default and is served without a path prefix. */
export const locales = ['en', 'fr', 'de', 'it'] as const
export type Locale = (typeof locales)[number]
export const defaultLocale: Locale = 'en'

/** Cookie that remembers the visitor's language (docs/spec.md §9). */
export const localeCookie = {
  name: 'i18n_redirected',
  maxAgeSeconds: 365 * 24 * 60 * 60,
} as const

export const localeNames: Record<Locale, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value)
}

/** Splits "/fr/dashboard" into { locale: 'fr', path: '/dashboard' }; unprefixed paths are English. */
export function splitLocalePath(pathname: string): { locale: Locale | null; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname)
  if (match && isLocale(match[1])) return { locale: match[1], path: match[2] || '/' }
  return { locale: null, path: pathname }
}

/** The path for a locale: English unprefixed, others under /{code}. */
export function localizePath(path: string, locale: Locale): string {
  // "/en//evil.example" is a path here; without its prefix, "//evil.example" names another host.
  const bare = splitLocalePath(path).path.replace(/^\/{2,}/, '/')
  if (locale === defaultLocale) return bare
  return bare === '/' ? `/${locale}` : `/${locale}${bare}`
}

/** Best supported locale from an Accept-Language header, by quality. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { code: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 }
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q)
  return ranked.map((entry) => entry.code).find(isLocale) ?? null
}

/** The locale of a route's optional `:lang` parameter (already checked by the locale layout). */
export const localeFromParam = (lang: string | undefined): Locale => (isLocale(lang) ? lang : defaultLocale)
