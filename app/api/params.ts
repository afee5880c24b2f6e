import { z } from '@hono/zod-openapi'
import { defaultLocale, localeCookie, localeFromAcceptLanguage, isLocale, type Locale } from '#app/i18n/config.ts'
import { canonicalTag } from '#app/i18n/content-locales.ts'
import { readCookie } from '#app/platform/http/cookies.ts'
import { notFound } from '#app/utils/errors.ts'

/** A numeric id from the path: anything that is not one names no record (404). */
export function parseId(value: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value)) throw notFound()
  const id = Number(value)
  if (id > 2_147_483_647) throw notFound()
  return id
}

export const idPathSchema = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '1' }) })

/**
 * The language an answer's texts are wanted in: `?locale=` first (any content language, ADR 043,
 * as a canonical BCP 47 tag), then Accept-Language's interface language; null lets each
 * category's fallback language decide.
 */
export function requestLocale(c: { req: { query(name: string): string | undefined; header(name: string): string | undefined } }): string | null {
  const asked = c.req.query('locale')
  if (asked !== undefined) {
    const tag = canonicalTag(asked)
    if (tag) return tag
  }
  return localeFromAcceptLanguage(c.req.header('accept-language'))
}

/**
 * The language the API speaks to this caller (error messages, confirmations): `?locale=`, then
 * the language the app's pages are shown in (the locale cookie the browser sends with the app's
 * own calls), then Accept-Language, then the signed-in user's language, else English.
 */
export function callerLocale(c: {
  req: { query(name: string): string | undefined; header(name: string): string | undefined }
  var: { user?: { locale: string } | null }
}): Locale {
  const asked = c.req.query('locale')
  if (isLocale(asked)) return asked
  const cookie = readCookie(c.req.header('cookie') ?? null, localeCookie.name)
  if (isLocale(cookie)) return cookie
  const user = c.var.user
  return localeFromAcceptLanguage(c.req.header('accept-language')) ?? (user && isLocale(user.locale) ? user.locale : defaultLocale)
}
