import { expect } from 'vitest'
import type { DB } from '#app/db/db.server.ts'
import type { ApiMethod, ApiOutput, ApiPath } from '#app/client/api-contract.ts'
import type { Answer, AnswerJson, TestApi } from '#tests/setup/test-app.ts'
import { createCategory, createUser } from '#tests/setup/factories.ts'

// Helpers shared by the routes tests (stored uploads: tests/setup/test-storage.ts): places written
// straight to their table, snapshots to prove a refused call wrote nothing.

/** A signed-in user owning a category. */
export async function manager(t: TestApi, options: { locale?: 'en' | 'fr' | 'de' | 'it'; fallback_locale?: 'en' | 'fr' | 'de' | 'it' } = {}) {
  const { user, token } = await createUser(t.services, { locale: options.locale })
  const category = await createCategory(t.services, user, options.fallback_locale ? { fallback_locale: options.fallback_locale } : {})
  return { user, token, category }
}

export async function insertPlace(db: DB, categoryId: number, options: { name?: string; lat?: number | null; lng?: number | null } = {}) {
  const now = new Date().toISOString()
  const row = await db
    .insertInto('places')
    .values({
      category_id: categoryId,
      name: options.name ?? 'A place',
      lat: options.lat === undefined ? 46.52 : options.lat,
      lng: options.lng === undefined ? 6.63 : options.lng,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Creates a route through the API and answers its data. */
export async function storeRoute(t: TestApi, token: string, categoryId: number, body: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/routes/store', { token, body: { name: 'Tour du lac', place_category_id: categoryId, ...body } })
  expect(res.status, JSON.stringify(res.json)).toBe(201)
  return res.json.data
}

/** Everything stored about one route, to compare before and after a refused call. */
export async function snapshot(db: DB, uuid: string) {
  const walk = await db.selectFrom('walks').selectAll().where('uuid', '=', uuid).executeTakeFirst()
  if (!walk) return null
  const id = walk.id
  return {
    walk,
    translations: await db.selectFrom('walk_translations').selectAll().where('walk_id', '=', id).orderBy('locale').execute(),
    places: await db.selectFrom('walk_places').selectAll().where('walk_id', '=', id).orderBy('sort_id').execute(),
    nearby: await db.selectFrom('walk_nearby').selectAll().where('walk_id', '=', id).orderBy('sort_id').execute(),
    logos: await db.selectFrom('walk_logos').selectAll().where('walk_id', '=', id).orderBy('id').execute(),
    qr: await db.selectFrom('walk_qr_codes').selectAll().where('walk_id', '=', id).orderBy('id').execute(),
  }
}

export const countWalks = async (db: DB) =>
  Number((await db.selectFrom('walks').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)

/** Sends a multipart upload with the bytes in the field `file`; the answer is read as the route's (app/client/api-contract.ts). */
export async function upload<M extends ApiMethod, P extends ApiPath<M>>(
  t: TestApi,
  method: M,
  urlPath: P,
  options: { token?: string; bytes?: Buffer; filename?: string; type?: string; field?: string } = {},
): Promise<Omit<Answer<AnswerJson<ApiOutput<P, M>>>, 'text'>> {
  const form = new FormData()
  if (options.bytes) {
    form.append(options.field ?? 'file', new Blob([new Uint8Array(options.bytes)], { type: options.type ?? 'image/png' }), options.filename ?? 'image.png')
  }
  const headers: Record<string, string> = options.token ? { Authorization: `Bearer ${options.token}` } : {}
  const response = await t.api.request(urlPath, { method, body: form, headers })
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, json: json as AnswerJson<ApiOutput<P, M>>, headers: response.headers }
}
