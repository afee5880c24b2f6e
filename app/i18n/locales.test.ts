import { createInstance } from 'i18next'
import { describe, expect, it, vi } from 'vitest'
import { locales } from './config.ts'
import { loadLocale } from './i18n.client.ts'
import { getFixedT, resources } from './i18n.server.ts'
import { messageKey } from './keys.ts'

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

  it('puts no Italian article before a number: its form depends on how the number sounds (gli 8, i 10)', () => {
    const italian = valuesOf(resources.it.translation as Tree)
    expect(italian.filter((v) => /\b(?:i|gli|il|lo|l’|l')\s*\{\{(?:count|number|total)\}\}/i.test(v))).toEqual([])
  })

  // Issue 18: the dashboard and the map editor said "Views", the statistics "Visits per month",
  // for the same figure (route pages opened). One word per figure, on every screen.
  it.each(locales)('%s names route page views and place visits with one word each on every screen', (locale) => {
    const tree = resources[locale].translation as Tree
    const get = (key: string) => key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part], tree) as string
    const word = get('statistics.figures.views')
    const lower = word.toLowerCase()
    expect(get('dashboard.tiles.views')).toBe(word)
    expect(get('statistics.chart.viewsColumn')).toBe(word)
    for (const key of ['statistics.chart.title', 'statistics.chart.views_other', 'mapEditor.statsViews', 'heatmap.table.views'])
      expect([key, get(key).toLowerCase().includes(lower)]).toEqual([key, true])
    // "Visits" are QR scans on site (place visits), never route page views.
    const visit = { en: 'visit', fr: 'visite', de: 'besuch', it: 'visit' }[locale]
    expect(get('statistics.figures.place_visits').toLowerCase()).toContain(visit)
    // Place visits are "Place visits" on the heatmap too (it said "QR scans").
    expect(get('heatmap.table.visits')).toBe(get('statistics.figures.place_visits'))
    expect(get('heatmap.tooltip.visits')).toContain(get('statistics.figures.place_visits'))
    for (const key of ['statistics.chart.title', 'statistics.chart.viewsColumn', 'statistics.chart.views_other', 'statistics.hints.averageTimePerSession', 'statistics.table.noRoutes'])
      expect([key, get(key).toLowerCase().includes(visit)]).toEqual([key, false])
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
    expect(instance.getFixedT('fr')(messageKey('hello'))).toBe('Bonjour')
  })
})
