import type { Locale } from '#app/i18n/config.ts'
import type { Addressing } from '#app/modules/addresses/route-address.ts'

/** What the share picture is drawn from (ADR 121): its address changes when any of it does. */
export interface ShareImageSource {
  uuid: string
  name: string | null
  color: string
  distance: number
  updated_at: string
  isPathVisible: boolean
  places: { lat: number; lng: number }[]
}

/** FNV-1a, 32 bits: a short, stable version for an address (not a security measure). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(36)
}

/**
 * The absolute URL of a route's share picture in a language, with the route's version: caches
 * outside (messengers, social networks) fetch it again when the route changes. The path is
 * part of the route's own row (updated_at), its stops' positions are not: both are hashed.
 */
export function shareImageUrl(addressing: Addressing, route: ShareImageSource, locale: Locale): string {
  const version = fnv1a(JSON.stringify([route.name, route.color, route.distance, route.updated_at, route.isPathVisible, route.places.map((p) => [p.lat, p.lng])]))
  return `${new URL(addressing.baseUrl).origin}/api/routes/${encodeURIComponent(route.uuid)}/share-image.png?locale=${locale}&v=${version}`
}
