import type { DB } from '#app/db/db.server.ts'
import type { User, Walk } from '#app/db/schema.ts'
import type { CategoryAccess } from '#app/modules/categories/access.server.ts'
import { notFound } from '#app/utils/errors.ts'
import { WalksRepo } from './walks.repo.server.ts'

/**
 * The route a manager may change: a missing route and another tenant's both answer 404.
 * Editors and owners alike manage routes (content, not the category itself).
 */
export async function requireManagedWalk(db: DB, access: CategoryAccess, user: User, uuid: string): Promise<Walk> {
  const walk = await new WalksRepo(db).findByUuid(uuid)
  if (!walk) throw notFound()
  await access.require(user.id, walk.category_id, 'editor')
  return walk
}
