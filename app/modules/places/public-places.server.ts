import type { DB } from '#app/db/db.server.ts'
import { chooseContentLocale, contentLocalesOf } from '#app/i18n/content-locales.ts'
import { PublicPlacesRepo } from './public-places.repo.server.ts'
import { storiesFor, type PublicSecret, type StoryLanguages } from './story-languages.ts'

export type { PublicSecret, StoryLanguages } from './story-languages.ts'

export interface PublicPlace {
  id: number
  name: string
  lat: number | null
  lng: number | null
  category_id: number
  category_slug: string
  fallback_locale: string
  content_locales: string
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

  /**
   * The secrets of each place, keyed by place id (every id present, maybe with none), in the
   * page's content language, else the category's fallback (`storiesFor`, ADR 044).
   */
  async secretsByPlace(placeIds: number[], languages: StoryLanguages): Promise<Record<number, PublicSecret[]>> {
    const all: Record<number, PublicSecret[]> = Object.fromEntries(placeIds.map((id) => [id, []]))
    for (const row of await this.repo.secretsOf([...new Set(placeIds)])) {
      all[row.place_id]?.push({ id: row.id, title: row.title, text: row.text, locale: row.locale })
    }
    return Object.fromEntries(Object.entries(all).map(([id, stories]) => [id, storiesFor(stories, languages.locale, languages.fallback)]))
  }

  /** The content language a visitor reads a place's stories in (ADR 043), from what the page was asked. */
  storyLanguagesOf(place: PublicPlace, asked: { lang: string | null; wish: readonly string[]; ui: string }): StoryLanguages {
    const offered = contentLocalesOf(place)
    return { locale: chooseContentLocale(offered, place.fallback_locale, asked), fallback: place.fallback_locale }
  }

  /** Where a scan of the place goes: its first published route, or undefined. */
  firstPublishedRoute(placeId: number): Promise<{ id: number; slug: string; category_id: number; category_slug: string } | undefined> {
    return this.repo.firstPublishedWalkWith(placeId)
  }
}
