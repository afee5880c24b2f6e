import { locales, type Locale } from '#app/i18n/config.ts'
import { listOrder, nearestUiLocale, ownLanguageName, textDirection } from '#app/i18n/content-locales.ts'

// A visitor page's content languages (ADR 043): the switcher's links and the hreflang alternates,
// from the category's offer. Pure: the loaders give the address of the page in a language.

/** A content language the switcher offers. */
export interface ContentLanguageLink {
  /** BCP 47 tag. */
  locale: string
  /** Its name in itself ("Español", "العربية"). */
  name: string
  /** The page in it: the nearest interface language's prefix and `?lang=` (which the server keeps in a cookie). */
  path: string
}

/** The page's texts: their language and direction (`lang` and `dir` on what shows them). */
export interface ContentLanguage {
  locale: string
  dir: 'ltr' | 'rtl'
}

export const contentLanguage = (locale: string): ContentLanguage => ({ locale, dir: textDirection(locale) })

type AddressOf = (ui: Locale, search: string) => { path: string; url: string }

/** The switcher: each offered language, the page in it. */
export function contentLanguageLinks(offered: readonly string[], addressOf: AddressOf): ContentLanguageLink[] {
  return listOrder(offered).map((locale) => ({ locale, name: ownLanguageName(locale), path: addressOf(nearestUiLocale(locale), `?lang=${encodeURIComponent(locale)}`).path }))
}

/**
 * The hreflang alternates of the offered languages: an interface language at its own prefix (a
 * prefixed page without any wish shows it, as before ADR 043), any other with `?lang=`.
 */
export function contentAlternates(offered: readonly string[], addressOf: AddressOf): { locale: string; url: string }[] {
  const isUi = (tag: string): tag is Locale => (locales as readonly string[]).includes(tag)
  const ui = locales.filter((locale) => offered.includes(locale)).map((locale) => ({ locale, url: addressOf(locale, '').url }))
  const others = offered.filter((tag) => !isUi(tag)).map((locale) => ({ locale, url: addressOf(nearestUiLocale(locale), `?lang=${encodeURIComponent(locale)}`).url }))
  return [...ui, ...others]
}
