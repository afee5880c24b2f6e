import { createInstance } from 'i18next'
import { describe, expect, it, vi } from 'vitest'
import { locales } from './config.ts'
import { loadLocale } from './i18n.client.ts'
import { getFixedT, resources } from './i18n.server.ts'

type Tree = { [key: string]: string | Tree }
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : keysOf(value, `${prefix}${key}.`)))
const valuesOf = (tree: Tree): string[] => Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : valuesOf(v)))

// Languages have different plural forms (French and Italian add "many"): compare base keys.
const basesOf = (keys: string[]) => [...new Set(keys.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort()

describe('message files', () => {
  const english = keysOf(resources.en.translation as Tree).sort()

  it.each(locales.filter((l) => l !== 'en'))('%s has every English key and no other, none empty', (locale) => {
    const tree = resources[locale].translation as Tree
    expect(basesOf(keysOf(tree))).toEqual(basesOf(english))
    expect(valuesOf(tree).filter((v) => v.trim() === '')).toEqual([])
  })

  it.each(locales)('%s keeps every placeholder of the English text', (locale) => {
    const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort()
    const en = resources.en.translation as Tree
    const other = resources[locale].translation as Tree
    for (const key of english) {
      const get = (tree: Tree) => key.split('.').reduce<string | Tree | undefined>((node, part) => (node as Tree | undefined)?.[part], tree) as string | undefined
      // A plural form this language does not use (its base key is checked above) is skipped.
      const theirs = get(other)
      if (theirs === undefined) continue
      expect([key, placeholders(theirs)]).toEqual([key, placeholders(get(en)!)])
    }
  })

  // i18next reads these names in t()'s options as settings: `{ lng }` switches the language.
  it('uses no placeholder that i18next takes as an option', () => {
    const reserved = /\{\{(lng|lngs|ns|context|defaultValue|returnObjects|keySeparator|nsSeparator)\}\}/
    expect(valuesOf(resources.en.translation as Tree).filter((text) => reserved.test(text))).toEqual([])
  })

  it('puts numbers through each language’s plural rules', () => {
    expect(getFixedT('en')('auth.passwordHint', { count: 1 })).toBe('At least 1 character.')
    expect(getFixedT('en')('auth.passwordHint', { count: 8 })).toBe('At least 8 characters.')
    // French treats 0 like 1; English does not.
    expect(getFixedT('fr')('auth.passwordHint', { count: 0 })).toBe(getFixedT('fr')('auth.passwordHint_one', { count: 0 }))
    expect(getFixedT('en')('auth.passwordHint', { count: 0 })).toBe('At least 0 characters.')
  })
})

describe('loading a language in the browser', () => {
  it('logs the spec’s message for an unknown locale code', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(await loadLocale('es', createInstance())).toBe(false)
    expect(error).toHaveBeenCalledWith('Could not find messages for locale code: es')
  })

  it('logs the spec’s message when the messages fail to load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const instance = createInstance()
    await instance.init({ resources: {} })
    const failing = { en: async () => Promise.reject(new Error('network down')) } as never
    expect(await loadLocale('en', instance, failing)).toBe(false)
    expect(error).toHaveBeenCalledWith('Failed locale loading: network down')
  })

  it('loads one language’s messages, once', async () => {
    const instance = createInstance()
    await instance.init({ resources: {} })
    const loader = vi.fn(async () => ({ default: { hello: 'Bonjour' } }))
    const loaders = { fr: loader } as never
    expect(await loadLocale('fr', instance, loaders)).toBe(true)
    expect(await loadLocale('fr', instance, loaders)).toBe(true)
    expect(loader).toHaveBeenCalledTimes(1)
    expect(instance.getFixedT('fr')('hello')).toBe('Bonjour')
  })
})
