import type { Config } from '#app/config/config.server.ts'
import type { DB } from '#app/db/db.server.ts'

/** Visitor statistics: raw events and their daily roll-ups (being built). */
export class StatsService {
  constructor(readonly deps: { db: DB; config: Config }) {}
}
