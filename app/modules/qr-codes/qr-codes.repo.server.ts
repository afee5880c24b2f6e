import type { DB } from '#app/db/db.server.ts'
import type { QrCode } from '#app/db/schema.ts'
import { normalizeQrCode } from './qr-codes.schema.ts'

export type NewQrCode = Omit<QrCode, 'id' | 'deleted_at' | 'deleted_by'>

/** A QR code with its place, user and scan totals, as one row of one query (no N+1). */
export interface QrCodeRow {
  id: number
  category_id: number
  code: string
  image_url: string
  name: string | null
  activated_at: string | null
  created_at: string
  place_id: number | null
  place_name: string | null
  place_lat: number | null
  place_lng: number | null
  user_id: number | null
  user_name: string | null
  /** From the scan roll-up beside the code (null: never scanned). */
  scans: number | string | null
  last_scanned_at: string | null
}

/** Codes are stored in their normal form and every lookup by code compares in it (any case finds a code). */
export class QrCodesRepo {
  constructor(private readonly db: DB) {}

  private selectRows() {
    return this.db
      .selectFrom('qr_codes')
      // A place in the trash (ADR 110) shows as no place.
      .leftJoin('places', (join) => join.onRef('places.id', '=', 'qr_codes.place_id').on('places.deleted_at', 'is', null))
      .leftJoin('users', 'users.id', 'qr_codes.user_id')
      .leftJoin('qr_scan_totals', 'qr_scan_totals.qr_code_id', 'qr_codes.id')
      .select([
        'qr_codes.id',
        'qr_codes.category_id',
        'qr_codes.code',
        'qr_codes.image_url',
        'qr_codes.name',
        'qr_codes.activated_at',
        'qr_codes.created_at',
        'places.id as place_id',
        'places.name as place_name',
        'places.lat as place_lat',
        'places.lng as place_lng',
        'users.id as user_id',
        'users.name as user_name',
        'qr_scan_totals.scans',
        'qr_scan_totals.last_scanned_at',
      ])
  }

  listByCategory(categoryId: number): Promise<QrCodeRow[]> {
    return this.selectRows().where('qr_codes.category_id', '=', categoryId).where('qr_codes.deleted_at', 'is', null).orderBy('qr_codes.id').execute()
  }

  findRowByCode(code: string): Promise<QrCodeRow | undefined> {
    return this.selectRows().where('qr_codes.code', '=', normalizeQrCode(code)).where('qr_codes.deleted_at', 'is', null).executeTakeFirst()
  }

  findByCode(code: string): Promise<(QrCode & { live_place_id: number | null }) | undefined> {
    // In the trash (ADR 110), or of a category in the trash: as for an unknown code.
    return this.db
      .selectFrom('qr_codes')
      .innerJoin('place_categories', 'place_categories.id', 'qr_codes.category_id')
      .leftJoin('places', (join) => join.onRef('places.id', '=', 'qr_codes.place_id').on('places.deleted_at', 'is', null))
      .selectAll('qr_codes')
      .select('places.id as live_place_id')
      .where('qr_codes.code', '=', normalizeQrCode(code))
      .where('qr_codes.deleted_at', 'is', null)
      .where('place_categories.deleted_at', 'is', null)
      .executeTakeFirst()
  }

  /** Which of these codes (in their normal form) are already taken. */
  async takenCodes(codes: string[]): Promise<Set<string>> {
    if (codes.length === 0) return new Set()
    const rows = await this.db.selectFrom('qr_codes').select('code').where('code', 'in', codes.map(normalizeQrCode)).execute()
    return new Set(rows.map((r) => r.code))
  }

  async insertMany(values: NewQrCode[]): Promise<QrCode[]> {
    const rows = await this.db
      .insertInto('qr_codes')
      .values(values.map((v) => ({ ...v, code: normalizeQrCode(v.code) })))
      .returningAll()
      .execute()
    return rows.sort((a, b) => a.id - b.id)
  }

  async update(id: number, changes: Partial<Pick<QrCode, 'name' | 'image_url' | 'place_id' | 'user_id' | 'activated_at'>>) {
    await this.db.updateTable('qr_codes').set(changes).where('id', '=', id).execute()
  }


  /** The category of a place, to check it may be linked (undefined when the place is gone). */
  findPlaceCategory(placeId: number): Promise<{ id: number; category_id: number } | undefined> {
    return this.db.selectFrom('places').select(['id', 'category_id']).where('id', '=', placeId).where('deleted_at', 'is', null).executeTakeFirst()
  }
}
