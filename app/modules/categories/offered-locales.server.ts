import type { DB } from '#app/db/db.server.ts'
import { contentLocalesOf } from '#app/i18n/content-locales.ts'
import { invalidField, notFound } from '#app/utils/errors.ts'

/**
 * A text, a note or a recording is written in one of its category's content languages (ADR 043):
 * any other is refused with 422 on the field that names it. Call it after the membership check.
 */
export async function assertOfferedLocales(db: DB, categoryId: number, tags: Iterable<string>, fieldOf: (tag: string) => string): Promise<void> {
  const category = await db.selectFrom('place_categories').select(['fallback_locale', 'content_locales']).where('id', '=', categoryId).executeTakeFirst()
  if (!category) throw notFound()
  const offered = contentLocalesOf(category)
  for (const tag of tags) if (!offered.includes(tag)) throw invalidField(fieldOf(tag), 'validation.content_locale_not_offered')
}
