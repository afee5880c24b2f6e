import { data, redirect } from 'react-router'
import type { User } from '#app/db/schema.ts'
import { defaultLocale, isLocale, localizePath, splitLocalePath } from '#app/i18n/config.ts'

interface GuardArgs {
  context: { user: User | null }
  request: Request
  params: { lang?: string }
}

/**
 * "/xx/dashboard" is a missing page, not a page to log in for. Loaders run in parallel, so every
 * guard checks the prefix itself rather than trusting the locale layout to have done it first.
 */
export function assertLocaleParam(params: { lang?: string }): void {
  if (params.lang !== undefined && !isLocale(params.lang)) throw data(null, { status: 404, statusText: 'Not Found' })
}

/** Login-required pages: a guest goes to the login page, and comes back here after it. */
export function requireUser({ context, request, params }: GuardArgs): User {
  assertLocaleParam(params)
  if (context.user) return context.user
  const url = new URL(request.url)
  const { locale, path } = splitLocalePath(url.pathname)
  const back = encodeURIComponent(path + url.search)
  throw redirect(localizePath(`/auth/login?redirectTo=${back}`, locale ?? defaultLocale))
}

/** Guest-only pages (sign in, sign up, reset): a signed-in user goes to the dashboard. */
export function requireGuest({ context, request, params }: GuardArgs): void {
  assertLocaleParam(params)
  if (!context.user) return
  const { locale } = splitLocalePath(new URL(request.url).pathname)
  throw redirect(localizePath('/dashboard', locale ?? defaultLocale))
}
