import type { Config } from '#app/config/config.server.ts'
import { nowIso, type DB } from '#app/db/db.server.ts'
import type { OnHandle } from '#app/db/handle.server.ts'
import type { Place, QrCode, User } from '#app/db/schema.ts'
import type { LatLng } from '#app/modules/geo/geo.ts'
import type { CategoryService } from '#app/modules/categories/categories.service.server.ts'
import { invalidField, notFound } from '#app/utils/errors.ts'
import { recordActivity } from '#app/modules/activity/activity.service.server.ts'
import { type AddLocationInput, type CreateQrBatchInput, type CreateQrCodeInput, type QrCodeView, type UpdateQrCodeInput } from './qr-codes.schema.ts'
import { QrCodesRepo, type NewQrCode, type QrCodeRow } from './qr-codes.repo.server.ts'
import type { QrImage, QrImageFormat, QrImages } from './qr-image.server.ts'
import { distinctCodes } from './random-code.ts'

/** A place of the category near a spot, as the places module finds it. */
interface NearbyPlace {
  id: number
  name: string
  lat: number | null
  lng: number | null
  distance: number
}

/** What linking a QR code needs from the places module (built on the linking's transaction with `on`). */
export interface PlaceDirectory extends OnHandle<PlaceDirectory> {
  /** Places of the category under 20 m from the point, nearest first. */
  findNearby(categoryId: number, point: LatLng): Promise<NearbyPlace[]>
  createInCategory(categoryId: number, input: { name: string; lat: number; lng: number }): Promise<Place>
}

/** What the public /q/{code} page needs to decide where a scan goes. */
export interface ResolvedQrCode {
  id: number
  code: string
  category_id: number
  place_id: number | null
  activated_at: string | null
}

export type AddLocationResult = { kind: 'linked'; qrCode: QrCodeView } | { kind: 'nearby'; nearby: NearbyPlace[] }

const MAX_CODE_ATTEMPTS = 3

/** QR codes of a category: creation (single or batch), images, linking to places. */
export class QrCodeService {
  private readonly repo: QrCodesRepo

  constructor(
    private readonly deps: {
      db: DB
      config: Pick<Config, 'BASE_URL'>
      categories: CategoryService
      places: PlaceDirectory
      images: QrImages
      /** Draws `count` distinct random codes none of which is in `avoid` (a test draws known ones). */
      drawCodes?: typeof distinctCodes
    },
  ) {
    this.repo = new QrCodesRepo(deps.db)
  }

  async listForCategory(user: User, categoryId: number): Promise<QrCodeView[]> {
    await this.deps.categories.access.require(user.id, categoryId)
    const rows = await this.repo.listByCategory(categoryId)
    return rows.map((row) => this.toView(row))
  }

  async get(user: User, code: string): Promise<QrCodeView> {
    const row = await this.repo.findRowByCode(code)
    if (!row) throw notFound()
    await this.deps.categories.access.require(user.id, row.category_id)
    return this.toView(row)
  }

  /** One code; without a code the app draws one, without an image url it serves its own. */
  async create(user: User, input: CreateQrCodeInput): Promise<QrCodeView> {
    await this.deps.categories.access.require(user.id, input.place_category_id)
    const chosen = input.code
    if (chosen !== undefined && (await this.repo.takenCodes([chosen])).size > 0) throw codeTaken()
    const build = (code: string) => ({ ...this.newRow(input.place_category_id, code), name: input.name ?? null, image_url: input.image_url ?? this.ownImageUrl(code) })
    const [created] = await this.insertWithCodes(1, build, chosen)
    return this.toView(toRow(created))
  }

  /** `count` random codes in one transaction, named "{prefix} 1..N" when a prefix is given. */
  async createBatch(user: User, input: CreateQrBatchInput): Promise<QrCodeView[]> {
    await this.deps.categories.access.require(user.id, input.place_category_id)
    const created = await this.insertWithCodes(input.count, (code, index) => ({
      ...this.newRow(input.place_category_id, code),
      name: input.name_prefix ? `${input.name_prefix} ${index + 1}` : null,
    }))
    return created.map((row) => this.toView(toRow(row)))
  }

  async update(user: User, code: string, input: UpdateQrCodeInput): Promise<QrCodeView> {
    const qr = await this.requireCode(user, code)
    await this.repo.update(qr.id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.image_url !== undefined ? { image_url: input.image_url } : {}),
    })
    return this.get(user, code)
  }

  /**
   * Links the code to a place of its category: an existing one, or a new one at the position.
   * A new place within 20 m of an existing one is only created when the caller insists, so a
   * second plaque at the same spot does not make a duplicate place.
   */
  async addLocation(user: User, code: string, input: AddLocationInput): Promise<AddLocationResult> {
    const qr = await this.requireCode(user, code)
    const linked = await this.deps.db.transaction().execute(async (trx) => {
      const repo = new QrCodesRepo(trx)
      const places = this.deps.places.on(trx)
      let placeId: number
      if (input.place_id !== undefined) {
        const place = await repo.findPlaceCategory(input.place_id)
        if (place?.category_id !== qr.category_id) throw invalidField('place_id', 'errors.qr_place_other_category')
        placeId = place.id
      } else {
        const point = { lat: input.lat!, lng: input.lng! }
        if (!input.create_anyway) {
          const nearby = await places.findNearby(qr.category_id, point)
          if (nearby.length > 0) return { kind: 'nearby' as const, nearby }
        }
        placeId = (await places.createInCategory(qr.category_id, { name: input.name!, ...point })).id
      }
      await repo.update(qr.id, { place_id: placeId, user_id: user.id, activated_at: nowIso() })
      // Its first place is the plaque's activation; another place later is a new link.
      await recordActivity(trx, { categoryId: qr.category_id, userId: user.id, action: qr.activated_at === null ? 'qr_code.activated' : 'qr_code.linked', itemId: qr.id })
      return undefined
    })
    if (linked) return { kind: 'nearby', nearby: linked.nearby.map(toNearbyView) }
    return { kind: 'linked', qrCode: await this.get(user, code) }
  }

  /** Unlinks the place and its linker; activated_at stays as history ("active" means a place). */
  async detachPlace(user: User, code: string): Promise<QrCodeView> {
    const qr = await this.requireCode(user, code)
    await this.deps.db.transaction().execute(async (trx) => {
      await new QrCodesRepo(trx).update(qr.id, { place_id: null, user_id: null })
      if (qr.place_id !== null) await recordActivity(trx, { categoryId: qr.category_id, userId: user.id, action: 'qr_code.unlinked', itemId: qr.id })
    })
    return this.get(user, code)
  }

  /** Public: where a scanned code belongs, for the /q/{code} page; undefined when unknown. */
  async resolve(code: string): Promise<ResolvedQrCode | undefined> {
    const qr = await this.repo.findByCode(code)
    // A plaque whose place is in the trash leads nowhere until the place is back (ADR 110).
    return qr && { id: qr.id, code: qr.code, category_id: qr.category_id, place_id: qr.live_place_id, activated_at: qr.activated_at }
  }

  /** Public: the image of a code, pointing at its resolver page; 404 for an unknown code. */
  async image(code: string, format: QrImageFormat, size: number, client: string): Promise<QrImage> {
    if (!(await this.repo.findByCode(code))) throw notFound()
    return this.deps.images.image(this.resolverUrl(code), format, size, client)
  }

  /** The URL a printed code holds: the resolver page. */
  resolverUrl(code: string): string {
    return `${this.deps.config.BASE_URL}/q/${encodeURIComponent(code)}`
  }

  /** The app's own, stable image URL of a code. */
  ownImageUrl(code: string, format: QrImageFormat = 'svg'): string {
    return `${this.deps.config.BASE_URL}/api/qr-codes/${encodeURIComponent(code)}/image.${format}`
  }

  private async requireCode(user: User, code: string): Promise<QrCode> {
    const qr = await this.repo.findByCode(code)
    if (!qr) throw notFound()
    await this.deps.categories.access.require(user.id, qr.category_id)
    return qr
  }

  private newRow(categoryId: number, code: string): NewQrCode {
    return {
      category_id: categoryId,
      code,
      image_url: this.ownImageUrl(code),
      name: null,
      place_id: null,
      user_id: null,
      activated_at: null,
      created_at: nowIso(),
    }
  }

  /**
   * Inserts `count` rows in one transaction, drawing codes that are free. A race with another
   * insert of the same code fails the unique index: the whole transaction is tried again with
   * new codes (a code the manager chose is not redrawn: it is reported as taken).
   */
  private async insertWithCodes(count: number, build: (code: string, index: number) => NewQrCode, chosen?: string): Promise<QrCode[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.deps.db.transaction().execute(async (trx) => {
          const repo = new QrCodesRepo(trx)
          const codes = chosen !== undefined ? [chosen] : await freeCodes(repo, count, this.deps.drawCodes ?? distinctCodes)
          return repo.insertMany(codes.map(build))
        })
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
        if (chosen !== undefined) throw codeTaken()
        if (attempt >= MAX_CODE_ATTEMPTS) throw error
      }
    }
  }

  private toView(row: QrCodeRow): QrCodeView {
    return {
      id: row.id,
      code: row.code,
      image_url: row.image_url,
      image_png_url: this.ownImageUrl(row.code, 'png'),
      name: row.name,
      place: row.place_id !== null ? { id: row.place_id, name: row.place_name!, lat: row.place_lat, lng: row.place_lng } : null,
      user: row.user_id !== null ? { id: row.user_id, name: row.user_name! } : null,
      activated_at: row.activated_at,
      created_at: row.created_at,
      scans: Number(row.scans ?? 0),
      last_scanned_at: row.last_scanned_at,
    }
  }
}

const codeTaken = () => invalidField('code', 'errors.qr_code_taken')

/** `count` random codes none of which is in the table yet. */
async function freeCodes(repo: QrCodesRepo, count: number, draw: typeof distinctCodes): Promise<string[]> {
  let codes = draw(count)
  for (let round = 0; round < 10; round++) {
    const taken = await repo.takenCodes(codes)
    if (taken.size === 0) return codes
    const kept = codes.filter((c) => !taken.has(c))
    codes = [...kept, ...draw(count - kept.length, new Set([...codes]))]
  }
  throw new Error('could not draw free QR codes')
}

/** A freshly inserted code has no place and no user. */
const toRow = (qr: QrCode): QrCodeRow => ({
  ...qr,
  place_id: null,
  place_name: null,
  place_lat: null,
  place_lng: null,
  user_id: null,
  user_name: null,
  scans: 0,
  last_scanned_at: null,
})

const toNearbyView = (p: NearbyPlace): NearbyPlace => ({
  id: p.id,
  name: p.name,
  lat: p.lat,
  lng: p.lng,
  distance: Math.round(p.distance * 10) / 10,
})

/** A unique index refused the row (SQLite and PostgreSQL say it differently). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}
