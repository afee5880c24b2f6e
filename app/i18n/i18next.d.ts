import type en from '../../locales/en/translation.json'

// Typed message keys (ADR 039): `t('…')` takes only a key of the English messages (the other
// languages have the same keys: locales.test.ts), so a mistyped key fails `tsc`. The browser's
// lite i18next (lite/) is put in place at build time only; the types are i18next's.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: { translation: typeof en }
  }
}
