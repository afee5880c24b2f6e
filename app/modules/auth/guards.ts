import { redirect } from 'react-router'
import type { User } from '#app/db/schema.ts'
import { defaultLocale, localizePath, splitLocalePath } from '#app/i18n/config.ts'

/** Only same-site paths: "//evil.example" and absolute URLs fall back to the dashboard. */
export function safeRedirectPath(value: unknown, fallback = '/dashboard'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback
  return value
}

/** Login-required pages: a guest goes to the login page, and comes back here after it. */
export function requireUser(context: { user: User | null }, request: Request): User {
  if (context.user) return context.user
  const url = new URL(request.url)
  const { locale, path } = splitLocalePath(url.pathname)
  const back = encodeURIComponent(path + url.search)
  throw redirect(localizePath(`/auth/login?redirectTo=${back}`, locale ?? defaultLocale))
}

/** Guest-only pages (sign in, sign up, reset): a signed-in user goes to the dashboard. */
export function requireGuest(context: { user: User | null }, request: Request): void {
  if (!context.user) return
  const { locale } = splitLocalePath(new URL(request.url).pathname)
  throw redirect(localizePath('/dashboard', locale ?? defaultLocale))
}
