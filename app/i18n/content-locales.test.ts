import { describe, expect, it } from 'vitest'
import { canonicalTag, contentLocalesOf, isCanonicalTag, languageName, matchOffered, nearestUiLocale, parseContentLocales, textDirection } from './content-locales.ts'

describe('content languages (ADR 043)', () => {
  it('takes any BCP 47 tag in its canonical form and refuses what is not one', () => {
    expect(canonicalTag('es-es')).toBe('es-ES')
    expect(canonicalTag('ZH-hant-tw')).toBe('zh-Hant-TW')
    expect(canonicalTag('ar')).toBe('ar')
    for (const bad of ['', 'x', 'english', 'es_ES', 'x-private', 'a'.repeat(40), '<script>']) expect(canonicalTag(bad)).toBeNull()
    expect(isCanonicalTag('pt-BR')).toBe(true)
    expect(isCanonicalTag('pt-br')).toBe(false)
  })

  it('puts the fallback first; a category that never chose offers the four interface languages', () => {
    expect(contentLocalesOf({ fallback_locale: 'fr', content_locales: 'es,ar,fr' })).toEqual(['fr', 'es', 'ar'])
    expect(contentLocalesOf({ fallback_locale: 'de', content_locales: null })).toEqual(['de', 'en', 'fr', 'it'])
    expect(parseContentLocales('es, nope!,pt-BR,es')).toEqual(['es', 'pt-BR'])
  })

  it('matches a wanted language by tag, else by language and script', () => {
    expect(matchOffered('es-MX', ['en', 'es'])).toBe('es')
    expect(matchOffered('zh-TW', ['zh-Hans', 'zh-Hant'])).toBe('zh-Hant')
    expect(matchOffered('zh-CN', ['zh-Hant'])).toBeNull()
    expect(matchOffered('ja', ['en'])).toBeNull()
  })

  it('shows the interface in the nearest of the four languages, English otherwise', () => {
    expect(nearestUiLocale('fr-CA')).toBe('fr')
    expect(nearestUiLocale('de-CH')).toBe('de')
    expect(nearestUiLocale('es')).toBe('en')
    expect(nearestUiLocale('ar')).toBe('en')
  })

  it('lays out right-to-left scripts right to left', () => {
    for (const tag of ['ar', 'he', 'fa', 'ur', 'ar-MA']) expect(textDirection(tag)).toBe('rtl')
    for (const tag of ['en', 'es', 'zh-Hant', 'ja', 'ko', 'uz-Latn']) expect(textDirection(tag)).toBe('ltr')
  })

  it('names a language in the interface language', () => {
    expect(languageName('es', 'fr')).toBe('espagnol')
    expect(languageName('es', 'de')).toBe('Spanisch')
  })
})
