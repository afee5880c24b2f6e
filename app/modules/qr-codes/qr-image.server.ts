import { createHash } from 'node:crypto'
import QRCode from 'qrcode'
import type { Limit, RateLimiter } from '#app/platform/rate-limit/rate-limit.server.ts'
import { loadSharp } from '#app/platform/images/sharp.server.ts'
import { WorkSlots } from '#app/utils/work-slots.server.ts'
import { QR_OPTIONS as options, qrSvg } from './qr-svg.ts'

export type QrImageFormat = 'svg' | 'png'

// Bump when the rendering changes, so caches (the server's and the clients') drop the old images.
const RENDER_VERSION = 2

/** A strong ETag for an image: the same payload, format and size always give the same bytes. */
function qrImageEtag(payload: string, format: QrImageFormat, size: number): string {
  const digest = createHash('sha256').update(`${RENDER_VERSION}:${format}:${size}:${payload}`).digest('base64url')
  return `"${digest.slice(0, 32)}"`
}

export interface QrRendererOptions {
  /** Bytes of rendered images kept (least recently used dropped first). */
  cacheBytes: number
  /** Images rasterised at once; the others wait their turn. */
  concurrency: number
  /** Renders waiting at most; beyond it the answer is 503 (try again), not a longer queue. */
  maxWaiting: number
}

/**
 * The one QR renderer (category codes and route codes, SVG and PNG). An image never changes
 * for a payload, format and size, so rendered images are kept in an LRU bounded in bytes and a
 * render asked twice at once runs once. A PNG is drawn one pixel per module (a few hundred
 * bytes) and enlarged and encoded by sharp on libuv's thread pool, off the event loop;
 * at most `concurrency` run at once.
 */
export class QrRenderer {
  private readonly cache = new Map<string, Buffer>()
  private cachedBytes = 0
  private readonly inFlight = new Map<string, Promise<Buffer>>()
  private readonly slots: WorkSlots

  constructor(private readonly options: QrRendererOptions) {
    this.slots = new WorkSlots(options)
  }

  /**
   * The image's bytes. `beforeRender` runs only when the image must be drawn (not cached, not
   * being drawn): the per-client limit counts the work, not the answers.
   */
  async render(payload: string, format: QrImageFormat, size: number, beforeRender?: () => Promise<void>): Promise<Buffer> {
    const key = qrImageEtag(payload, format, size)
    const cached = this.cache.get(key)
    if (cached) {
      // Map order is the LRU order: a hit moves the entry to the end.
      this.cache.delete(key)
      this.cache.set(key, cached)
      return cached
    }
    const running = this.inFlight.get(key)
    if (running) return running
    await beforeRender?.()
    // Checked again: another request may have drawn it while the limit was counted.
    const drawn = this.cache.get(key) ?? this.inFlight.get(key)
    if (drawn) return drawn
    const job = this.slots.run(() => draw(payload, format, size)).then(
      (bytes) => {
        this.inFlight.delete(key)
        this.keep(key, bytes)
        return bytes
      },
      (error: unknown) => {
        this.inFlight.delete(key)
        throw error
      },
    )
    this.inFlight.set(key, job)
    return job
  }

  /** Bytes and images held (tests, metrics). */
  get stats() {
    return { bytes: this.cachedBytes, images: this.cache.size }
  }

  private keep(key: string, bytes: Buffer) {
    if (bytes.length > this.options.cacheBytes) return
    this.cache.set(key, bytes)
    this.cachedBytes += bytes.length
    for (const [oldest, value] of this.cache) {
      if (this.cachedBytes <= this.options.cacheBytes) break
      this.cache.delete(oldest)
      this.cachedBytes -= value.length
    }
  }
}

async function draw(payload: string, format: QrImageFormat, size: number): Promise<Buffer> {
  if (format === 'svg') return Buffer.from(await qrSvg(payload, size))
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: options.errorCorrectionLevel })
  const side = modules.size + options.margin * 2
  // One byte per module, white quiet zone around: at most 185 x 185 bytes.
  const pixels = Buffer.alloc(side * side, 255)
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.data[row * modules.size + col]) pixels[(row + options.margin) * side + col + options.margin] = 0
    }
  }
  const sharp = await loadSharp()
  return sharp(pixels, { raw: { width: side, height: side, channels: 1 } })
    .resize(size, size, { kernel: 'nearest' })
    .png({ compressionLevel: 9, palette: false })
    .toBuffer()
}

/** An image ready to answer: its validator first, its bytes drawn (or taken from the cache) only when sent. */
export interface QrImage {
  etag: string
  contentType: 'image/svg+xml' | 'image/png'
  render: () => Promise<Buffer>
}

/**
 * The QR images of the app: the shared renderer, and a per-client limit on PNG renders (the
 * expensive ones; an SVG costs about a millisecond and a printed sheet asks for dozens).
 */
export class QrImages {
  readonly renderer: QrRenderer

  constructor(
    options: QrRendererOptions,
    private readonly limits: { rateLimiter: RateLimiter; perClient: Limit },
  ) {
    this.renderer = new QrRenderer(options)
  }

  image(payload: string, format: QrImageFormat, size: number, client: string): QrImage {
    const limit = format === 'png' ? () => this.limits.rateLimiter.enforceClient('qr-image', client, this.limits.perClient) : undefined
    return {
      etag: qrImageEtag(payload, format, size),
      contentType: format === 'svg' ? 'image/svg+xml' : 'image/png',
      render: () => this.renderer.render(payload, format, size, limit),
    }
  }
}

/** The width recorded in a PNG's IHDR chunk. */
export const pngWidth = (png: Buffer) => png.readUInt32BE(16)
