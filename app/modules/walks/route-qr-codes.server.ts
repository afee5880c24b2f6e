import type { DB } from '#app/db/db.server.ts'
import type { User, WalkQrKind } from '#app/db/schema.ts'
import type { CategoryAccess } from '#app/modules/categories/access.server.ts'
import type { QrImage, QrImages } from '#app/modules/qr-codes/qr-image.server.ts'
import { QR_PNG_SIZE } from '#app/modules/qr-codes/qr-codes.schema.ts'
import { notFound } from '#app/utils/errors.ts'
import { qrTargetUrl, toQrCodeView, type UrlContext } from './walk-serializer.server.ts'
import type { RouteQrCodeDetailView } from './walk-responses.schema.ts'
import { WalksRepo } from './walks.repo.server.ts'

export interface RouteQrImage extends QrImage {
  cacheControl: string
}

/**
 * The QR codes printed for a route (its landing page and map page). Images are drawn on request
 * from the route's current canonical address (ADR 011), so a renamed slug never leaves a stale
 * picture behind; codes printed with an older address still lead to the route.
 */
export class RouteQrCodes {
  private readonly repo: WalksRepo

  constructor(private readonly deps: { db: DB; access: CategoryAccess; ctx: UrlContext; images: QrImages }) {
    this.repo = new WalksRepo(deps.db)
  }

  async get(user: User, id: number): Promise<RouteQrCodeDetailView> {
    const qr = await this.repo.findQrCode(id)
    if (!qr) throw notFound()
    await this.deps.access.require(user.id, qr.category_id, 'editor')
    return { ...toQrCodeView(this.deps.ctx, qr, { category: qr.category_slug, slug: qr.slug }), route_uuid: qr.uuid }
  }

  /**
   * The image of a code: anyone may fetch a published route's (it is printed on posters), only
   * members a draft's (it would reveal the slug). Null when there is nothing to show.
   */
  async image(id: number, viewer: User | null, format: 'svg' | 'png', size: number, client: string): Promise<RouteQrImage | null> {
    const qr = await this.repo.findQrCode(id)
    if (!qr) return null
    const published = qr.status === 'published'
    if (!published && !(viewer && (await this.deps.access.roleOf(viewer.id, qr.category_id)))) return null
    const target = qrTargetUrl(this.deps.ctx, qr.kind as WalkQrKind, { category: qr.category_slug, slug: qr.slug })
    const cacheControl = published ? 'public, max-age=3600' : 'private, no-cache'
    return { ...this.deps.images.image(target, format, format === 'svg' ? QR_PNG_SIZE.default : size, client), cacheControl }
  }
}
