import { createInstance, type TFunction } from 'i18next'
import de from '../../locales/de/translation.json' with { type: 'json' }
import en from '../../locales/en/translation.json' with { type: 'json' }
import fr from '../../locales/fr/translation.json' with { type: 'json' }
import it from '../../locales/it/translation.json' with { type: 'json' }
import { defaultLocale, locales, type Locale } from './config.ts'
import type { Message } from '#app/utils/errors.ts'
import { messageKey } from './keys.ts'

// The server holds every locale (it renders any of them); the browser loads only its own.
export const resources = { en: { translation: en }, fr: { translation: fr }, de: { translation: de }, it: { translation: it } }

const i18n = createInstance()
void i18n.init({
  resources,
  supportedLngs: [...locales],
  fallbackLng: defaultLocale,
  initAsync: false,
  interpolation: { escapeValue: false },
})

export function getFixedT(locale: Locale): TFunction {
  return i18n.getFixedT(locale)
}

export function translate(locale: Locale, message: Message): string {
  return i18n.t(messageKey(message.key), { lng: locale, ...message.values }) as string
}
