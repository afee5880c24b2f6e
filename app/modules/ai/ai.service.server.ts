import type { Config } from '#app/config/config.server.ts'
import type { DB } from '#app/db/db.server.ts'
import type { User } from '#app/db/schema.ts'
import type { CategoryService } from '#app/modules/categories/categories.service.server.ts'
import { hasCoordinates } from '#app/modules/geo/geo.ts'
import type { RateLimiter } from '#app/platform/rate-limit/rate-limit.server.ts'
import type { WalkService } from '#app/modules/walks/walks.service.server.ts'
import { invalidField } from '#app/utils/errors.ts'
import type { Logger } from '#app/platform/observability/logger.server.ts'
import { AiRepo, type PlacePoint } from './ai.repo.server.ts'
import { translatedFields, type TranslateTextsInput, type TranslatedTextsView } from './ai.schema.ts'
import type {
  AiStatus,
  CreatedRouteView,
  CreateRouteInput,
  DraftedRouteView,
  DraftedTextsView,
  DraftRouteInput,
  DraftTextsInput,
} from './ai.schema.ts'
import { draftRoute, lineThrough } from './route-drafting.ts'
import { AiUnavailableError, draftTexts, translateTexts, type AiConfig, type TextDraftContext } from './text-drafting.server.ts'

export interface AiDeps {
  db: DB
  config: AiConfig & Pick<Config, 'RATE_LIMIT_AI'>
  rateLimiter: RateLimiter
  logger: Logger
  categories: CategoryService
  walks: WalkService
}

/**
 * The AI assistant: drafts a route from a category's places (no external service) and drafts a
 * route's landing texts through an OpenAI-compatible provider. Drafts are answered, not saved;
 * only createRoute writes, through the routes service.
 */
export class AiService {
  private readonly repo: AiRepo

  constructor(private readonly deps: AiDeps) {
    this.repo = new AiRepo(deps.db)
  }

  status(): AiStatus {
    const enabled = Boolean(this.deps.config.AI_BASE_URL)
    return { text_enabled: enabled, model: enabled ? this.deps.config.AI_MODEL : null }
  }

  /** Chooses and orders places of the category for a walk of about `target_minutes`. */
  async draftRoute(user: User, input: DraftRouteInput): Promise<DraftedRouteView> {
    await this.deps.categories.access.require(user.id, input.place_category_id, 'editor')
    const start = await this.repo.findPlace(input.start_place_id)
    // Another category's place reads like a missing one: nothing leaks across tenants.
    if (!start || start.category_id !== input.place_category_id) throw invalidField('start_place_id', 'ai.errors.start_not_in_category')
    if (!hasCoordinates(start)) throw invalidField('start_place_id', 'ai.errors.start_without_coordinates')
    const places = (await this.repo.placesWithCoordinates(input.place_category_id)).filter(hasCoordinates)
    const draft = draftRoute(places, start.id, input.target_minutes * 60)
    const byId = new Map(places.map((p) => [p.id, p]))
    const ordered = draft.placeIds.map((id) => byId.get(id)!)
    return {
      places: ordered.map((p, index) => ({ id: p.id, name: p.name, lat: p.lat, lng: p.lng, placeSortId: index + 1 })),
      distance: Math.round(draft.distance),
      duration: Math.round(draft.duration),
      features_collection: lineThrough(ordered),
    }
  }

  /**
   * Saves a draft as a new draft route: stored, then given its places, line and measures. The
   * routes service has no single call for both, so a failed second step deletes the new route.
   */
  async createRoute(user: User, input: CreateRouteInput, locale: string | null): Promise<CreatedRouteView> {
    await this.deps.categories.access.require(user.id, input.place_category_id, 'editor')
    const ordered = await this.walkablePlaces(input.place_category_id, input.place_ids)
    const walks = this.deps.walks
    const stored = await walks.store(user, { name: input.name, place_category_id: input.place_category_id }, locale)
    try {
      await walks.update(
        user,
        {
          uuid: stored.uuid,
          places: ordered.map((p) => ({ id: p.id })),
          features_collection: lineThrough(ordered),
          distance: Math.round(input.distance),
          duration: Math.round(input.duration),
        },
        locale,
      )
    } catch (error) {
      await this.undoStore(user, stored.uuid)
      throw error
    }
    return { uuid: stored.uuid, slug: stored.slug }
  }

  /** The places in the given order; each must be of the category and have coordinates. */
  private async walkablePlaces(categoryId: number, ids: number[]): Promise<(PlacePoint & { lat: number; lng: number })[]> {
    const byId = new Map((await this.repo.placesOfCategory(categoryId, ids)).map((p) => [p.id, p]))
    return ids.map((id, index) => {
      const place = byId.get(id)
      if (!place) throw invalidField(`place_ids.${index}`, 'validation.place_not_in_category', { id })
      if (!hasCoordinates(place)) throw invalidField(`place_ids.${index}`, 'ai.errors.place_without_coordinates', { id })
      return place
    })
  }

  private async undoStore(user: User, uuid: string) {
    try {
      await this.deps.walks.delete(user, uuid)
    } catch (error) {
      this.deps.logger.error('could not delete a half-made AI route', { uuid, error: error instanceof Error ? error.message : String(error) })
    }
  }

  /** Drafts the route's landing texts in fr, en, de and it. Writes nothing. */
  async draftTexts(user: User, input: DraftTextsInput): Promise<DraftedTextsView> {
    // Tenancy first (404 for another tenant's route), then whether drafting is configured.
    const route = await this.deps.walks.get(user, input.route_uuid, null)
    if (!this.deps.config.AI_BASE_URL) throw new AiUnavailableError(503, 'ai.errors.not_configured')
    // Each call is a paid request to the provider: RATE_LIMIT_AI per user.
    await this.deps.rateLimiter.enforce(`ai:${user.id}`, this.deps.config.RATE_LIMIT_AI)
    const context: TextDraftContext = {
      distance: route.distance,
      duration: route.duration,
      places: await this.placesWithSecrets(route.places),
      current: currentTexts(route.translations),
    }
    return { translations: await draftTexts(this.deps.config, this.deps.logger, context) }
  }

  /**
   * Drafts a route's texts in one content language from its category's fallback language (ADR
   * 043): the fields the fallback has, translated. Writes nothing: the landing editor shows the
   * draft in that language's tab for review, and only the manager's save publishes it.
   */
  async translateTexts(user: User, input: TranslateTextsInput): Promise<TranslatedTextsView> {
    // Tenancy first (404 for another tenant's route), then the language, then whether drafting is configured.
    const route = await this.deps.walks.get(user, input.route_uuid, null)
    const category = (await this.deps.categories.get(user, route.place_category_id))!
    const from = category.fallback_locale
    if (!this.deps.config.AI_BASE_URL) throw new AiUnavailableError(503, 'ai.errors.not_configured')
    if (!category.content_locales.includes(input.locale)) throw invalidField('locale', 'validation.content_locale_not_offered')
    if (input.locale === from) throw invalidField('locale', 'ai.errors.translate_from_itself')
    const source = route.translations[from] ?? {}
    const texts = Object.fromEntries(translatedFields.flatMap((field) => (source[field]?.trim() ? [[field, source[field]!.trim()]] : [])))
    if (Object.keys(texts).length === 0) throw invalidField('locale', 'ai.errors.nothing_to_translate')
    await this.deps.rateLimiter.enforce(`ai:${user.id}`, this.deps.config.RATE_LIMIT_AI)
    return { from, locale: input.locale, texts: await translateTexts(this.deps.config, this.deps.logger, { from, to: input.locale, texts }) }
  }

  private async placesWithSecrets(places: { id: number; name: string }[]): Promise<TextDraftContext['places']> {
    const secrets = await this.repo.secretsOf([...new Set(places.map((p) => p.id))])
    return places.map((p) => ({
      name: p.name,
      secrets: secrets.filter((s) => s.place_id === p.id).map((s) => ({ title: s.title, text: s.text })),
    }))
  }
}

/** The route's non-empty texts per language (logo titles are not landing texts). */
function currentTexts(translations: Record<string, Record<string, string | null>>): TextDraftContext['current'] {
  const current: TextDraftContext['current'] = {}
  for (const [lang, fields] of Object.entries(translations)) {
    const given = Object.entries(fields).filter(([field, value]) => field !== 'logo_title' && typeof value === 'string' && value.trim() !== '')
    if (given.length > 0) current[lang] = Object.fromEntries(given) as Record<string, string>
  }
  return current
}
