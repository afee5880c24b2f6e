import type { Config } from '#app/config/config.server.ts'
import type { User } from '#app/db/schema.ts'
import {
  defaultLocale,
  isLocale,
  localeCookie,
  localeFromAcceptLanguage,
  localizePath,
  splitLocalePath,
  type Locale,
} from '#app/i18n/config.ts'
import { readCookie } from '#app/platform/http/cookies.ts'
import { sameOriginPath } from '#app/utils/redirect-target.ts'
import { localeCookieHeader } from './locale-cookie.server.ts'

/**
 * Picks the language of a page request (spec sections 4 and 9). A path prefix is explicit and
 * wins; an unprefixed page goes to the language of the signed-in user, else the cookie, else
 * the browser's Accept-Language, else English. Only full page loads are redirected:
 * in-app navigations already carry the prefix.
 */
export function negotiateLocale(
  request: { url: string; method: string; headers: { get(name: string): string | null } },
  user: Pick<User, 'locale'> | null,
  config: Pick<Config, 'BASE_URL' | 'SUBDOMAIN_ROUTING'>,
  // `request.url` already parsed, when the caller has it (the lean path: issue 28).
  url = new URL(request.url),
): { redirect?: string; setCookie?: string } {
  // Only a page load is redirected: data, manifest and asset fetches carry no text/html Accept.
  const isDocument =
    request.method === 'GET' &&
    (request.headers.get('accept') ?? '').includes('text/html') &&
    !url.pathname.endsWith('.data') &&
    !url.pathname.startsWith('/__manifest')
  const cookie = readCookie(request.headers.get('cookie'), localeCookie.name)
  const { locale: prefix, path } = splitLocalePath(url.pathname)
  const remember = (locale: Locale) => (cookie === locale ? undefined : localeCookieHeader(locale, config))

  if (!isDocument) return {}
  if (prefix === defaultLocale) return { redirect: onSite(path + url.search), setCookie: remember(defaultLocale) }
  if (prefix) return { setCookie: remember(prefix) }

  const wanted =
    (user && isLocale(user.locale) ? user.locale : null) ??
    (isLocale(cookie) ? cookie : null) ??
    localeFromAcceptLanguage(request.headers.get('accept-language')) ??
    defaultLocale
  if (wanted !== defaultLocale) return { redirect: onSite(localizePath(path, wanted) + url.search), setCookie: remember(wanted) }
  return { setCookie: remember(defaultLocale) }
}

/**
 * A redirect to a path taken from the request stays on this site: "/en//evil.example" loses its
 * prefix and would be "//evil.example" (another host to a browser); its slashes are collapsed.
 */
function onSite(target: string): string {
  return sameOriginPath(target) ?? sameOriginPath(target.replace(/^[/\\]+/, '/')) ?? '/'
}
