import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react'
import i18next, { type LiteI18n } from './i18next.ts'

// The browser's react-i18next (see i18next.ts): the provider and the hook, re-rendering on a
// change of language as react-i18next does by default.

const I18nContext = createContext<LiteI18n | null>(null)

/** For `i18next.use(initReactI18next)`: nothing to set up. */
export const initReactI18next = { type: '3rdParty' as const, init: () => undefined }

export function I18nextProvider({ i18n, children }: { i18n: LiteI18n; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>
}

/** `useTranslation(namespace?, { keyPrefix })`: one namespace here (`translation`); the prefix is honoured. */
export function useTranslation(_namespace?: string, options: { keyPrefix?: string } = {}) {
  const i18n = useContext(I18nContext) ?? i18next
  const subscribe = useCallback(
    (changed: () => void) => {
      i18n.on('languageChanged', changed)
      return () => i18n.off('languageChanged', changed)
    },
    [i18n],
  )
  const language = useSyncExternalStore(
    subscribe,
    () => i18n.language,
    () => i18n.language,
  )
  const prefix = options.keyPrefix
  const t = useMemo(() => {
    const fixed = i18n.getFixedT(language)
    return prefix ? (((key, values) => fixed(`${prefix}.${key}`, values)) as typeof fixed) : fixed
  }, [i18n, language, prefix])
  return { t, i18n, ready: true }
}
