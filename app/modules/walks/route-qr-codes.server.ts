import { createHash } from 'node:crypto'
import QRCode from 'qrcode'
import type { DB } from '#app/db/db.server.ts'
import type { User, WalkQrKind } from '#app/db/schema.ts'
import type { CategoryAccess } from '#app/modules/categories/access.server.ts'
import { notFound } from '#app/utils/errors.ts'
import { qrTargetUrl, toQrCodeView, type RouteQrCodeView, type UrlContext } from './walk-serializer.server.ts'
import { WalksRepo } from './walks.repo.server.ts'

export const QR_PNG_SIZE = { min: 64, max: 2048, default: 512 }

export interface RouteQrCodeDetail extends RouteQrCodeView {
  route_uuid: string
}

export interface QrImage {
  body: string | Buffer
  contentType: 'image/svg+xml' | 'image/png'
  etag: string
  cacheControl: string
}

/**
 * The QR codes printed for a route (its landing page and map page). Images are drawn on request
 * from the route's current canonical address (ADR 011), so a renamed slug never leaves a stale
 * picture behind; codes printed with an older address still lead to the route.
 */
export class RouteQrCodes {
  private readonly repo: WalksRepo

  constructor(private readonly deps: { db: DB; access: CategoryAccess; ctx: UrlContext }) {
    this.repo = new WalksRepo(deps.db)
  }

  async get(user: User, id: number): Promise<RouteQrCodeDetail> {
    const qr = await this.repo.findQrCode(id)
    if (!qr) throw notFound()
    await this.deps.access.require(user.id, qr.category_id, 'editor')
    return { ...toQrCodeView(this.deps.ctx, qr, { category: qr.category_slug, slug: qr.slug }), route_uuid: qr.uuid }
  }

  /**
   * The image of a code: anyone may fetch a published route's (it is printed on posters), only
   * members a draft's (it would reveal the slug). Null when there is nothing to show.
   */
  async image(id: number, viewer: User | null, format: 'svg' | 'png', size = QR_PNG_SIZE.default): Promise<QrImage | null> {
    const qr = await this.repo.findQrCode(id)
    if (!qr) return null
    const published = qr.status === 'published'
    if (!published && !(viewer && (await this.deps.access.roleOf(viewer.id, qr.category_id)))) return null
    const target = qrTargetUrl(this.deps.ctx, qr.kind as WalkQrKind, { category: qr.category_slug, slug: qr.slug })
    const etag = `"${createHash('sha256').update(`${format}:${size}:${target}`).digest('base64url').slice(0, 27)}"`
    const cacheControl = published ? 'public, max-age=3600' : 'private, no-cache'
    const options = { margin: 1, errorCorrectionLevel: 'M' as const }
    if (format === 'svg') {
      return { body: await QRCode.toString(target, { ...options, type: 'svg' }), contentType: 'image/svg+xml', etag, cacheControl }
    }
    return { body: await QRCode.toBuffer(target, { ...options, type: 'png', width: size }), contentType: 'image/png', etag, cacheControl }
  }
}
