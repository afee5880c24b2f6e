import { createInstance as createI18next } from 'i18next'
import { describe, expect, it, vi } from 'vitest'
import { locales } from '../config.ts'
import { resources } from '../i18n.server.ts'
import { messageKey } from '../keys.ts'
import { createInstance } from './i18next.ts'

// The browser's small i18next must say exactly what i18next says (the server renders with
// i18next, and hydration compares): every message of every language, with every plural count.

type Tree = { [key: string]: string | Tree }
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[prefix + key, value] as [string, string]] : leaves(value, `${prefix}${key}.`)))

const options = { fallbackLng: 'en', supportedLngs: [...locales], interpolation: { escapeValue: false }, react: { useSuspense: false } }

async function both(language: string, res: Record<string, { translation: Tree }> = resources as never) {
  const real = createI18next()
  await real.init({ ...options, lng: language, resources: res })
  const lite = createInstance()
  await lite.init({ ...options, lng: language, resources: res })
  return { real, lite }
}

const counts = [0, 1, 2, 3, 5, 11, 21, 100, 1_000_000, 1.5, -1]

describe('lite i18next', () => {
  it.each(locales)('%s: every message, with values and every count, as i18next says it', async (language) => {
    const { real, lite } = await both(language)
    const keys = new Set(leaves(resources.en.translation as Tree).map(([key]) => key.replace(/_(zero|one|two|few|many|other)$/, '')))
    let compared = 0
    for (const key of keys) {
      const values = { name: 'Anna', attribute: 'email', max: 12, min: 3, value: '7 km', path: '/x', total: 40, year: 2026 }
      expect(lite.t(key), key).toBe(real.t(messageKey(key)))
      expect(lite.t(key, values), key).toBe(real.t(messageKey(key), values))
      for (const count of counts) expect(lite.t(key, { ...values, count }), `${key} ${count}`).toBe(real.t(messageKey(key), { ...values, count }))
      compared++
    }
    expect(compared).toBeGreaterThan(200)
  })

  it('falls back to English for a missing message, and to the key when none has it', async () => {
    const res = { en: { translation: { a: { b: 'English {{x}}', n_one: 'one', n_other: '{{count}} things' } } }, fr: { translation: { a: {} } } }
    const { real, lite } = await both('fr', res as never)
    for (const key of ['a.b', 'a.missing', 'nothing.here', 'a']) expect(lite.t(key, { x: 1 })).toBe(real.t(messageKey(key), { x: 1 }))
    for (const count of [0, 1, 2]) expect(lite.t('a.n', { count })).toBe(real.t(messageKey('a.n'), { count }))
  })

  it('uses a _zero form for 0 when there is one, and leaves unknown values empty', async () => {
    const res = { en: { translation: { n_zero: 'none', n_one: 'one', n_other: '{{count}} {{what}}' } }, fr: { translation: { n_one: 'un', n_other: '{{count}} {{what}}' } } }
    for (const language of ['en', 'fr']) {
      const { real, lite } = await both(language, res as never)
      for (const count of [0, 1, 2]) expect(lite.t('n', { count })).toBe(real.t(messageKey('n'), { count }))
    }
  })

  it('changes language, tells the listeners, and gives fixed-language functions', async () => {
    const lite = createInstance()
    await lite.init({ ...options, lng: 'en', resources: resources as never })
    const listener = vi.fn()
    lite.on('languageChanged', listener)
    await lite.changeLanguage('de')
    expect(listener).toHaveBeenCalledWith('de')
    expect(lite.language).toBe('de')
    const german = (await both('de')).real
    const french = (await both('fr')).real
    expect(lite.t('auth.passwordHint', { count: 2 })).toBe(german.t('auth.passwordHint', { count: 2 }))
    expect(lite.getFixedT('fr')('auth.passwordHint', { count: 1 })).toBe(french.t('auth.passwordHint', { count: 1 }))
    lite.off('languageChanged', listener)
    await lite.changeLanguage('it')
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('adds bundles part by part, merging groups', async () => {
    const lite = createInstance()
    await lite.init({ ...options, lng: 'en', resources: {} })
    expect(lite.hasResourceBundle('en', 'translation')).toBe(false)
    lite.addResourceBundle('en', 'translation', { a: { x: 'X' } }, true, true)
    lite.addResourceBundle('en', 'translation', { a: { y: 'Y' }, b: 'B' }, true, true)
    expect(lite.hasResourceBundle('en', 'translation')).toBe(true)
    expect([lite.t('a.x'), lite.t('a.y'), lite.t('b')]).toEqual(['X', 'Y', 'B'])
  })

  it('clones an instance in another language on the same messages, as i18next does (the landing preview)', async () => {
    const { real, lite } = await both('fr')
    const [realClone, liteClone] = [real.cloneInstance({ lng: 'de' }), lite.cloneInstance({ lng: 'de' })]
    expect(liteClone.language).toBe('de')
    expect(liteClone.t('publicLanding.openMap')).toBe(realClone.t('publicLanding.openMap'))
    // The original keeps its language; messages added later reach the clone.
    expect(lite.t('publicLanding.openMap')).toBe(real.t('publicLanding.openMap'))
    lite.addResourceBundle('de', 'translation', { extra: 'Neu' }, true, true)
    expect(liteClone.t('extra')).toBe('Neu')
  })
})
