import { nowIso, type DB } from '#app/db/db.server.ts'
import { assertOfferedLocales } from '#app/modules/categories/offered-locales.server.ts'
import type { User } from '#app/db/schema.ts'
import type { CategoryService } from '#app/modules/categories/categories.service.server.ts'
import { PlacesRepo } from '#app/modules/places/places.repo.server.ts'
import { invalidField, notFound } from '#app/utils/errors.ts'
import { AccessibilityRepo, type FactsRow } from './accessibility.repo.server.ts'
import type { AccessibilityFacts, PlaceEntranceView } from './accessibility-responses.schema.ts'
import { unknownFacts, type AccessibilityInput, type EntranceNotesInput, type PlaceEntranceInput } from './accessibility.schema.ts'
import { factsOf, notesByPlace } from './accessibility-view.ts'

// Accessibility facts of routes and entrance notes of places (ADR 027).

const toFlag = (v: boolean | null) => (v === null ? null : v ? 1 : 0)

/** The saved facts with the input's changes applied (absent: kept; null: unknown). */
export function mergedFacts(walkId: number, saved: FactsRow | undefined, input: AccessibilityInput, now: string): FactsRow {
  const known = factsOf(saved)
  const changes = Object.fromEntries((Object.keys(known) as (keyof AccessibilityFacts)[]).filter((k) => input[k] !== undefined).map((k) => [k, input[k]]))
  const facts: AccessibilityFacts = { ...known, ...changes }
  // A number of steps only means something when the route has stairs.
  if (facts.stairs !== true) facts.stairs_count = null
  return {
    walk_id: walkId,
    step_free: toFlag(facts.step_free),
    max_slope_pct: facts.max_slope_pct,
    surface: facts.surface,
    stairs: toFlag(facts.stairs),
    stairs_count: facts.stairs_count,
    benches: toFlag(facts.benches),
    toilets: toFlag(facts.toilets),
    drinking_water: toFlag(facts.drinking_water),
    shade: facts.shade,
    pushchair: toFlag(facts.pushchair),
    wheelchair: toFlag(facts.wheelchair),
    updated_at: now,
  }
}

const hasFactChanges = (input: AccessibilityInput) => (Object.keys(unknownFacts()) as (keyof AccessibilityFacts)[]).some((key) => input[key] !== undefined)

async function saveNotes(repo: AccessibilityRepo, placeId: number, notes: EntranceNotesInput) {
  for (const [locale, note] of Object.entries(notes)) await repo.saveEntrance(placeId, locale, note ?? null)
}

/**
 * Writes a route's accessibility as part of its save (PUT /routes/update), on the save's
 * transaction: a note for a place that is not one of the route's stops is refused (422) and
 * nothing of the save is kept.
 */
export async function saveRouteAccessibility(db: DB, walkId: number, input: AccessibilityInput, routePlaceIds: number[]): Promise<void> {
  const repo = new AccessibilityRepo(db)
  const onRoute = new Set(routePlaceIds)
  const entrances = input.entrances ?? []
  entrances.forEach((e, i) => {
    if (!onRoute.has(e.place_id)) throw invalidField(`accessibility.entrances.${i}.place_id`, 'accessibility.errors.placeNotOnRoute')
  })
  if (hasFactChanges(input)) {
    const saved = (await repo.factsOf([walkId])).get(walkId)
    await repo.saveFacts(mergedFacts(walkId, saved, input, nowIso()))
  }
  for (const e of entrances) await saveNotes(repo, e.place_id, e.notes)
}

export class AccessibilityService {
  private readonly repo: AccessibilityRepo

  constructor(private readonly deps: { db: DB; categories: CategoryService }) {
    this.repo = new AccessibilityRepo(deps.db)
  }

  /** Entrance notes of these places, by place and language (the map page's stops). */
  async entranceNotes(placeIds: number[]): Promise<Map<number, Record<string, string>>> {
    return notesByPlace(await this.repo.entrancesOf(placeIds))
  }

  /** The facts of routes by uuid (the category home's cards and its step-free filter). */
  async factsByUuid(uuids: string[]): Promise<Map<string, AccessibilityFacts>> {
    const rows = await this.repo.factsByUuid(uuids)
    return new Map(uuids.map((uuid) => [uuid, factsOf(rows.get(uuid))]))
  }

  /** A place's notes; another tenant's place or a missing one: 404. */
  async placeEntrance(user: User, placeId: number): Promise<PlaceEntranceView> {
    await this.placeFor(user, placeId)
    return { place_id: placeId, accessible_entrance: (await this.entranceNotes([placeId])).get(placeId) ?? {} }
  }

  async setPlaceEntrance(user: User, placeId: number, input: PlaceEntranceInput) {
    const place = await this.placeFor(user, placeId)
    await assertOfferedLocales(this.deps.db, place.category_id, Object.keys(input.accessible_entrance), (tag) => `accessible_entrance.${tag}`)
    await this.deps.db.transaction().execute((trx) => saveNotes(new AccessibilityRepo(trx), placeId, input.accessible_entrance))
    return this.placeEntrance(user, placeId)
  }

  private async placeFor(user: User, placeId: number) {
    const place = await new PlacesRepo(this.deps.db).findById(placeId)
    if (!place) throw notFound()
    await this.deps.categories.access.require(user.id, place.category_id, 'editor')
    return place
  }
}
