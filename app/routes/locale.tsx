import { data, Outlet } from 'react-router'
import { isLocale } from '#app/i18n/config.ts'
import type { Route } from './+types/locale'

/** The optional language prefix: only a supported code is one; "/xx/..." is a missing page. */
export function loader({ params }: Route.LoaderArgs) {
  if (params.lang !== undefined && !isLocale(params.lang)) throw data(null, { status: 404, statusText: 'Not Found' })
  return null
}

export default function LocaleLayout() {
  return <Outlet />
}
