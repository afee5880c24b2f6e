import { createHash } from 'node:crypto'
import type { User } from '#app/db/schema.ts'
import { defaultRouteColor, routeColors, type RouteColor } from '#app/modules/walks/walks.schema.ts'
import { linePaths } from '#app/modules/geo/geojson.schema.ts'
import type { WalkService } from '#app/modules/walks/walks.service.server.ts'
import { loadSharp } from '#app/platform/images/sharp.server.ts'
import type { Limit, RateLimiter } from '#app/platform/rate-limit/rate-limit.server.ts'
import { notFound } from '#app/utils/errors.ts'
import { WorkSlots } from '#app/utils/work-slots.server.ts'
import { shareImageSvg, type ShareImageInput } from './share-image-svg.ts'

// Bump when the drawing changes in a way its SVG does not show (the PNG encoder's settings).
const RENDER_VERSION = 1

export interface ShareImage {
  etag: string
  render: () => Promise<Buffer>
}

/**
 * Routes' share pictures (og:image, ADR 121). The PNG is keyed by a hash of its SVG, so it is
 * cached exactly as long as the route looks the same: any change to its name, colour, stops or
 * path draws a new one, and the page's image URL carries the route's version for the caches
 * outside. Drawn by sharp (librsvg) a few at a time, counted per client only when drawn.
 */
export class ShareImages {
  private readonly cache = new Map<string, Buffer>()
  private cachedBytes = 0
  private readonly inFlight = new Map<string, Promise<Buffer>>()
  private readonly slots: WorkSlots

  constructor(
    private readonly deps: { walks: WalkService; rateLimiter: RateLimiter; perClient: Limit; cacheBytes: number; concurrency: number },
  ) {
    this.slots = new WorkSlots({ concurrency: deps.concurrency, maxWaiting: 64 })
  }

  /** The picture of a route its viewer may see (published: anyone; draft: members), else 404. */
  async image(uuid: string, options: { viewer: User | null; locale: string | null; client: string }): Promise<ShareImage> {
    const route = await this.deps.walks.publicRouteByUuid(uuid.toLowerCase(), { viewer: options.viewer, locale: options.locale })
    if (!route) throw notFound()
    const input: ShareImageInput = {
      name: route.name ?? route.slug,
      color: routeColors[route.color as RouteColor] ?? routeColors[defaultRouteColor],
      distance: route.distance,
      stops: [...route.places].sort((a, b) => a.placeSortId - b.placeSortId),
      paths: route.isPathVisible && route.features_collection ? linePaths(route.features_collection) : null,
    }
    const svg = shareImageSvg(input)
    const key = createHash('sha256').update(`${RENDER_VERSION}:${svg}`).digest('base64url').slice(0, 32)
    return { etag: `"${key}"`, render: () => this.render(key, svg, () => this.deps.rateLimiter.enforceClient('share-image', options.client, this.deps.perClient)) }
  }

  private async render(key: string, svg: string, beforeDrawing: () => Promise<void>): Promise<Buffer> {
    const kept = this.cache.get(key)
    if (kept) {
      // Map order is the LRU order: a hit moves the entry to the end.
      this.cache.delete(key)
      this.cache.set(key, kept)
      return kept
    }
    const running = this.inFlight.get(key)
    if (running) return running
    await beforeDrawing()
    const drawn = this.cache.get(key) ?? this.inFlight.get(key)
    if (drawn) return drawn
    const job = this.slots
      .run(async () => (await loadSharp())(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer())
      .finally(() => this.inFlight.delete(key))
      .then((png) => {
        this.keep(key, png)
        return png
      })
    this.inFlight.set(key, job)
    return job
  }

  /** Bytes and pictures held (tests, metrics). */
  get stats() {
    return { bytes: this.cachedBytes, images: this.cache.size }
  }

  private keep(key: string, png: Buffer) {
    if (png.length > this.deps.cacheBytes) return
    this.cache.set(key, png)
    this.cachedBytes += png.length
    for (const [oldest, value] of this.cache) {
      if (this.cachedBytes <= this.deps.cacheBytes) break
      this.cache.delete(oldest)
      this.cachedBytes -= value.length
    }
  }
}
