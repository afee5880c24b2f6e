import { useMemo } from 'react'
import { useRouteLoaderData } from 'react-router'
import { useLocale } from '#app/i18n/use-locale.ts'
import type { RootLoaderData } from '#app/root.tsx'
import { dateFormat, readerLocale, type DateFormat } from '#app/utils/dates.ts'

/**
 * The screens' dates (ADR 100): the trails' time zone and the reader's locale, both from the
 * root loader, so the server's text and the browser's are the same.
 */
export function useDateFormat(): DateFormat {
  const language = useLocale()
  const dates = useRouteLoaderData<RootLoaderData>('root')?.dates
  return useMemo(() => dateFormat(readerLocale(language, dates?.languages), dates?.timeZone ?? 'UTC'), [language, dates?.languages, dates?.timeZone])
}
