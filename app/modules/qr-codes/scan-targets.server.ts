import { contentVersionBoard, type DB } from '#app/db/db.server.ts'
import type { PublicPlaces } from '#app/modules/places/public-places.server.ts'
import type { QrCodeService } from './qr-codes.service.server.ts'

/** Where an activated plaque's scan leads: its place's first published route's map page. */
export interface ScanTarget {
  qr: { id: number; category_id: number; place_id: number }
  route: { id: number; slug: string; category_slug: string }
}

/**
 * The scan targets of plaques, kept in memory (ADR 071): a scan is answered with the kept map
 * page itself, without a database round trip. A target is forgotten at any change this process
 * sees: its own writes, and on PostgreSQL another process's content versions and plaques (their
 * own notification, migration 2026-11-28T1200), on SQLite any commit of another connection;
 * every second while PostgreSQL's channel is down. Only targets are kept: an unknown code, a
 * plaque not activated or leading to no published route is read every time, by the /q page.
 */
export class ScanTargets {
  private readonly kept = new Map<string, { target: ScanTarget; changes: number }>()

  constructor(private readonly deps: { db: DB; qrCodes: QrCodeService; publicPlaces: PublicPlaces }) {}

  async of(code: string): Promise<ScanTarget | null> {
    const board = contentVersionBoard(this.deps.db)
    const key = code.toUpperCase()
    const changes = board.changes
    const kept = this.kept.get(key)
    if (kept && kept.changes === changes) return kept.target
    const qr = await this.deps.qrCodes.resolve(code)
    if (!qr || qr.place_id === null) return null
    const route = await this.deps.publicPlaces.firstPublishedRoute(qr.place_id)
    if (!route) return null
    const target: ScanTarget = { qr: { id: qr.id, category_id: qr.category_id, place_id: qr.place_id }, route: { id: route.id, slug: route.slug, category_slug: route.category_slug } }
    if (this.kept.size >= 10_000) this.kept.clear()
    this.kept.set(key, { target, changes })
    return target
  }
}
