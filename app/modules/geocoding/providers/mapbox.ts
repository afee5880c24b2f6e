import { ProviderUnavailable, requestJson } from '#app/platform/http/outbound-json.server.ts'
import { result, type GeocodingProvider } from '../geocoding-provider.ts'
import type { GeocodeResult } from '../geocoding.schema.ts'

// Mapbox Geocoding API v5 (mapbox.places), with the token the directions use.

/** The GET URL; it carries the token: never log it. */
export function mapboxGeocodeUrl(baseUrl: string, accessToken: string, query: string, language: string, limit: number): string {
  const params = new URLSearchParams({ access_token: accessToken, limit: String(limit), language, autocomplete: 'false' })
  return `${baseUrl.replace(/\/+$/, '')}/geocoding/v5/mapbox.places/${encodeURIComponent(query)}.json?${params}`
}

/** A FeatureCollection: features[] with place_name, center [lng, lat] and bbox [west, south, east, north]. */
export function parseMapboxAnswer(body: unknown, limit: number): GeocodeResult[] {
  const features = (body as { features?: unknown } | null)?.features
  if (!Array.isArray(features)) throw new ProviderUnavailable('malformed', { fields: 'features' })
  return features
    .map((f: Record<string, unknown> | null) => {
      if (typeof f !== 'object' || f === null || !Array.isArray(f.center)) return null
      return result(f.place_name, f.center[1], f.center[0], Array.isArray(f.bbox) ? f.bbox : undefined)
    })
    .filter((r) => r !== null)
    .slice(0, limit)
}

export function mapboxGeocoder(config: { baseUrl: string; accessToken: string; timeoutMs: number }): GeocodingProvider {
  return {
    name: 'mapbox',
    async search(query, { language, limit, signal }) {
      const body = await requestJson(mapboxGeocodeUrl(config.baseUrl, config.accessToken, query, language, limit), { timeoutMs: config.timeoutMs, signal })
      return parseMapboxAnswer(body, limit)
    },
  }
}
