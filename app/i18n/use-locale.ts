import { useParams } from 'react-router'
import { localeFromParam, localizePath, type Locale } from './config.ts'

/** The page's language, from its path prefix (the locale layout has checked it). */
export function useLocale(): Locale {
  return localeFromParam(useParams().lang)
}

/** Turns an app path into the current language's path: "/dashboard" → "/fr/dashboard". */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale()
  return (path) => localizePath(path, locale)
}
