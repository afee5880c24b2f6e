// The browser's i18next: the small part of i18next this app uses (nested keys, {{value}}
// interpolation without escaping, plurals by Intl.PluralRules with i18next's _zero rule, one
// fallback language, languageChanged events), in about 1 KB instead of i18next's 15 KB gzipped.
// vite.config.ts puts it in place of `i18next` in the browser build only; the server, the tests
// and the types use i18next itself, and lite.test.ts checks that both give the same text for every
// message of every language.

type Tree = { [key: string]: unknown }
type Options = Record<string, unknown> & { count?: unknown; lng?: string }
export type TFunction = (key: string, options?: Options) => string
type Listener = (language: string) => void

interface InitOptions {
  lng?: string
  fallbackLng?: string | false
  resources?: Record<string, { translation?: Tree }>
}

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value)

function merge(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    target[key] = isTree(value) && isTree(target[key]) ? merge({ ...(target[key] as Tree) }, value) : value
  }
  return target
}

const pluralRules = new Map<string, Intl.PluralRules>()
function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language)
  if (!rules) {
    rules = new Intl.PluralRules(language)
    pluralRules.set(language, rules)
  }
  return rules.select(count)
}

export class LiteI18n {
  language = ''
  isInitialized = false
  options: InitOptions = {}
  private store: Record<string, Tree> = {}
  private listeners = new Set<Listener>()

  use(): this {
    return this
  }

  init(options: InitOptions): Promise<TFunction> {
    this.options = options
    this.language = options.lng ?? (typeof options.fallbackLng === 'string' ? options.fallbackLng : 'en')
    for (const [language, bundle] of Object.entries(options.resources ?? {})) {
      if (bundle.translation) this.addResourceBundle(language, 'translation', bundle.translation, true, true)
    }
    this.isInitialized = true
    return Promise.resolve(this.t)
  }

  hasResourceBundle(language: string, namespace: string): boolean {
    return namespace === 'translation' && language in this.store
  }

  addResourceBundle(language: string, _namespace: string, resources: Tree, _deep?: boolean, _overwrite?: boolean): this {
    this.store[language] = merge({ ...(this.store[language] ?? {}) }, resources)
    return this
  }

  changeLanguage(language: string): Promise<TFunction> {
    this.language = language
    for (const listener of this.listeners) listener(language)
    return Promise.resolve(this.t)
  }

  on(event: string, listener: Listener): void {
    if (event === 'languageChanged') this.listeners.add(listener)
  }

  off(event: string, listener: Listener): void {
    if (event === 'languageChanged') this.listeners.delete(listener)
  }

  /** Another instance on the same messages (the store is shared, as i18next's clone does), in its own language. */
  cloneInstance(options: { lng?: string } = {}): LiteI18n {
    const clone = new LiteI18n()
    clone.options = this.options
    clone.store = this.store
    clone.language = options.lng ?? this.language
    clone.isInitialized = true
    return clone
  }

  getFixedT(language: string | null): TFunction {
    return (key, options) => this.translate(options?.lng ?? language ?? this.language, key, options)
  }

  t: TFunction = (key, options) => this.translate(options?.lng ?? this.language, key, options)

  private lookup(language: string, key: string): string | Tree | undefined {
    let node: unknown = this.store[language]
    for (const part of key.split('.')) {
      if (!isTree(node)) return undefined
      node = node[part]
    }
    return typeof node === 'string' || isTree(node) ? node : undefined
  }

  private translate(language: string, key: string, options: Options = {}): string {
    const fallback = this.options.fallbackLng
    const languages = fallback && fallback !== language ? [language, fallback] : [language]
    const count = typeof options.count === 'number' ? options.count : undefined
    let text: string | Tree | undefined
    let usedLanguage = language
    for (const code of languages) {
      usedLanguage = code
      // As i18next: the _zero form for 0 when the messages have one, then the language's form.
      const candidates = count === undefined ? [key] : [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralCategory(code, count)}`, key]
      for (const candidate of candidates) {
        text = this.lookup(code, candidate)
        if (text !== undefined) break
      }
      if (text !== undefined) break
    }
    if (text === undefined) return key
    if (typeof text !== 'string') return `key '${key} (${usedLanguage})' returned an object instead of string.`
    // A value the call does not give leaves its placeholder in place, as i18next does.
    return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) => {
      const value = name.split('.').reduce<unknown>((node, part) => (isTree(node) ? node[part] : undefined), options)
      return value === undefined ? match : value === null ? '' : String(value)
    })
  }
}

export function createInstance(): LiteI18n {
  return new LiteI18n()
}

const i18next = createInstance()
export default i18next
