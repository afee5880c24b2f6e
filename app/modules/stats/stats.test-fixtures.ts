import { randomUUID } from 'node:crypto'
import type { DB } from '#app/db/db.server.ts'

// Rows written straight to the tables: the statistics tests need routes and places, not their modules.

/** A route of the category, with its names by locale. */
export async function insertWalk(
  db: DB,
  categoryId: number,
  options: { status?: 'draft' | 'published'; names?: Record<string, string> } = {},
): Promise<{ id: number; uuid: string }> {
  const uuid = randomUUID()
  const now = new Date().toISOString()
  const walk = await db
    .insertInto('walks')
    .values({ uuid, category_id: categoryId, slug: `walk-${uuid.slice(0, 8)}`, status: options.status ?? 'published', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (const [locale, name] of Object.entries(options.names ?? {})) {
    await db
      .insertInto('walk_translations')
      .values({ walk_id: walk.id, locale, name, subtitle: null, description: null, content_title: null, content_text: null, logo_title: null })
      .execute()
  }
  return { id: walk.id, uuid }
}

export async function insertPlace(db: DB, categoryId: number, name: string): Promise<number> {
  const now = new Date().toISOString()
  const place = await db
    .insertInto('places')
    .values({ category_id: categoryId, name, lat: 46.52, lng: 6.63, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return place.id
}

export const countRows = async (db: DB, table: 'events' | 'stat_days') =>
  Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
