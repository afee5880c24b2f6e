import type { Config } from '#app/config/config.server.ts'
import type { User } from '#app/db/schema.ts'
import type { RateLimiter } from '#app/platform/rate-limit/rate-limit.server.ts'
import { MAX_GEOJSON_POSITIONS } from '#app/modules/geo/geojson.schema.ts'
import type { Logger } from '#app/platform/observability/logger.server.ts'
import type { Directions, DirectionsRequest, Position } from './directions.schema.ts'
import { ProviderUnavailable } from '#app/platform/http/outbound-json.server.ts'
import type { DirectionsProvider } from './directions-provider.ts'
import { mapboxProvider, osrmProvider } from './providers/http-provider.server.ts'
import { straightProvider } from './providers/straight.ts'

export type DirectionsConfig = Pick<
  Config,
  'DIRECTIONS_PROVIDER' | 'MAPBOX_ACCESS_TOKEN' | 'MAPBOX_BASE_URL' | 'OSRM_URL' | 'DIRECTIONS_TIMEOUT_MS' | 'RATE_LIMIT_DIRECTIONS'
>

/** The provider the configuration names (the config check makes sure its settings are there). */
export function createDirectionsProvider(config: DirectionsConfig): DirectionsProvider {
  switch (config.DIRECTIONS_PROVIDER) {
    case 'mapbox':
      return mapboxProvider({ baseUrl: config.MAPBOX_BASE_URL, accessToken: config.MAPBOX_ACCESS_TOKEN!, timeoutMs: config.DIRECTIONS_TIMEOUT_MS })
    case 'osrm':
      return osrmProvider({ baseUrl: config.OSRM_URL!, timeoutMs: config.DIRECTIONS_TIMEOUT_MS })
    case 'straight':
      return straightProvider
  }
}

export interface DirectionsDeps {
  config: DirectionsConfig
  logger: Logger
  rateLimiter: RateLimiter
  /** Defaults to the configured one. */
  provider?: DirectionsProvider
}

/**
 * Walking directions for the map editor. The browser never talks to the provider: the server
 * asks it, so a Mapbox token stays secret and every provider answers in one shape.
 */
export class DirectionsService {
  readonly provider: DirectionsProvider

  constructor(private readonly deps: DirectionsDeps) {
    this.provider = deps.provider ?? createDirectionsProvider(deps.config)
  }

  /** The path through the points in order. Throws ProviderUnavailable when the provider fails. */
  async route(user: User, input: DirectionsRequest, signal?: AbortSignal): Promise<Directions> {
    // A remote provider is paid per request (a long route is several): a bound per user.
    if (this.provider.name !== 'straight') await this.deps.rateLimiter.enforce(`directions:${user.id}`, this.deps.config.RATE_LIMIT_DIRECTIONS)
    try {
      const directions = await this.provider.route(input.coordinates, signal)
      return { ...directions, geometry: { type: 'LineString', coordinates: thinOut(directions.geometry.coordinates, MAX_GEOJSON_POSITIONS) } }
    } catch (error) {
      if (!(error instanceof ProviderUnavailable)) throw error
      this.deps.logger.warn('directions provider failed', { provider: this.provider.name, reason: error.reason, points: input.coordinates.length, ...error.details })
      throw error
    }
  }
}

/**
 * A path short enough to be saved with the route (a route's drawing holds at most `max`
 * positions): every k-th position, always the first and the last.
 */
export function thinOut(coordinates: Position[], max: number): Position[] {
  if (coordinates.length <= max) return coordinates
  const step = Math.ceil((coordinates.length - 1) / (max - 1))
  const kept = coordinates.filter((_, i) => i % step === 0)
  if (kept.at(-1) !== coordinates.at(-1)) kept.push(coordinates.at(-1)!)
  return kept
}
