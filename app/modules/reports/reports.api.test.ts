import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import sharp from 'sharp'
import { beforeEach, describe, expect, it } from 'vitest'
import { solidImage } from '#app/platform/images/images.test-fixtures.ts'
import { insertPlace, insertWalk } from '#app/modules/stats/stats.test-fixtures.ts'
import { createCategory, createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'

const IP = '203.0.113.41'
const USER_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1'
const visitor = { 'X-Forwarded-For': IP, 'User-Agent': USER_AGENT }

describe.each(testDialects)('visitor reports on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect, { RATE_LIMIT_REPORTS: '1000/3600', TRUST_PROXY: 'on' })

  beforeEach(async () => {
    for (const table of ['visitor_reports', 'rate_limits'] as const) await testDb.db.deleteFrom(table).execute()
  })

  async function trail() {
    const owner = await createUser(t.services)
    const category = await createCategory(t.services, owner.user)
    const walk = await insertWalk(testDb.db, category.id, { names: { en: 'Old town', fr: 'Vieille ville' } })
    const place = await insertPlace(testDb.db, category.id, 'Cathedral')
    await testDb.db.insertInto('walk_places').values({ walk_id: walk.id, place_id: place, sort_id: 1 }).execute()
    const [qr] = await t.services.qrCodes.createBatch(owner.user, { place_category_id: category.id, count: 1 })
    await testDb.db.updateTable('qr_codes').set({ place_id: place }).where('code', '=', qr.code).execute()
    return { owner, category, walk, place, code: qr.code }
  }
  const report = (body: unknown, headers: Record<string, string> = visitor) => t.callOffContract('POST', '/public/reports', { body, headers })
  const rows = () => testDb.db.selectFrom('visitor_reports').selectAll().orderBy('id').execute()

  it('records a report on a plaque, on a place of a route, or on a route: 202 with thanks in the caller’s language', async () => {
    const { category, walk, place, code } = await trail()
    const byPlaque = await report({ kind: 'plaque_damaged', qr_code: code.toLowerCase(), message: '  Cracked in two  ' }, { ...visitor, 'Accept-Language': 'fr-CH' })
    expect(byPlaque.status).toBe(202)
    expect(byPlaque.json).toEqual({ data: { message: 'Merci\u202f! Votre signalement a été transmis aux personnes qui entretiennent ce parcours.' } })
    expect((await report({ kind: 'path_blocked', place_id: place, route: walk.uuid })).status).toBe(202)
    expect((await report({ kind: 'other', route: walk.uuid, message: 'Bench broken' }, { ...visitor, 'Accept-Language': 'de' })).status).toBe(202)
    const qrId = (await testDb.db.selectFrom('qr_codes').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id
    expect((await rows()).map((r) => [r.category_id, r.qr_code_id, r.place_id, r.walk_id, r.kind, r.message, r.locale, r.status, r.notified_at])).toEqual([
      [category.id, qrId, place, null, 'plaque_damaged', 'Cracked in two', 'fr', 'open', null],
      [category.id, null, place, walk.id, 'path_blocked', '', 'en', 'open', null],
      [category.id, null, null, walk.id, 'other', 'Bench broken', 'de', 'open', null],
    ])
  })

  it('stores nothing personal: no address, user agent or visitor hash in the row or in any table', async () => {
    const { walk } = await trail()
    expect((await report({ kind: 'path_blocked', route: walk.uuid })).status).toBe(202)
    const [row] = await rows()
    // The columns written are the report's own; the table has no column for a person.
    expect(Object.keys(row).sort()).toEqual(
      ['category_id', 'created_at', 'id', 'kind', 'locale', 'message', 'notified_at', 'photo_path', 'place_id', 'qr_code_id', 'resolved_at', 'resolved_by', 'status', 'walk_id'].sort(),
    )
    expect(row.resolved_by).toBeNull()
    // This test's own tables (on PostgreSQL other test files' schemas are listed too, and come and go).
    const own = dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(testDb.db)).rows[0].s : undefined
    const tables = (await testDb.db.introspection.getTables()).filter((table) => table.schema === own || own === undefined)
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['visitor_reports', 'rate_limits']))
    for (const table of tables) {
      const dump = JSON.stringify(await testDb.db.selectFrom(table.name as 'visitor_reports').selectAll().execute())
      for (const secret of [IP, USER_AGENT, 'Mobile/15E148']) expect(dump, `${table.name} holds ${secret}`).not.toContain(secret)
    }
  })

  it('answers each bad field with 422 in the caller’s language, naming the field, and stores nothing', async () => {
    const { owner, category, walk, place, code } = await trail()
    const other = await trail()
    const draft = await insertWalk(testDb.db, category.id, { status: 'draft', names: { en: 'Secret draft' } })
    await testDb.db.insertInto('walk_places').values({ walk_id: draft.id, place_id: place, sort_id: 1 }).execute()
    const offRoute = await insertPlace(testDb.db, category.id, 'Private garden')
    const [offRouteQr] = await t.services.qrCodes.createBatch(owner.user, { place_category_id: category.id, count: 1 })
    await testDb.db.updateTable('qr_codes').set({ place_id: offRoute }).where('code', '=', offRouteQr.code).execute()
    const offRouteCode = offRouteQr.code
    const cases: [unknown, string][] = [
      [{ route: walk.uuid }, 'kind'],
      [{ kind: 'fire', route: walk.uuid }, 'kind'],
      [{ kind: 'other', route: walk.uuid, message: 'x'.repeat(1001) }, 'message'],
      [{ kind: 'other', route: walk.uuid, message: '   ' }, 'message'],
      [{ kind: 'other', route: walk.uuid, message: 42 }, 'message'],
      [{ kind: 'path_blocked' }, 'route'],
      [{ kind: 'path_blocked', route: '00000000-0000-4000-8000-000000000000' }, 'route'],
      [{ kind: 'path_blocked', qr_code: 'NOPE1234' }, 'qr_code'],
      [{ kind: 'path_blocked', qr_code: code, place_id: place, route: walk.uuid }, 'place_id'],
      [{ kind: 'path_blocked', place_id: place }, 'route'],
      [{ kind: 'path_blocked', place_id: 999_999, route: walk.uuid }, 'place_id'],
      [{ kind: 'path_blocked', place_id: 'abc', route: walk.uuid }, 'place_id'],
      [{ kind: 'path_blocked', place_id: -3, route: walk.uuid }, 'place_id'],
      // Another category's place on this route, and this plaque with another category's route.
      [{ kind: 'path_blocked', place_id: other.place, route: walk.uuid }, 'place_id'],
      [{ kind: 'path_blocked', qr_code: code, route: other.walk.uuid }, 'route'],
      [{ kind: 'path_blocked', route: walk.uuid, email: 'me@example.org' }, 'email'],
      // A draft route, a place of the category on no stop of the route, a plaque of such a place.
      [{ kind: 'path_blocked', route: draft.uuid }, 'route'],
      [{ kind: 'path_blocked', place_id: place, route: draft.uuid }, 'route'],
      [{ kind: 'path_blocked', place_id: offRoute, route: walk.uuid }, 'place_id'],
      [{ kind: 'path_blocked', qr_code: offRouteCode, route: walk.uuid }, 'route'],
    ]
    for (const [body, field] of cases) {
      const res = await report(body, { ...visitor, 'Accept-Language': 'fr' })
      expect([JSON.stringify(body).slice(0, 80), res.status, Object.keys(res.json?.errors ?? {})]).toEqual([JSON.stringify(body).slice(0, 80), 422, [field]])
      // In French, not English (the envelope's message is the first field's).
      expect(res.json.message).toBe(res.json.errors[field][0])
      expect(res.json.message).not.toMatch(/\b(the|field|known|route is)\b/i)
    }
    const unreadable = await t.call('POST', '/public/reports', { body: '{"kind":', headers: visitor })
    expect(unreadable.status).toBe(400)
    expect(await rows()).toEqual([])
  })

  it('is limited per client network by RATE_LIMIT_REPORTS: 429 with Retry-After, nothing stored; other clients unaffected', async () => {
    const { walk } = await trail()
    t.services.config.RATE_LIMIT_REPORTS.limit = 3
    try {
      const statuses: number[] = []
      for (let i = 0; i < 5; i++) statuses.push((await report({ kind: 'path_blocked', route: walk.uuid }, { ...visitor, 'User-Agent': `${USER_AGENT} ${i}` })).status)
      expect(statuses).toEqual([202, 202, 202, 429, 429])
      const over = await report({ kind: 'path_blocked', route: walk.uuid })
      expect(Number(over.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1)
      expect(await rows()).toHaveLength(3)
      expect((await report({ kind: 'path_blocked', route: walk.uuid }, { ...visitor, 'X-Forwarded-For': '198.51.100.7' })).status).toBe(202)
    } finally {
      t.services.config.RATE_LIMIT_REPORTS.limit = 1000
    }
  })

  it('refuses a report posted from another site (Origin or Sec-Fetch-Site), with or without a cookie', async () => {
    const { walk } = await trail()
    const body = { kind: 'path_blocked', route: walk.uuid }
    expect((await report(body, { ...visitor, Origin: 'https://evil.example' })).status).toBe(403)
    expect((await report(body, { ...visitor, 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403)
    expect(await rows()).toEqual([])
    expect((await report(body, { ...visitor, Origin: 'http://localhost:3000' })).status).toBe(202)
  })

  describe('a photo', () => {
    const send = (form: FormData, headers: Record<string, string> = visitor) => t.api.request('/public/reports', { method: 'POST', body: form, headers })
    const reportFiles = (categoryId: number) => {
      const dir = path.join(t.config.DATA_DIR, 'uploads', 'reports', String(categoryId))
      return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()) : []
    }

    it('goes through the upload checks: re-encoded as WebP without metadata, served from /uploads', async () => {
      const { walk, place } = await trail()
      const jpeg = await sharp(await solidImage(3000, 2000, 'jpeg'))
        .withExif({ IFD0: { Artist: 'Someone Private' } })
        .jpeg()
        .toBuffer()
      const form = new FormData()
      form.set('kind', 'plaque_damaged')
      form.set('place_id', String(place))
      form.set('route', walk.uuid)
      form.set('message', 'See the photo')
      form.set('photo', new File([new Uint8Array(jpeg)], 'IMG_0001.jpg', { type: 'image/jpeg' }))
      const res = await send(form)
      expect(res.status).toBe(202)
      const [row] = await rows()
      expect(row.photo_path).toMatch(new RegExp(`^reports/${row.category_id}/report-[0-9a-f]{24}\\.webp$`))
      const stored = fs.readFileSync(path.join(t.config.DATA_DIR, 'uploads', row.photo_path!))
      const meta = await sharp(stored).metadata()
      expect([meta.format, meta.width, meta.exif]).toEqual(['webp', 2000, undefined])
      // An empty file input (no photo chosen in a form) is no photo.
      const without = new FormData()
      without.set('kind', 'path_blocked')
      without.set('route', walk.uuid)
      without.set('photo', new File([], '', { type: 'application/octet-stream' }))
      expect((await send(without)).status).toBe(202)
      expect((await rows())[1].photo_path).toBeNull()
    })

    it('refuses what is not an image (422 on photo) or too large (413), storing no row and no file', async () => {
      const { walk, category } = await trail()
      const bad = (photo: File | string) => {
        const form = new FormData()
        form.set('kind', 'path_blocked')
        form.set('route', walk.uuid)
        form.set('photo', photo)
        return form
      }
      const svg = await send(bad(new File(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], 'x.png', { type: 'image/png' })), { ...visitor, 'Accept-Language': 'de' })
      expect(svg.status).toBe(422)
      expect(Object.keys((await svg.json()).errors)).toEqual(['photo'])
      expect((await send(bad('not a file'))).status).toBe(422)
      expect((await send(bad(new File([new Uint8Array(9 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' })))).status).toBe(413)
      // A valid photo with a bad field: the field is refused before the photo is decoded or kept.
      const form = bad(new File([new Uint8Array(await solidImage(50, 50))], 'ok.png', { type: 'image/png' }))
      form.set('kind', 'nonsense')
      expect((await send(form)).status).toBe(422)
      expect(await rows()).toEqual([])
      expect(reportFiles(category.id)).toEqual([])
    })
  })

  describe('for managers', () => {
    async function withReports(count: number) {
      const world = await trail()
      for (let i = 0; i < count; i++) {
        await testDb.db
          .insertInto('visitor_reports')
          .values({ category_id: world.category.id, place_id: world.place, walk_id: world.walk.id, kind: 'path_blocked', message: `Report ${i}`, locale: 'en', created_at: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString() })
          .execute()
      }
      return world
    }

    it('lists the category’s reports to members, newest first, 25 a page, with place, plaque, route and the open count', async () => {
      const { owner, category, code } = await withReports(30)
      expect((await report({ kind: 'plaque_damaged', qr_code: code, message: '<script>alert(1)</script>' })).status).toBe(202)
      const first = await t.call('GET', `/place-categories/${category.id}/reports?locale=fr`, { token: owner.token })
      expect(first.status).toBe(200)
      expect(first.json.meta).toEqual({ page: 1, per_page: 25, total: 31, open: 31 })
      expect(first.json.data).toHaveLength(25)
      expect(first.json.data[0]).toMatchObject({ kind: 'plaque_damaged', message: '<script>alert(1)</script>', status: 'open', place: { name: 'Cathedral' }, qr_code: { code }, route: null, photo: null })
      expect(first.json.data[1]).toMatchObject({ message: 'Report 29', route: { name: 'Vieille ville' }, qr_code: null })
      const second = await t.call('GET', `/place-categories/${category.id}/reports?page=2`, { token: owner.token })
      expect(second.json.data.map((r: { message: string }) => r.message)).toEqual(['Report 5', 'Report 4', 'Report 3', 'Report 2', 'Report 1', 'Report 0'])
      expect((await t.call('GET', `/place-categories/${category.id}/reports?status=resolved`, { token: owner.token })).json).toEqual({ data: [], meta: { page: 1, per_page: 25, total: 0, open: 31 } })
      expect((await t.call('GET', `/place-categories/${category.id}/reports?status=closed`, { token: owner.token })).status).toBe(422)
    })

    it('resolves and reopens a report; the open count follows', async () => {
      const { owner, category } = await withReports(2)
      const [a] = await rows()
      const resolved = await t.call('PUT', `/place-categories/${category.id}/reports/${a.id}`, { token: owner.token, body: { status: 'resolved' } })
      expect(resolved.status).toBe(200)
      expect(resolved.json.data).toMatchObject({ id: a.id, status: 'resolved' })
      expect(resolved.json.data.resolved_at).toMatch(/^\d{4}-\d\d-\d\dT/)
      expect((await rows())[0]).toMatchObject({ status: 'resolved', resolved_by: owner.user.id })
      const list = await t.call('GET', `/place-categories/${category.id}/reports?status=resolved`, { token: owner.token })
      expect([list.json.meta.total, list.json.meta.open]).toEqual([1, 1])
      const reopened = await t.call('PUT', `/place-categories/${category.id}/reports/${a.id}`, { token: owner.token, body: { status: 'open' } })
      expect(reopened.json.data).toMatchObject({ status: 'open', resolved_at: null })
      expect((await rows())[0]).toMatchObject({ status: 'open', resolved_at: null, resolved_by: null })
      expect((await t.callOffContract('PUT', `/place-categories/${category.id}/reports/${a.id}`, { token: owner.token, body: { status: 'done' } })).status).toBe(422)
    })

    it('keeps tenants apart: another category’s member gets 404 and changes nothing; anonymous 401', async () => {
      const { category } = await withReports(1)
      const [a] = await rows()
      const stranger = await trail()
      expect((await t.call('GET', `/place-categories/${category.id}/reports`, { token: stranger.owner.token })).status).toBe(404)
      expect((await t.call('PUT', `/place-categories/${category.id}/reports/${a.id}`, { token: stranger.owner.token, body: { status: 'resolved' } })).status).toBe(404)
      // Their own category in the path, this report's id: not theirs either.
      expect((await t.call('PUT', `/place-categories/${stranger.category.id}/reports/${a.id}`, { token: stranger.owner.token, body: { status: 'resolved' } })).status).toBe(404)
      expect((await rows())[0].status).toBe('open')
      expect((await t.call('GET', `/place-categories/${category.id}/reports`)).status).toBe(401)
      expect((await t.call('GET', `/place-categories/${stranger.category.id}/reports`, { token: stranger.owner.token })).json.data).toEqual([])
    })
  })
})
