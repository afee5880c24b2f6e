import { memoized } from '../utils/memo.ts'
import { defaultLocale, isLocale, locales, type Locale } from './config.ts'

// Content languages (ADR 043): the languages a category's texts are written in, any BCP 47 tag,
// apart from the interface's four (config.ts). Pure functions, used by the server and the screens.

/** What a category offers until its managers choose: the four interface languages (as before ADR 043). */
export const DEFAULT_CONTENT_LOCALES: readonly string[] = locales

/** Longest tag accepted; real ones are far shorter ("zh-Hant-TW", "sr-Latn-RS"). */
export const CONTENT_LOCALE_MAX = 35
/** How many content languages a category may offer. */
export const CONTENT_LOCALES_MAX = 30

/** The canonical form of a BCP 47 tag ("es-es" → "es-ES"), or null when it is not one. */
export const canonicalTag = memoized((value: string): string | null => {
  // A language subtag of 2 or 3 letters (ISO 639): the 5-8 letter ones the grammar allows name none in use.
  if (value.length > CONTENT_LOCALE_MAX || !/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/.test(value)) return null
  try {
    const [tag] = Intl.getCanonicalLocales(value)
    // Private-use and grandfathered tags name no language a visitor's browser asks for.
    return tag && !tag.startsWith('x-') && !tag.includes('-x-') ? tag : null
  } catch {
    return null
  }
})

/** A tag exactly in its canonical form (a query parameter's value is one, or names nothing: ADR 070). */
export const isCanonicalTag = (value: string): boolean => canonicalTag(value) === value

/** The stored list ("es,pt-BR") read back; a value that is not a tag is left out. */
export function parseContentLocales(stored: string | null | undefined): string[] {
  if (!stored) return []
  return [...new Set(stored.split(',').map((t) => canonicalTag(t.trim())).filter((t): t is string => t !== null))]
}

export const serializeContentLocales = (tags: readonly string[]): string => [...new Set(tags)].join(',')

/** A category's content languages: its fallback first, then the others in the order chosen. */
export function contentLocalesOf(category: { fallback_locale: string; content_locales?: string | null }): string[] {
  const chosen = category.content_locales === undefined || category.content_locales === null ? [...DEFAULT_CONTENT_LOCALES] : parseContentLocales(category.content_locales)
  return [...new Set([category.fallback_locale, ...chosen])]
}

/** What two tags are compared by: the language and its likely script ("zh-TW" → "zh-Hant", "es-MX" → "es-Latn"). */
export const languageKey = memoized((tag: string): string => {
  try {
    const full = new Intl.Locale(tag).maximize()
    return full.script ? `${full.language}-${full.script}` : full.language
  } catch {
    return tag.toLowerCase()
  }
})

/** The offered tag that matches a wanted one: the same tag, else the same language ("es-MX" → "es"). */
export function matchOffered(wanted: string, offered: readonly string[]): string | null {
  if (offered.includes(wanted)) return wanted
  const key = languageKey(wanted)
  return offered.find((tag) => languageKey(tag) === key) ?? null
}

/** The interface language nearest a content language: its own when it is one of the four, else English. */
export function nearestUiLocale(tag: string): Locale {
  const language = tag.split('-')[0].toLowerCase()
  return isLocale(language) ? language : defaultLocale
}

// Scripts written right to left, and languages whose usual script is one (for engines without textInfo).
const RTL_SCRIPTS = new Set(['Arab', 'Hebr', 'Thaa', 'Syrc', 'Nkoo', 'Adlm', 'Rohg', 'Mand', 'Samr'])
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb', 'ku-Arab', 'syr'])

/** "rtl" for a language written right to left (Arabic, Hebrew, Persian, Urdu…), else "ltr". */
export function textDirection(tag: string): 'ltr' | 'rtl' {
  try {
    const locale = new Intl.Locale(tag) as Intl.Locale & { getTextInfo?: () => { direction?: string }; textInfo?: { direction?: string } }
    const info = locale.getTextInfo?.() ?? locale.textInfo
    if (info?.direction === 'rtl' || info?.direction === 'ltr') return info.direction
    const script = locale.script ?? locale.maximize().script
    if (script) return RTL_SCRIPTS.has(script) ? 'rtl' : 'ltr'
    return RTL_LANGUAGES.has(locale.language) ? 'rtl' : 'ltr'
  } catch {
    return 'ltr'
  }
}

/** A language's name in the interface language ("espagnol" in French), else the tag itself. */
export function languageName(tag: string, uiLocale: string): string {
  try {
    return new Intl.DisplayNames([uiLocale], { type: 'language' }).of(tag) ?? tag
  } catch {
    return tag
  }
}

/** A language's name in itself ("Español"), as a language switcher shows it. */
export function ownLanguageName(tag: string): string {
  const name = languageName(tag, tag)
  return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1)
}

/** Languages a manager picks from (they may type any other tag): the most asked for, by tag. */
export const SUGGESTED_CONTENT_LOCALES = ['en', 'fr', 'de', 'it', 'es', 'pt', 'nl', 'rm', 'ca', 'pl', 'cs', 'sv', 'da', 'nb', 'fi', 'el', 'tr', 'ru', 'uk', 'ar', 'he', 'fa', 'hi', 'zh-Hans', 'zh-Hant', 'ja', 'ko'] as const

/**
 * The content language a visitor page shows (ADR 043): `?lang=`, else a wish for a language the
 * interface does not speak (a Spanish browser), else the page's interface language (its path
 * prefix: an explicit /fr/ beats an English browser), else a wish for an interface language, else
 * the category's fallback.
 */
export function chooseContentLocale(offered: readonly string[], fallback: string, asked: { lang: string | null; wish: readonly string[]; ui: string }): string {
  const interfaceLanguage = (tag: string) => isLocale(tag.split('-')[0].toLowerCase())
  const order = [asked.lang, ...asked.wish.filter((w) => !interfaceLanguage(w)), asked.ui, ...asked.wish.filter(interfaceLanguage)]
  for (const wanted of order) {
    const match = wanted ? matchOffered(wanted, offered) : null
    if (match) return match
  }
  return fallback
}

/** Languages as visitors' lists show them: the four interface languages in their usual order, then the others as chosen. */
export function listOrder(offered: readonly string[]): string[] {
  const ui: readonly string[] = locales
  return [...ui.filter((l) => offered.includes(l)), ...offered.filter((l) => !ui.includes(l))]
}
