// The visitor pages' own built files. `?worker&url` makes Vite bundle each entry on its own
// (one classic script, its imports included) and gives its hashed URL, the same in the server
// build: no framework runtime, nothing to hydrate (ADR 021).
import categoryScript from './category-home.client.ts?worker&url'
import landingAudioScript from './landing-audio.client.ts?worker&url'
import serviceWorker from './service-worker.ts?worker&url'
import trailScript from './trail-page.client.ts?worker&url'
import { visitorMapStyles } from '#app/map/visitor-map-styles.ts'

export const visitorAssets = { trailScript, categoryScript, landingAudioScript, serviceWorker, mapStyles: visitorMapStyles }

/**
 * The service worker's address as every visitor page registers it (one address, or pages would
 * replace each other's registration): with `?tiles=` the TILE_URL template when tiles may be saved.
 */
export function serviceWorkerUrl(tiles: { url: string; saving: boolean }): string {
  return tiles.saving ? `${serviceWorker}?tiles=${encodeURIComponent(tiles.url)}` : serviceWorker
}
