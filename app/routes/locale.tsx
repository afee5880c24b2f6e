import { Outlet } from 'react-router'
import { assertLocaleParam } from '#app/modules/auth/guards.ts'
import type { Route } from './+types/locale'

/** The optional language prefix: only a supported code is one; "/xx/..." is a missing page. */
export function loader({ params }: Route.LoaderArgs) {
  assertLocaleParam(params)
  return null
}

export default function LocaleLayout() {
  return <Outlet />
}
