import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import type { ApiOutput } from '#app/client/api-contract.ts'
import type { Answer, AnswerJson, TestApi } from '#tests/setup/test-app.ts'
import type { TestDb } from '#tests/setup/test-db.ts'
import { createCategory, createUser } from '#tests/setup/factories.ts'

/** A signed-in owner of a fresh category (fallback language French unless asked). */
export async function owner(t: TestApi, options: { locale?: 'en' | 'fr' | 'de' | 'it'; fallback?: 'en' | 'fr' | 'de' | 'it' } = {}) {
  const { user, token } = await createUser(t.services, { locale: options.locale ?? 'en' })
  const category = await createCategory(t.services, user, { fallback_locale: options.fallback ?? 'fr' } as never)
  return { user, token, category: { id: category.id, slug: category.slug } }
}

/** POST the file to the category's import, as the screen does (multipart `file`, `options`). */
export async function importFile(
  t: TestApi,
  token: string | undefined,
  categoryId: number,
  content: string | Uint8Array,
  options: { name?: string; type?: string; query?: '' | `?${string}`; options?: unknown } = {},
): Promise<Answer<AnswerJson<ApiOutput<`/place-categories/${number}/import`, 'POST'>>>> {
  const form = new FormData()
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content
  form.append('file', new Blob([new Uint8Array(bytes)], { type: options.type ?? 'application/octet-stream' }), options.name ?? 'data.csv')
  if (options.options !== undefined) form.append('options', typeof options.options === 'string' ? options.options : JSON.stringify(options.options))
  const res = await t.api.request(`/place-categories/${categoryId}/import${options.query ?? ''}`, {
    method: 'POST',
    body: form,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  })
  const text = await res.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  // The answer read as the import route's (app/client/api-contract.ts).
  return { status: res.status, json: json as AnswerJson<ApiOutput<`/place-categories/${number}/import`, 'POST'>>, text, headers: res.headers }
}

const CONTENT_TABLES = ['places', 'place_translations', 'walks', 'walk_translations', 'walk_places', 'walk_qr_codes', 'walk_addresses', 'content_versions'] as const

/** Row counts and hashes of every table an import may write: equal before and after means nothing was written. */
export async function contentSnapshot(testDb: TestDb): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const table of CONTENT_TABLES) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(testDb.db)
    const lines = rows.rows.map((r) => JSON.stringify(r)).sort()
    out[table] = `${rows.rows.length}:${createHash('sha1').update(lines.join('\n')).digest('hex')}`
  }
  return out
}

/** The places of a category with their texts, as comparable values. */
export async function placesOf(testDb: TestDb, categoryId: number) {
  const places = await testDb.db.selectFrom('places').select(['id', 'name', 'lat', 'lng']).where('category_id', '=', categoryId).orderBy('id').execute()
  const texts = await testDb.db
    .selectFrom('place_translations')
    .innerJoin('places', 'places.id', 'place_translations.place_id')
    .select(['place_id', 'locale', 'place_translations.name', 'description'])
    .where('places.category_id', '=', categoryId)
    .execute()
  return places.map((p) => ({
    ...p,
    texts: Object.fromEntries(texts.filter((x) => x.place_id === p.id).sort((a, b) => a.locale.localeCompare(b.locale)).map((x) => [x.locale, { name: x.name, description: x.description }])),
  }))
}

/**
 * Starts the process's import worker before a file's tests (under tsx, a cold start takes
 * seconds on a busy machine; the services of every test then share it).
 */
export async function warmImportWorker() {
  const { ImportWorkers } = await import('./import-workers.server.ts')
  const { loadConfig } = await import('#app/config/config.server.ts')
  const heapMb = loadConfig({ BASE_URL: 'http://localhost' }).IMPORT_WORKER_HEAP_MB
  await new ImportWorkers({ concurrency: 1, heapMb }).parse({ bytes: new TextEncoder().encode('name,lat,lng\nWarm,46.5,6.6\n') })
}
