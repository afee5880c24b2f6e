import { describe, expect, it } from 'vitest'
import { localeFromAcceptLanguage, localizePath, splitLocalePath } from './config.ts'

describe('locale paths', () => {
  it('never makes a path that names another host when it takes the prefix off', () => {
    expect(localizePath('/en//evil.example', 'en')).toBe('/evil.example')
    expect(localizePath('/fr///evil.example/x', 'en')).toBe('/evil.example/x')
    expect(localizePath('//evil.example', 'de')).toBe('/de/evil.example')
  })

  it('splits a supported prefix off, and leaves other paths English', () => {
    expect(splitLocalePath('/fr/dashboard')).toEqual({ locale: 'fr', path: '/dashboard' })
    expect(splitLocalePath('/de')).toEqual({ locale: 'de', path: '/' })
    expect(splitLocalePath('/dashboard')).toEqual({ locale: null, path: '/dashboard' })
    expect(splitLocalePath('/es/dashboard')).toEqual({ locale: null, path: '/es/dashboard' })
    expect(splitLocalePath('/france')).toEqual({ locale: null, path: '/france' })
  })

  it('prefixes every language but English', () => {
    expect(localizePath('/dashboard', 'en')).toBe('/dashboard')
    expect(localizePath('/dashboard', 'it')).toBe('/it/dashboard')
    expect(localizePath('/fr/map', 'de')).toBe('/de/map')
    expect(localizePath('/', 'fr')).toBe('/fr')
    expect(localizePath('/fr', 'en')).toBe('/')
  })
})

describe('Accept-Language', () => {
  it('picks the best supported language by quality', () => {
    expect(localeFromAcceptLanguage('de-CH,de;q=0.9,en;q=0.8')).toBe('de')
    expect(localeFromAcceptLanguage('es-ES,es;q=0.9,it;q=0.5,fr;q=0.7')).toBe('fr')
    expect(localeFromAcceptLanguage('en;q=0.1, it')).toBe('it')
    expect(localeFromAcceptLanguage('es, ja')).toBeNull()
    expect(localeFromAcceptLanguage('fr;q=0')).toBeNull()
    expect(localeFromAcceptLanguage(null)).toBeNull()
  })
})
