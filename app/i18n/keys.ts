import type { ParseKeys } from 'i18next'
import type en from '../../locales/en/translation.json'

// Typed message keys (ADR 039). i18next's CustomTypeOptions (i18next.d.ts) makes `t()` take
// only keys of the English messages; these are the names for them where code passes keys along.

/** Every message key (a plural by its base key, `count` choosing the form): what `t()` accepts. */
export type MessageKey = ParseKeys<'translation'>

/** The English messages' tree: `keyof Messages['publicMap']['offline']` names the keys under a prefix. */
export type Messages = typeof en

/** A translate function as helpers take it (`useTranslation().t` and `getFixedT()` are ones). */
export type Translate = (key: MessageKey, values?: Record<string, unknown>) => string

/**
 * A key that arrives as data (an error Message from the API or a validator, utils/errors.ts): the
 * one place where a string becomes a key. The server writes its keys as literals; an unknown key
 * shows as itself, as i18next does, and locales.test.ts checks that every language has every key.
 */
export const messageKey = (key: string): MessageKey => key as MessageKey
