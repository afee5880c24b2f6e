import type { DB } from '#app/db/db.server.ts'
import { insertPlace, insertWalk } from '#app/modules/stats/stats.test-fixtures.ts'
import type { Services } from '#app/services.server.ts'
import { addMember, createCategory, createUser } from '#tests/setup/factories.ts'

// A category with a month of visitors (October 2026) and the month before: events through
// StatsService (so the roll-ups are the real ones), scans and visitor reports written straight
// to their tables (their own features fill them).

export const MONTH = '2026-10'

const at = (day: string, hour = 10) => `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`

async function insertPlaque(db: DB, categoryId: number, code: string, options: { name?: string | null; placeId?: number | null; activatedAt?: string | null } = {}) {
  const row = await db
    .insertInto('qr_codes')
    .values({
      category_id: categoryId,
      code,
      image_url: `/api/qr-codes/${code}/image.svg`,
      name: options.name ?? null,
      place_id: options.placeId ?? null,
      user_id: null,
      activated_at: options.activatedAt === undefined ? '2026-01-10T09:00:00.000Z' : options.activatedAt,
      created_at: '2026-01-01T09:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Scans of a plaque on days, as the scan feature rolls them up, and its all-time total. */
async function insertScans(db: DB, categoryId: number, qrCodeId: number, days: Record<string, number>) {
  for (const [day, scans] of Object.entries(days)) await db.insertInto('stat_qr_days').values({ qr_code_id: qrCodeId, category_id: categoryId, day, scans }).execute()
  const total = Object.values(days).reduce((a, b) => a + b, 0)
  const last = Object.keys(days).sort().pop() ?? null
  await db.insertInto('qr_scan_totals').values({ qr_code_id: qrCodeId, category_id: categoryId, scans: total, last_scanned_at: last ? at(last, 15) : null }).execute()
}

async function insertVisitorReport(db: DB, categoryId: number, status: 'open' | 'resolved') {
  await db
    .insertInto('visitor_reports')
    .values({ category_id: categoryId, qr_code_id: null, place_id: null, walk_id: null, kind: 'path_blocked', message: 'Fallen tree', photo_path: null, locale: 'en', status, created_at: at('2026-10-20'), resolved_at: null, resolved_by: null, notified_at: null })
    .execute()
}

/** An owner (French), an editor (German) and a category that existed long before October. */
export async function reportWorld(services: Services) {
  const db = services.db
  const owner = await createUser(services, { name: 'Odile', locale: 'fr' })
  const editor = await createUser(services, { name: 'Dieter', locale: 'de' })
  const category = await createCategory(services, owner.user, { name: 'Vieux <Lausanne>' })
  await addMember(services, category.id, editor.user, 'editor')
  await db.updateTable('place_categories').set({ created_at: '2025-06-01T00:00:00.000Z' }).where('id', '=', category.id).execute()

  const oldTown = await insertWalk(db, category.id, { names: { fr: 'Vieille ville', en: 'Old town', de: 'Altstadt' } })
  const lake = await insertWalk(db, category.id, { names: { fr: 'Bord du lac', en: 'Lakeside', de: 'Seeufer' } })
  const cathedral = await insertPlace(db, category.id, 'Cathédrale')
  const bridge = await insertPlace(db, category.id, 'Pont')

  const events: Parameters<Services['stats']['record']>[0] = []
  const add = (n: number, e: Omit<(typeof events)[number], 'categoryId'>) => {
    for (let i = 0; i < n; i++) events.push({ categoryId: category.id, ...e })
  }
  // October: 7 views of the old town, 3 of the lake (some on the last day, late in UTC), likes, time, visits.
  add(4, { type: 'view', walkId: oldTown.id, occurredAt: at('2026-10-03') })
  add(3, { type: 'view', walkId: oldTown.id, occurredAt: at('2026-10-31', 23) })
  add(3, { type: 'view', walkId: lake.id, occurredAt: at('2026-10-15') })
  add(2, { type: 'like', walkId: oldTown.id, occurredAt: at('2026-10-04') })
  add(1, { type: 'time', walkId: oldTown.id, value: 120, occurredAt: at('2026-10-03') })
  add(1, { type: 'time', walkId: lake.id, value: 65, occurredAt: at('2026-10-15') })
  add(5, { type: 'place_visit', walkId: oldTown.id, placeId: cathedral, occurredAt: at('2026-10-05') })
  add(1, { type: 'place_visit', walkId: lake.id, placeId: bridge, occurredAt: at('2026-10-16') })
  // September: the month before.
  add(5, { type: 'view', walkId: oldTown.id, occurredAt: at('2026-09-30', 23) })
  add(1, { type: 'like', walkId: oldTown.id, occurredAt: at('2026-09-12') })
  add(1, { type: 'time', walkId: oldTown.id, value: 90, occurredAt: at('2026-09-12') })
  add(2, { type: 'place_visit', walkId: oldTown.id, placeId: cathedral, occurredAt: at('2026-09-12') })
  // Outside both months: must count in neither.
  add(9, { type: 'view', walkId: lake.id, occurredAt: at('2026-11-01', 0) })
  add(4, { type: 'like', walkId: lake.id, occurredAt: at('2026-08-31', 23) })
  await services.stats.record(events)

  // Plaques: two scanned in October, one silent (last scan in August), one never scanned,
  // one activated a week before the month's end (not yet silent), one never activated.
  const busy = await insertPlaque(db, category.id, 'BUSY01', { name: 'Porte nord', placeId: cathedral })
  const quiet = await insertPlaque(db, category.id, 'QUIET1', { placeId: bridge })
  const silent = await insertPlaque(db, category.id, 'SILENT', { name: 'Fontaine' })
  const never = await insertPlaque(db, category.id, 'NEVER1', { name: 'Tour' })
  await insertPlaque(db, category.id, 'NEW001', { name: 'Nouvelle', activatedAt: '2026-10-25T08:00:00.000Z' })
  await insertPlaque(db, category.id, 'SLEEPS', { name: 'En stock', activatedAt: null })
  await insertScans(db, category.id, busy, { '2026-10-02': 6, '2026-10-20': 4, '2026-09-05': 3 })
  await insertScans(db, category.id, quiet, { '2026-10-31': 2, '2026-11-02': 7 })
  await insertScans(db, category.id, silent, { '2026-08-20': 5 })
  void never

  await insertVisitorReport(db, category.id, 'open')
  await insertVisitorReport(db, category.id, 'open')
  await insertVisitorReport(db, category.id, 'resolved')
  return { owner, editor, category, oldTown, lake }
}
