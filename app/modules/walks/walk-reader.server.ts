import type { DB } from '#app/db/db.server.ts'
import type { Walk } from '#app/db/schema.ts'
import { AccessibilityRepo } from '#app/modules/accessibility/accessibility.repo.server.ts'
import type { SummaryWalk } from './walks.repo.server.ts'
import { toRouteView, toSummary, type SummaryBundle, type UrlContext } from './walk-serializer.server.ts'
import type { RouteSummaryView, RouteView } from './walk-responses.schema.ts'
import { WalksRepo, type CategoryRef, type TranslationRow } from './walks.repo.server.ts'
import { toNoticeView, WalkNoticesRepo } from './walk-notices.server.ts'

function byWalk(rows: TranslationRow[]): (walkId: number) => TranslationRow[] {
  const groups = new Map<number, TranslationRow[]>()
  for (const row of rows) (groups.get(row.walk_id) ?? groups.set(row.walk_id, []).get(row.walk_id)!).push(row)
  return (walkId) => groups.get(walkId) ?? []
}

/**
 * Loads routes for display: a full route in a fixed number of queries, a list of summaries in
 * a fixed number whatever its length (no query per route).
 */
export class WalkReader {
  private readonly repo: WalksRepo
  private readonly notices: WalkNoticesRepo
  private readonly accessibility: AccessibilityRepo

  constructor(
    db: DB,
    private readonly ctx: UrlContext,
    /** Today's 'YYYY-MM-DD' in TIME_ZONE: whether a notice is active. */
    private readonly today: () => string,
  ) {
    this.repo = new WalksRepo(db)
    this.notices = new WalkNoticesRepo(db)
    this.accessibility = new AccessibilityRepo(db)
  }

  category(id: number): Promise<CategoryRef | undefined> {
    return this.repo.findCategory(id)
  }

  /** The full route; `publishedNearbyOnly` hides draft nearby routes from visitors. */
  async full(walk: Walk, wanted: string | null, options: { publishedNearbyOnly?: boolean; category?: CategoryRef } = {}): Promise<RouteView> {
    const [category, nearbyIds, places, logos, qrCodes] = await Promise.all([
      options.category ?? this.repo.findCategory(walk.category_id),
      this.repo.nearbyIdsOf(walk.id),
      this.repo.placesOf(walk.id),
      this.repo.logosOf(walk.id),
      this.repo.qrCodesOf(walk.id),
    ])
    const nearbyRows = await this.repo.findByIds(nearbyIds)
    const byId = new Map(nearbyRows.map((w) => [w.id, w]))
    const nearbyWalks = nearbyIds
      .map((id) => byId.get(id))
      .filter((w): w is Walk => w !== undefined && (!options.publishedNearbyOnly || w.status === 'published'))
    const [translationRows, counts, notices, facts, entrances, placeNames] = await Promise.all([
      this.repo.translationsOf([walk.id, ...nearbyWalks.map((w) => w.id)]),
      this.repo.placesCounts(nearbyWalks.map((w) => w.id)),
      this.notices.of([walk.id, ...nearbyWalks.map((w) => w.id)]),
      this.accessibility.factsOf([walk.id]),
      this.accessibility.entrancesOf(places.map((p) => p.place_id)),
      this.repo.placeNamesIn(places.map((p) => p.place_id), wanted),
    ])
    const translations = byWalk(translationRows)
    const fallbackLocale = category!.fallback_locale
    const today = this.today()
    const noticeOf = (id: number) => toNoticeView(notices.get(id), wanted, fallbackLocale, today)
    const nearby: SummaryBundle[] = nearbyWalks.map((w) => ({
      walk: w,
      // Nearby routes are of the route's own category.
      categorySlug: category!.slug,
      translations: translations(w.id),
      placesCount: counts.get(w.id) ?? 0,
      fallbackLocale,
      notice: noticeOf(w.id),
    }))
    return toRouteView(
      this.ctx,
      {
        walk,
        category: category!,
        translations: translations(walk.id),
        // Each stop named in the wanted language where it has a name there (ADR 043).
        places: places.map((p) => ({ ...p, name: placeNames.get(p.place_id) ?? p.name })),
        nearby,
        logos,
        qrCodes,
        notice: noticeOf(walk.id),
        accessibility: { facts: facts.get(walk.id), entrances },
      },
      wanted,
    )
  }

  /** Summaries of routes of one category, in two queries for any number of routes. */
  async summaries(walks: SummaryWalk[], category: CategoryRef, wanted: string | null): Promise<RouteSummaryView[]> {
    const ids = walks.map((w) => w.id)
    const [translationRows, counts, notices] = await Promise.all([this.repo.translationsOf(ids), this.repo.placesCounts(ids), this.notices.of(ids)])
    const translations = byWalk(translationRows)
    const today = this.today()
    return walks.map((walk) =>
      toSummary(
        this.ctx,
        {
          walk,
          categorySlug: category.slug,
          translations: translations(walk.id),
          placesCount: counts.get(walk.id) ?? 0,
          fallbackLocale: category.fallback_locale,
          notice: toNoticeView(notices.get(walk.id), wanted, category.fallback_locale, today),
        },
        wanted,
      ),
    )
  }
}
