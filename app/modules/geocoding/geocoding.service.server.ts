import type { Config } from '#app/config/config.server.ts'
import type { User } from '#app/db/schema.ts'
import type { CategoryAccess } from '#app/modules/categories/access.server.ts'
import type { RateLimiter } from '#app/platform/rate-limit/rate-limit.server.ts'
import { AppError } from '#app/utils/errors.ts'
import type { Logger } from '#app/platform/observability/logger.server.ts'
import { ProviderUnavailable } from '#app/platform/http/outbound-json.server.ts'
import type { GeocodingProvider } from './geocoding-provider.ts'
import { MAX_GEOCODE_RESULTS, type GeocodeResult } from './geocoding.schema.ts'
import { mapboxGeocoder } from './providers/mapbox.ts'
import { nominatimProvider, nominatimUserAgent } from './providers/nominatim.ts'

type GeocodingConfig = Pick<
  Config,
  'BASE_URL' | 'GEOCODER' | 'NOMINATIM_URL' | 'MAPBOX_ACCESS_TOKEN' | 'MAPBOX_BASE_URL' | 'GEOCODER_TIMEOUT_MS' | 'RATE_LIMIT_GEOCODE'
>

/** The provider the configuration names; null when the search is off. */
function createGeocodingProvider(config: GeocodingConfig): GeocodingProvider | null {
  switch (config.GEOCODER) {
    case 'nominatim':
      return nominatimProvider({ baseUrl: config.NOMINATIM_URL, userAgent: nominatimUserAgent(config.BASE_URL), timeoutMs: config.GEOCODER_TIMEOUT_MS })
    case 'mapbox':
      return mapboxGeocoder({ baseUrl: config.MAPBOX_BASE_URL, accessToken: config.MAPBOX_ACCESS_TOKEN!, timeoutMs: config.GEOCODER_TIMEOUT_MS })
    case 'off':
      return null
  }
}

export interface GeocodingDeps {
  config: GeocodingConfig
  access: CategoryAccess
  logger: Logger
  rateLimiter: RateLimiter
  provider?: GeocodingProvider | null
}

/**
 * The map editor's town and address search. The server asks the provider (never the browser):
 * a Mapbox token stays secret, and the public Nominatim's one-request-a-second rule holds for
 * the whole process.
 */
export class GeocodingService {
  readonly provider: GeocodingProvider | null

  constructor(private readonly deps: GeocodingDeps) {
    this.provider = deps.provider === undefined ? createGeocodingProvider(deps.config) : deps.provider
  }

  get enabled(): boolean {
    return this.provider !== null
  }

  /** Up to 5 places for the text. 503 when off, 403 for a user who manages no category, 502 when the provider fails. */
  async search(user: User, query: string, language: string, signal?: AbortSignal): Promise<GeocodeResult[]> {
    if (!this.provider) throw new AppError(503, { key: 'geocoding.errors.off' })
    // For managers placing a category's places; a shop owner (place user) has no map to move.
    if ((await this.deps.access.categoryIdsOf(user.id)).length === 0) throw new AppError(403, { key: 'errors.forbidden' })
    // Every search is a third party's request (paid, or a shared public server): a bound per user.
    await this.deps.rateLimiter.enforce(`geocode:${user.id}`, this.deps.config.RATE_LIMIT_GEOCODE)
    try {
      return await this.provider.search(query, { language, limit: MAX_GEOCODE_RESULTS, signal, client: String(user.id) })
    } catch (error) {
      if (!(error instanceof ProviderUnavailable)) throw error
      // The query is what the manager typed: not logged.
      this.deps.logger.warn('geocoding provider failed', { provider: this.provider.name, reason: error.reason, ...error.details })
      throw error
    }
  }
}
