import { locales } from '#app/i18n/config.ts'
import { describe, expect, it } from 'vitest'
import { landingErrors, landingFieldOf, landingState, landingUpdate, namedLocales } from './landing-changes.ts'

const texts = (name: string | null, subtitle: string | null = null) => ({ name, subtitle, description: null, content_title: null, content_text: null, logo_title: null })
const route = { translations: { fr: texts('Vieille ville', 'Balade'), de: texts('Altstadt') }, isIndexed: true, status: 'draft' }

describe('landingUpdate', () => {
  it('is null when nothing changed', () => {
    const saved = landingState(route, locales)
    expect(landingUpdate('u1', saved, landingState(route, locales))).toBeNull()
  })

  it('sends only the changed fields, per language, and changed flags', () => {
    const saved = landingState(route, locales)
    const edited = landingState(route, locales)
    edited.texts.de.subtitle = 'Spaziergang'
    edited.texts.en.name = 'Old town'
    edited.status = 'published'
    expect(landingUpdate('u1', saved, edited)).toEqual({
      uuid: 'u1',
      translations: { de: { subtitle: 'Spaziergang' }, en: { name: 'Old town' } },
      status: 'published',
    })
  })

  it('sends a cleared text as an empty string and ignores whitespace-only edits', () => {
    const saved = landingState(route, locales)
    const edited = landingState(route, locales)
    edited.texts.fr.subtitle = ''
    edited.texts.fr.name = 'Vieille ville  '
    edited.isIndexed = false
    expect(landingUpdate('u1', saved, edited)).toEqual({ uuid: 'u1', translations: { fr: { subtitle: '' } }, isIndexed: false })
  })
})

describe('namedLocales', () => {
  it('lists the languages with a non-blank name, in the app order', () => {
    expect(namedLocales({ it: { name: ' ' }, de: { name: 'Altstadt' }, fr: { name: 'Vieille ville' } }, ['en', 'fr', 'de', 'it'])).toEqual(['fr', 'de'])
  })
})

describe('landingErrors', () => {
  it('checks the sent texts by the API’s rules, keyed by language and field, as translatable messages', () => {
    expect(landingErrors({ uuid: 'u1', translations: { fr: { subtitle: 'ok' } } })).toBeNull()
    expect(landingErrors({ uuid: 'u1', translations: { de: { name: ' ' }, fr: { subtitle: 'x'.repeat(201) } } })).toEqual({
      'de.name': [{ key: 'validation.required', values: { attribute: 'name' } }],
      'fr.subtitle': [{ key: 'validation.max_string', values: { attribute: 'subtitle', count: 200 } }],
    })
    expect(landingFieldOf('translations.it.content_text')).toBe('it.content_text')
  })
})
