import { useRouteLoaderData } from 'react-router'
import type { RootLoaderData } from '#app/root.tsx'
import { defaultLocale, localizePath, type Locale } from './config.ts'

export function useLocale(): Locale {
  return useRouteLoaderData<RootLoaderData>('root')?.locale ?? defaultLocale
}

/** Turns an app path into the current language's path: "/dashboard" → "/fr/dashboard". */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale()
  return (path) => localizePath(path, locale)
}
