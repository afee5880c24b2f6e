import { z } from '@hono/zod-openapi'
import { localeFromAcceptLanguage, isLocale, type Locale } from '#app/i18n/config.ts'
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
 * The language an answer's texts are wanted in: `?locale=` first, then Accept-Language;
 * null lets each category's fallback language decide.
 */
export function requestLocale(c: { req: { query(name: string): string | undefined; header(name: string): string | undefined } }): Locale | null {
  const asked = c.req.query('locale')
  if (isLocale(asked)) return asked
  return localeFromAcceptLanguage(c.req.header('accept-language'))
}
