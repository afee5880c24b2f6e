import type { Config } from '#app/config/config.server.ts'
import type { DB } from '#app/db/db.server.ts'
import type { CategoryService } from '#app/modules/categories/categories.service.server.ts'
import type { Storage } from '#app/modules/uploads/storage.server.ts'

/** Walking routes ("walks" in code, "routes" in the API) (being built). */
export class WalkService {
  constructor(readonly deps: { db: DB; config: Config; categories: CategoryService; storage: Storage }) {}
}
