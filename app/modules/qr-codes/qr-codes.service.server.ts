import type { Config } from '#app/config/config.server.ts'
import type { DB } from '#app/db/db.server.ts'
import type { CategoryService } from '#app/modules/categories/categories.service.server.ts'
import type { PlaceService } from '#app/modules/places/places.service.server.ts'

/** QR codes: creation, images, linking to places (being built). */
export class QrCodeService {
  constructor(readonly deps: { db: DB; config: Config; categories: CategoryService; places: PlaceService }) {}
}
