import type { DB } from '#app/db/db.server.ts'
import { PublicPlacesRepo } from './public-places.repo.server.ts'

export interface PublicSecret {
  id: number
  title: string
  text: string
}

export interface PublicPlace {
  id: number
  name: string
  lat: number | null
  lng: number | null
  category_id: number
  category_slug: string
}

/**
 * What visitors may read about places: names, positions and secrets (stories meant for the
 * public plaques), never their users, invitations or authors.
 */
export class PublicPlaces {
  private readonly repo: PublicPlacesRepo

  constructor(db: DB) {
    this.repo = new PublicPlacesRepo(db)
  }

  async place(id: number): Promise<PublicPlace | undefined> {
    return this.repo.findPlace(id)
  }

  /** The secrets of each place, keyed by place id (every id present, maybe with none). */
  async secretsByPlace(placeIds: number[]): Promise<Record<number, PublicSecret[]>> {
    const result: Record<number, PublicSecret[]> = Object.fromEntries(placeIds.map((id) => [id, []]))
    for (const row of await this.repo.secretsOf([...new Set(placeIds)])) {
      result[row.place_id]?.push({ id: row.id, title: row.title, text: row.text })
    }
    return result
  }

  /** Where a scan of the place goes: its first published route, or undefined. */
  firstPublishedRoute(placeId: number): Promise<{ id: number; slug: string; category_id: number; category_slug: string } | undefined> {
    return this.repo.firstPublishedWalkWith(placeId)
  }
}
