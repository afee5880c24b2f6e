import type { Config } from '#app/config/config.server.ts'
import type { DB } from '#app/db/db.server.ts'
import type { CategoryService } from '#app/modules/categories/categories.service.server.ts'
import type { InvitationService } from '#app/modules/invitations/invitations.service.server.ts'
import type { StatsService } from '#app/modules/stats/stats.service.server.ts'

/** Places, their users and invitations, and their secrets (being built). */
export class PlaceService {
  constructor(readonly deps: { db: DB; config: Config; categories: CategoryService; invitations: InvitationService; stats: StatsService }) {}
}
