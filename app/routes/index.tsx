import { redirect } from 'react-router'
import { localeFromParam, localizePath } from '#app/i18n/config.ts'
import type { Route } from './+types/index'

/** "/" has no page of its own: ROOT_REDIRECT when set, else the dashboard or the login page. */
export function loader({ context, params }: Route.LoaderArgs) {
  const { ROOT_REDIRECT, ROOT_REDIRECT_STATUS } = context.services.config
  if (ROOT_REDIRECT) throw redirect(ROOT_REDIRECT, ROOT_REDIRECT_STATUS)
  throw redirect(localizePath(context.user ? '/dashboard' : '/auth/login', localeFromParam(params.lang)), 302)
}

export default function Index() {
  return null
}
