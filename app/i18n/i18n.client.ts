import i18next, { type i18n as I18n, type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { defaultLocale, isLocale, locales, type Locale } from './config.ts'

// One chunk per language and part (app/i18n/message-parts.ts): the browser downloads only the
// language it shows, and the manager screens' messages only on the manager screens.
type Messages = Resource[string]['translation']
type MessageLoaders = Record<Locale, () => Promise<{ default: Messages }>>

// Vite turns each file of the glob into its own chunk; the query selects the part (vite.config.ts).
const baseFiles = import.meta.glob<{ default: Messages }>('../../locales/*/translation.json', { query: { messages: 'base' } })
const managerFiles = import.meta.glob<{ default: Messages }>('../../locales/*/translation.json', { query: { messages: 'manager' } })

function loadersOf(files: Record<string, () => Promise<{ default: Messages }>>): MessageLoaders {
  const loaders = {} as MessageLoaders
  for (const code of locales) loaders[code] = files[`../../locales/${code}/translation.json`]
  return loaders
}

const baseLoaders = loadersOf(baseFiles)
const managerLoaders = loadersOf(managerFiles)

async function addMessages(code: Locale, instance: I18n, load: () => Promise<{ default: Messages }>): Promise<boolean> {
  try {
    const messages = await load()
    instance.addResourceBundle(code, 'translation', messages.default, true, true)
    return true
  } catch (error) {
    console.error(`Failed locale loading: ${error instanceof Error ? error.message : String(error)}`)
    return false
  }
}

/** Loads a language's (base) messages into i18next once; logs the spec's messages when it cannot. */
export async function loadLocale(code: string, instance: I18n = i18next, loaders: MessageLoaders = baseLoaders): Promise<boolean> {
  if (!isLocale(code)) {
    console.error(`Could not find messages for locale code: ${code}`)
    return false
  }
  if (instance.hasResourceBundle(code, 'translation')) return true
  return addMessages(code, instance, loaders[code])
}

const managerLoaded = new Set<Locale>()
const managerLoading = new Map<Locale, Promise<boolean>>()

/** Whether the manager screens' messages of a language are in. */
export function hasManagerMessages(code: Locale): boolean {
  return managerLoaded.has(code)
}

/** Loads the manager screens' messages of a language (and English's, the fallback) once. */
export function loadManagerMessages(code: Locale): Promise<boolean> {
  let loading = managerLoading.get(code)
  if (!loading) {
    loading = (async () => {
      const fallback = code === defaultLocale ? true : loadManagerMessages(defaultLocale)
      const done = (await loadLocale(code)) && (await addMessages(code, i18next, managerLoaders[code])) && (await fallback)
      if (done) managerLoaded.add(code)
      else managerLoading.delete(code) // a later screen may try again
      return done
    })()
    managerLoading.set(code, loading)
  }
  return loading
}

/** Starts i18next in the browser with the page's language; `manager`: the page is a manager screen. */
export async function initClientI18n(locale: string, { manager = false } = {}): Promise<I18n> {
  await i18next.use(initReactI18next).init({
    lng: isLocale(locale) ? locale : defaultLocale,
    fallbackLng: defaultLocale,
    supportedLngs: [...locales],
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  const language = i18next.language as Locale
  await Promise.all([loadLocale(language), manager ? loadManagerMessages(language) : true])
  // English is the fallback for a key another language lacks.
  if (language !== defaultLocale) void loadLocale(defaultLocale)
  return i18next
}

/** Switches language after its messages are in, so no screen shows a key. */
export async function changeLocale(locale: Locale): Promise<void> {
  if (i18next.language === locale) return
  const needed = [loadLocale(locale), managerLoaded.size > 0 ? loadManagerMessages(locale) : Promise.resolve(true)]
  if ((await Promise.all(needed)).every(Boolean)) await i18next.changeLanguage(locale)
}
