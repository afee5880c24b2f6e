import type { Config } from '#app/config/config.server.ts'
import type { DB } from '#app/db/db.server.ts'
import type { EventType } from '#app/db/schema.ts'

/** One visitor event as the rest of the app reports it. */
export interface NewEvent {
  categoryId: number
  type: EventType
  walkId?: number | null
  placeId?: number | null
  /** Seconds for a `time` event; 1 otherwise. */
  value?: number
  visitorHash?: string | null
  /** ISO timestamp; now when left out. */
  occurredAt?: string
}

/** Visitor statistics: raw events and their daily roll-ups (being built). */
export class StatsService {
  constructor(readonly deps: { db: DB; config: Config }) {}

  /**
   * Records events and updates the roll-ups, in the caller's transaction when one is given
   * (a new secret and its contribution are written together).
   */
  async record(_events: NewEvent[], _db: DB = this.deps.db): Promise<void> {
    throw new Error('StatsService.record is not built yet')
  }
}
