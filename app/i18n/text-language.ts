import { franc } from 'franc-min'
import { locales, type Locale } from './config.ts'

// The language a visitor's text is written in, among the product's languages: a place's stories
// (secrets) carry none, and "Listen" must read each with a voice of its own language.

const ISO_639_3: Record<string, Locale> = { eng: 'en', fra: 'fr', deu: 'de', ita: 'it' }
const ONLY = Object.keys(ISO_639_3)

/** The text's language by its letter trigrams (franc), else `fallback` when too short or unsure. */
export function languageOf(text: string, fallback: Locale): Locale {
  const found = franc(text, { only: ONLY, minLength: 10 })
  const locale = ISO_639_3[found]
  return locale && (locales as readonly string[]).includes(locale) ? locale : fallback
}
