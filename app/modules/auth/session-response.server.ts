import { redirect } from 'react-router'
import { isLocale, localizePath, defaultLocale } from '#app/i18n/config.ts'
import type { Config } from '#app/config/config.server.ts'
import type { AuthService } from './auth.service.server.ts'
import { localeCookieHeader } from '#app/platform/locale/locale-cookie.server.ts'
import { safeRedirectPath } from '#app/utils/redirect-target.ts'
import { sessionCookie } from '#app/platform/http/session-cookie.server.ts'

/**
 * After sign-in the session is restored in the user's own language (docs/spec.md §4): the next
 * page opens under that language's prefix, and the cookies carry the session and the language.
 */
export async function redirectSignedIn(services: { auth: AuthService; config: Config }, token: string, redirectTo: unknown) {
  const user = await services.auth.userForSession(token)
  const locale = user && isLocale(user.locale) ? user.locale : defaultLocale
  const headers = new Headers()
  headers.append('Set-Cookie', sessionCookie(services.config, token))
  headers.append('Set-Cookie', localeCookieHeader(locale, services.config))
  return redirect(localizePath(safeRedirectPath(redirectTo), locale), { headers })
}
