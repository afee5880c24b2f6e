import { redirect } from 'react-router'
import { localeFromParam, localizePath } from '#app/i18n/config.ts'
import { sessionCookie } from '#app/modules/auth/session-cookie.server.ts'
import type { Route } from './+types/logout'

/** Logout revokes the token on the server, clears the cookie and opens the login page (spec section 4). */
export async function action({ context, params }: Route.ActionArgs) {
  if (context.token) await context.services.auth.logout(context.token)
  return redirect(localizePath('/auth/login', localeFromParam(params.lang)), {
    headers: { 'Set-Cookie': sessionCookie(context.services.config, null) },
  })
}

/** Only a POST signs out: a link or an image on another site cannot. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(localizePath('/', localeFromParam(params.lang)))
}
