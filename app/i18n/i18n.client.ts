import i18next, { type i18n as I18n, type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { defaultLocale, isLocale, locales, type Locale } from './config.ts'

// One chunk per language: the browser downloads only the one it shows.
type MessageLoaders = Record<Locale, () => Promise<{ default: Resource[string]['translation'] }>>

const messageLoaders: MessageLoaders = {
  en: () => import('../../locales/en/translation.json'),
  fr: () => import('../../locales/fr/translation.json'),
  de: () => import('../../locales/de/translation.json'),
  it: () => import('../../locales/it/translation.json'),
}

/** Loads a language's messages into i18next once; logs the spec's messages when it cannot. */
export async function loadLocale(code: string, instance: I18n = i18next, loaders: MessageLoaders = messageLoaders): Promise<boolean> {
  if (!isLocale(code)) {
    console.error(`Could not find messages for locale code: ${code}`)
    return false
  }
  if (instance.hasResourceBundle(code, 'translation')) return true
  try {
    const messages = await loaders[code]()
    instance.addResourceBundle(code, 'translation', messages.default, true, true)
    return true
  } catch (error) {
    console.error(`Failed locale loading: ${error instanceof Error ? error.message : String(error)}`)
    return false
  }
}

export async function initClientI18n(locale: string): Promise<I18n> {
  await i18next.use(initReactI18next).init({
    lng: isLocale(locale) ? locale : defaultLocale,
    fallbackLng: defaultLocale,
    supportedLngs: [...locales],
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  await loadLocale(i18next.language)
  // English is the fallback for a key another language lacks.
  if (i18next.language !== defaultLocale) void loadLocale(defaultLocale)
  return i18next
}

/** Switches language after its messages are in, so no screen shows a key. */
export async function changeLocale(locale: Locale): Promise<void> {
  if (i18next.language === locale) return
  if (await loadLocale(locale)) await i18next.changeLanguage(locale)
}
