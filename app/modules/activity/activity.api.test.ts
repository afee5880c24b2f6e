import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { solidImage } from '#app/platform/images/images.test-fixtures.ts'
import { insertPlace, manager, storeRoute } from '#app/modules/walks/walks.test-fixtures.ts'
import { addMember, createUser } from '#tests/setup/factories.ts'
import { purgeProductData } from '#app/services.server.ts'
import { ActivityService } from './activity.service.server.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { whileRevisionsRefused } from '#tests/setup/refused-writes.ts'
import { storedNames } from '#tests/setup/test-storage.ts'

// The activity log (ADR 115): each action of a manager is an entry, written in the action's own
// transaction; owners and editors read their category's log, filtered and paged, as JSON or CSV,
// in their language and the trails' time zone; another tenant gets 404; old entries are purged.

const DAY = 86_400_000

describe.each(testDialects)('the activity log on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect, { TIME_ZONE: 'Europe/Zurich' })

  /** An owner's category with an editor in it. */
  async function team() {
    const owner = await manager(t)
    const editor = await createUser(t.services, { name: 'Eddie Editor' })
    await addMember(t.services, owner.category.id, editor.user, 'editor')
    return { owner, editor, categoryId: owner.category.id }
  }

  const log = (token: string, categoryId: number, query = '', headers: Record<string, string> = {}) =>
    t.call('GET', `/place-categories/${categoryId}/activity${query}` as `/place-categories/${number}/activity`, { token, headers })

  it('records who created, edited, published and trashed a route, and who restored it; newest first, in the caller’s language', async () => {
    const { owner, editor, categoryId } = await team()
    const a = await insertPlace(testDb.db, categoryId, { name: 'Port' })
    const route = await storeRoute(t, owner.token, categoryId, { name: 'Tour du lac' })
    const saved = await t.call('PUT', '/routes/update', { token: editor.token, body: { uuid: route.uuid, status: 'published', places: [{ id: a }], subtitle: 'Par les quais', locale: 'fr' } })
    expect(saved.status, JSON.stringify(saved.json)).toBe(200)
    // Saving what is already there (a published route published again) is no new entry of its status.
    expect((await t.call('PUT', '/routes/update', { token: editor.token, body: { uuid: route.uuid, status: 'published' } })).status).toBe(200)
    const deleted = await t.call('DELETE', '/routes/delete', { token: editor.token, body: { uuid: route.uuid } })
    expect(deleted.status).toBe(200)
    expect((await t.call('POST', `/trash/${deleted.json.data.trash_id}/restore`, { token: owner.token })).status).toBe(200)

    const res = await log(owner.token, categoryId)
    expect(res.status, JSON.stringify(res.json)).toBe(200)
    const lines = res.json.data.map((e) => [e.member?.name, e.action, e.label])
    expect(lines).toEqual([
      [owner.user.name, 'route.restored', 'Tour du lac'],
      [editor.user.name, 'route.trashed', 'Tour du lac'],
      [editor.user.name, 'landing.changed', 'Tour du lac'],
      [editor.user.name, 'route.edited', 'Tour du lac'],
      [editor.user.name, 'route.published', 'Tour du lac'],
      [owner.user.name, 'route.created', 'Tour du lac'],
    ])
    expect(res.json.meta).toMatchObject({ page: 1, per_page: 50, total: 6, activity_days: 365 })
    expect(res.json.meta.members.map((m) => m.name).sort()).toEqual([editor.user.name, owner.user.name].sort())
    expect(res.json.data[0].summary).toBe('Restored the route “Tour du lac” from the trash')
    // The editor reads the same log (it is their shared work); in French when they ask for it.
    const french = await log(editor.token, categoryId, '', { 'Accept-Language': 'fr' })
    expect(french.status).toBe(200)
    expect(french.json.data.at(-1)!.summary).toBe('A créé le parcours « Tour du lac »')
    expect(french.json.data[1].summary).toBe('A mis le parcours « Tour du lac » à la corbeille')
  })

  it('filters by member, kind and period (days of the trails’ time zone), 50 a page', async () => {
    const { owner, editor, categoryId } = await team()
    const route = await storeRoute(t, owner.token, categoryId, { name: 'Vieille ville' })
    await t.call('PUT', '/routes/update', { token: editor.token, body: { uuid: route.uuid, status: 'published' } })
    const place = await t.call('POST', '/places', { token: editor.token, body: { place_category_id: categoryId, name: 'Fontaine', lat: 46.5, lng: 6.6 } })
    expect(place.status, JSON.stringify(place.json)).toBe(201)

    const byEditor = await log(owner.token, categoryId, `?member=${editor.user.id}`)
    expect(byEditor.json.data.map((e) => e.action)).toEqual(['place.added', 'route.published'])
    const places = await log(owner.token, categoryId, '?kind=place')
    expect(places.json.data.map((e) => [e.action, e.label])).toEqual([['place.added', 'Fontaine']])
    expect((await log(owner.token, categoryId, `?member=${owner.user.id}&kind=place`)).json.data).toEqual([])

    // Entries at the edges of a Zurich day (UTC+1 in January): 23:30 UTC the day before is already the 10th there.
    const rows = [
      { at: '2026-01-09T22:59:59.000Z', label: 'before' },
      { at: '2026-01-09T23:00:00.000Z', label: 'first minute' },
      { at: '2026-01-10T22:59:59.000Z', label: 'last minute' },
      { at: '2026-01-10T23:00:00.000Z', label: 'after' },
    ]
    for (const row of rows) {
      await testDb.db
        .insertInto('activity_log')
        .values({ category_id: categoryId, user_id: owner.user.id, kind: 'route', action: 'route.edited', item_id: null, label: row.label, details: '{}', created_at: row.at })
        .execute()
    }
    const day = await log(owner.token, categoryId, '?from=2026-01-10&to=2026-01-10')
    expect(day.json.data.map((e) => e.label)).toEqual(['last minute', 'first minute'])
    expect((await log(owner.token, categoryId, '?to=2026-01-09')).json.data.map((e) => e.label)).toEqual(['before'])

    // Pages of 50, newest first, none twice.
    const many = Array.from({ length: 55 }, (_, i) => ({
      category_id: categoryId,
      user_id: editor.user.id,
      kind: 'place',
      action: 'place.edited',
      item_id: null,
      label: `Place ${i}`,
      details: '{}',
      created_at: new Date(Date.UTC(2025, 5, 1) + i * 60_000).toISOString(),
    }))
    await testDb.db.insertInto('activity_log').values(many).execute()
    const first = await log(owner.token, categoryId, `?member=${editor.user.id}&kind=place&page=1`)
    const second = await log(owner.token, categoryId, `?member=${editor.user.id}&kind=place&page=2`)
    expect(first.json.meta.total).toBe(56)
    expect(first.json.data).toHaveLength(50)
    expect(second.json.data).toHaveLength(6)
    expect(new Set([...first.json.data, ...second.json.data].map((e) => e.id)).size).toBe(56)
    expect(second.json.data.at(-1)!.label).toBe('Place 0')
  })

  it('records places, plaques, members, imports, branding and visitor reports', async () => {
    const { owner, editor, categoryId } = await team()
    const s = t.services
    const created = await s.places.create(editor.user, { place_category_id: categoryId, name: 'Gare', lat: 46.5, lng: 6.6 })
    await s.places.update(editor.user, created.id, { lat: 46.51, lng: 6.61 })
    await s.places.update(editor.user, created.id, { name: 'Gare CFF' })
    const [qr, second] = await s.qrCodes.createBatch(owner.user, { place_category_id: categoryId, count: 2 })
    await s.qrCodes.addLocation(editor.user, qr.code, { place_id: created.id })
    await s.qrCodes.addLocation(editor.user, qr.code, { name: 'Quai', lat: 46.52, lng: 6.62, create_anyway: true })
    await s.qrCodes.detachPlace(editor.user, qr.code)
    await s.qrCodes.detachPlace(editor.user, second.code)
    await s.categories.invite(owner.user, categoryId, { email: 'new@example.org', role: 'editor' }, 'en')
    await s.categories.changeRole(owner.user, categoryId, editor.user.id, 'owner')
    const route = await storeRoute(t, owner.token, categoryId, { name: 'Quais' })
    expect((await t.call('PUT', '/routes/update', { token: owner.token, body: { uuid: route.uuid, branding: { bg_color: '#112233' } } })).status).toBe(200)
    const report = await s.db
      .insertInto('visitor_reports')
      .values({ category_id: categoryId, place_id: created.id, kind: 'path_blocked', message: 'Private: call me at +41 79 000 00 00', locale: 'en', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()
    await s.reports.setStatus(owner.user, categoryId, report.id, 'resolved', 'en')
    await s.imports.run(owner.user, categoryId, { bytes: new TextEncoder().encode('name,lat,lng\nMusée,46.6,6.7\nChâteau,46.61,6.71\n'), fileName: 'places.csv', options: {}, dryRun: false, locale: 'en' })
    await s.categories.removeMember(owner.user, categoryId, editor.user.id)

    const res = await log(owner.token, categoryId)
    const summaries = res.json.data.map((e) => e.summary).reverse()
    expect(summaries).toEqual([
      'Added the place “Gare”',
      'Moved the place “Gare” on the map',
      'Edited the place “Gare CFF”',
      `Activated the plaque ${qr.code}`,
      `Linked the plaque ${qr.code} to a place`,
      `Unlinked the plaque ${qr.code} from its place`,
      'Invited new@example.org as editor',
      `Made ${editor.user.name} owner`,
      'Created the route “Quais”',
      'Changed the branding of the route “Quais”',
      `Resolved the visitor report #${report.id} (path blocked)`,
      'Imported “places.csv”: 2 new places, 0 new routes',
      `Removed ${editor.user.name} from the category`,
    ])
    expect(res.json.data.find((e) => e.action === 'import.committed')!.details).toEqual({ places: 2, routes: 0 })
    // No visitor data: what a visitor wrote is nowhere in the log.
    const stored = await testDb.db.selectFrom('activity_log').selectAll().where('category_id', '=', categoryId).execute()
    expect(JSON.stringify(stored)).not.toContain('+41 79')
    // A preview (dry run) commits nothing and records nothing.
    await s.imports.run(owner.user, categoryId, { bytes: new TextEncoder().encode('name,lat,lng\nTour,46.7,6.8\n'), fileName: 'preview.csv', options: {}, dryRun: true, locale: 'en' })
    expect((await log(owner.token, categoryId, '?kind=import')).json.meta.total).toBe(1)
  })

  it('records a route’s images: the photo and content image as landing changes, the logos as branding', async () => {
    const { owner, categoryId } = await team()
    const route = await storeRoute(t, owner.token, categoryId, { name: 'Images' })
    const png = await solidImage(40, 30)
    const upload = async (path: string) => {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'image.png')
      const res = await t.api.request(path, { method: 'POST', body: form, headers: { Authorization: `Bearer ${owner.token}` } })
      expect(res.status, await res.text()).toBeLessThan(300)
    }
    await upload(`/routes/${route.uuid}/photo`)
    await upload(`/routes/${route.uuid}/logos`)
    expect((await t.api.request(`/routes/${route.uuid}/remove-photo`, { method: 'DELETE', headers: { Authorization: `Bearer ${owner.token}` } })).status).toBe(200)
    // Removing what is not there changes nothing, and says nothing.
    expect((await t.api.request(`/routes/${route.uuid}/remove-content-image`, { method: 'DELETE', headers: { Authorization: `Bearer ${owner.token}` } })).status).toBe(200)
    const res = await log(owner.token, categoryId)
    expect(res.json.data.map((e) => e.action)).toEqual(['landing.changed', 'branding.changed', 'landing.changed', 'route.created'])
    expect(res.json.data.every((e) => e.label === 'Images')).toBe(true)
  })

  it('an action that rolls back leaves no entry, even one already written in its transaction', async () => {
    const { editor, categoryId } = await team()
    const place = await t.services.places.create(editor.user, { place_category_id: categoryId, name: 'Pont', lat: 46.5, lng: 6.6 })
    // A move and a rename in one save write two entries; the second fails, so the whole save rolls back.
    if (testDb.dialect === 'postgres') {
      await sql`create function refuse_edit() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(testDb.db)
      await sql`create trigger refuse_edit before insert on activity_log for each row when (new.action = 'place.edited') execute function refuse_edit()`.execute(testDb.db)
    } else {
      await sql`create trigger refuse_edit before insert on activity_log when new.action = 'place.edited' begin select raise(abort, 'refused'); end`.execute(testDb.db)
    }
    try {
      await expect(t.services.places.update(editor.user, place.id, { lat: 46.7, lng: 6.8, name: 'Pont neuf' })).rejects.toThrow(/refused/)
    } finally {
      await sql`drop trigger refuse_edit${sql.raw(testDb.dialect === 'postgres' ? ' on activity_log' : '')}`.execute(testDb.db)
      if (testDb.dialect === 'postgres') await sql`drop function refuse_edit()`.execute(testDb.db)
    }
    const row = await testDb.db.selectFrom('places').select(['name', 'lat', 'lng']).where('id', '=', place.id).executeTakeFirstOrThrow()
    expect(row).toEqual({ name: 'Pont', lat: 46.5, lng: 6.6 })
    const actions = await testDb.db.selectFrom('activity_log').select('action').where('category_id', '=', categoryId).execute()
    expect(actions.map((a) => a.action)).toEqual(['place.added'])
    // A refused action (validation) writes nothing either.
    const refused = await t.call('PUT', '/routes/update', { token: editor.token, body: { uuid: (await storeRoute(t, editor.token, categoryId)).uuid, status: 'published', places: [{ id: 999_999 }] } })
    expect(refused.status).toBe(422)
    expect((await testDb.db.selectFrom('activity_log').select('action').where('category_id', '=', categoryId).execute()).map((a) => a.action)).toEqual(['place.added', 'route.created'])
  })

  it('a revision that cannot be written rolls back the route creation and the place save, their activity entries too', async () => {
    const { editor, categoryId } = await team()
    const place = await t.services.places.create(editor.user, { place_category_id: categoryId, name: 'Pont', lat: 46.5, lng: 6.6 })
    await whileRevisionsRefused(testDb, async () => {
      await expect(t.services.places.update(editor.user, place.id, { lat: 46.7, lng: 6.8, name: 'Pont neuf' })).rejects.toThrow(/refused/)
      await expect(t.services.walks.store(editor.user, { place_category_id: categoryId, name: 'Refused' }, null)).rejects.toThrow(/refused/)
    })
    const row = await testDb.db.selectFrom('places').select(['name', 'lat', 'lng']).where('id', '=', place.id).executeTakeFirstOrThrow()
    expect(row).toEqual({ name: 'Pont', lat: 46.5, lng: 6.6 })
    expect(await testDb.db.selectFrom('walks').select('id').where('category_id', '=', categoryId).execute()).toEqual([])
    const actions = await testDb.db.selectFrom('activity_log').select('action').where('category_id', '=', categoryId).execute()
    expect(actions.map((a) => a.action)).toEqual(['place.added'])
  })

  it('a revision that cannot be written rolls back the route image endpoints: image, logo, kept file and entry as before, the new file removed', async () => {
    const { editor, categoryId } = await team()
    const route = await storeRoute(t, editor.token, categoryId)
    const walks = t.services.walks
    const photo = (await walks.setImage(editor.user, route.uuid, 'photo', async () => solidImage(20, 20), null)).photo!
    const [logo] = (await walks.addLogo(editor.user, route.uuid, async () => solidImage(10, 10), null)).logos
    const state = async () => ({
      walk: await testDb.db.selectFrom('walks').select(['photo_path', 'content_image_path', 'logo_pro_path']).where('uuid', '=', route.uuid).executeTakeFirstOrThrow(),
      logos: await testDb.db.selectFrom('walk_logos').innerJoin('walks', 'walks.id', 'walk_logos.walk_id').select(['walk_logos.path', 'walk_logos.sort_id']).where('walks.uuid', '=', route.uuid).execute(),
      retired: await testDb.db.selectFrom('retired_images').innerJoin('walks', 'walks.id', 'retired_images.walk_id').select('file_key').where('walks.uuid', '=', route.uuid).execute(),
      actions: (await testDb.db.selectFrom('activity_log').select('action').where('category_id', '=', categoryId).execute()).map((a) => a.action),
      files: await storedNames(t.services.storage, `routes/${route.uuid}`),
    })
    const before = await state()
    await whileRevisionsRefused(testDb, async () => {
      await expect(walks.setImage(editor.user, route.uuid, 'photo', async () => solidImage(30, 30), null)).rejects.toThrow(/refused/)
      await expect(walks.removeImage(editor.user, route.uuid, 'photo', null)).rejects.toThrow(/refused/)
      await expect(walks.addLogo(editor.user, route.uuid, async () => solidImage(12, 12), null)).rejects.toThrow(/refused/)
      await expect(walks.removeLogo(editor.user, route.uuid, logo.id, null)).rejects.toThrow(/refused/)
      // The order the logos already have changes nothing: no revision to refuse, nothing written.
      await walks.reorderLogos(editor.user, route.uuid, { ids: [logo.id] }, null)
    })
    expect(await state()).toEqual(before)
    expect(before.walk.photo_path && photo.endsWith(`/${before.walk.photo_path}`)).toBe(true)
  })

  it('CSV: every matching entry, local time, sentences in the caller’s language, formulas defused', async () => {
    const { owner, editor, categoryId } = await team()
    await storeRoute(t, editor.token, categoryId, { name: '=HYPERLINK("http://evil.example","x")' })
    await storeRoute(t, owner.token, categoryId, { name: 'Lakeside' })
    await testDb.db
      .insertInto('activity_log')
      .values({ category_id: categoryId, user_id: editor.user.id, kind: 'route', action: 'route.edited', item_id: null, label: 'Winter', details: '{}', created_at: '2026-01-15T08:30:00.000Z' })
      .execute()
    const res = await t.api.request(`/place-categories/${categoryId}/activity/export?member=${editor.user.id}&locale=de`, { headers: { Authorization: `Bearer ${owner.token}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="activity-${categoryId}.csv"`)
    const text = await res.text()
    const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(lines[0]).toBe('Zeit (UTC),Ortszeit,Mitglied,Art,Aktion,Element,Zusammenfassung')
    expect(lines).toHaveLength(3)
    expect(text).not.toContain('Lakeside')
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",`)
    expect(lines[1]).not.toMatch(/,"?=/)
    // 08:30 UTC is 09:30 in Zurich in January.
    expect(lines[2]).toMatch(/^2026-01-15T08:30:00.000Z,"?15\.01\.2026,? 09:30"?,Eddie Editor,route,route.edited,Winter,Hat die Route „Winter“ bearbeitet$/)
  })

  it('another tenant gets 404, anonymous 401, bad filters 422 in the caller’s language', async () => {
    const { owner, categoryId } = await team()
    const outsider = await manager(t)
    expect((await log(outsider.token, categoryId)).status).toBe(404)
    expect((await log(outsider.token, categoryId)).json).toEqual({ message: 'Not found.' })
    const csv = await t.api.request(`/place-categories/${categoryId}/activity/export`, { headers: { Authorization: `Bearer ${outsider.token}` } })
    expect(csv.status).toBe(404)
    expect((await t.api.request(`/place-categories/${categoryId}/activity`)).status).toBe(401)
    expect((await log(owner.token, 2_000_000_000)).status).toBe(404)

    const badKind = await log(owner.token, categoryId, '?kind=visitor', { 'Accept-Language': 'de' })
    expect(badKind.status).toBe(422)
    expect(Object.keys(badKind.json.errors)).toEqual(['kind'])
    expect(badKind.json.message).not.toMatch(/^validation\./)
    const english = await log(owner.token, categoryId, '?kind=visitor')
    expect(badKind.json.message).not.toBe(english.json.message)
    const period = await log(owner.token, categoryId, '?from=2026-02-10&to=2026-02-01', { 'Accept-Language': 'fr' })
    expect([period.status, period.json.errors]).toEqual([422, { to: ['Le dernier jour précède le premier.'] }])
    for (const query of ['?from=2026-02-30', '?member=0', '?member=abc', '?page=0', '?to=2026-1-1']) {
      const res = await log(owner.token, categoryId, query)
      expect(res.status, query).toBe(422)
    }
  })

  it('the purge deletes entries older than ACTIVITY_DAYS, and only those', async () => {
    const { owner, categoryId } = await team()
    const api = t.services
    const now = new Date()
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY).toISOString()
    await testDb.db.deleteFrom('activity_log').execute()
    const entry = (label: string, created_at: string) => ({ category_id: categoryId, user_id: owner.user.id, kind: 'route', action: 'route.edited', item_id: null, label, details: '{}', created_at })
    await testDb.db
      .insertInto('activity_log')
      .values([entry('old', at(366)), entry('just kept', at(364)), entry('today', at(0))])
      .execute()
    // The housekeeping schedule's call (server/app.ts) purges it with the trash.
    expect(await purgeProductData(api, now)).toMatchObject({ trash: 0, activity: 1 })
    expect((await testDb.db.selectFrom('activity_log').select('label').orderBy('created_at').execute()).map((r) => r.label)).toEqual(['just kept', 'today'])
    // A shorter setting keeps less.
    const short = new ActivityService({ db: testDb.db, config: { ACTIVITY_DAYS: 30, TIME_ZONE: 'UTC' }, access: api.categories.access })
    expect(await short.purgeExpired(now)).toBe(1)
    expect((await testDb.db.selectFrom('activity_log').select('label').execute()).map((r) => r.label)).toEqual(['today'])
  })
})
