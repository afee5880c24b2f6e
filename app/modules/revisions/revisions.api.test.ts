import { describe, expect, it } from 'vitest'
import { insertPlace, manager, storeRoute, upload } from '#app/modules/walks/walks.test-fixtures.ts'
import { solidImage } from '#app/platform/images/images.test-fixtures.ts'
import { storedBytes } from '#tests/setup/test-storage.ts'
import { addMember, createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'

// Revisions (ADR 111): every save that changed something is recorded with who and what changed;
// one revision reads with its difference to the one before; a restore brings every restorable
// field back as a new revision; tenancy holds; the purge keeps REVISIONS_DAYS and the last 50.

const DAY = 86_400_000

const line = {
  type: 'FeatureCollection' as const,
  features: [{ type: 'Feature' as const, properties: {}, geometry: { type: 'LineString' as const, coordinates: [[6.63, 46.52], [6.64, 46.53], [6.65, 46.52]] } }],
}

describe.each(testDialects)('revisions on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect)

  const list = (token: string, uuid: string) => t.call('GET', `/routes/${uuid}/revisions`, { token })
  const getRoute = async (token: string, uuid: string) => (await t.call('GET', `/routes/${uuid}/get-route`, { token })).json.data

  it('records each save with who and what changed, reads one as a word-by-word difference, and skips a save that changed nothing', async () => {
    const owner = await manager(t)
    const a = await insertPlace(testDb.db, owner.category.id, { name: 'Port' })
    const b = await insertPlace(testDb.db, owner.category.id, { name: 'Église' })
    const c = await insertPlace(testDb.db, owner.category.id, { name: 'Tour' })
    const route = await storeRoute(t, owner.token, owner.category.id)
    const put = (body: Record<string, unknown>) => t.call('PUT', '/routes/update', { token: owner.token, body: { uuid: route.uuid, ...body } })
    expect((await put({ locale: 'fr', description: 'Une promenade le long du lac', places: [{ id: a }, { id: b }] })).status).toBe(200)
    expect((await put({ locale: 'fr', description: 'Une belle promenade le long du Rhône', places: [{ id: b }, { id: a }, { id: c }], status: 'published' })).status).toBe(200)
    // The same state again: nothing recorded.
    expect((await put({ locale: 'fr', description: 'Une belle promenade le long du Rhône' })).status).toBe(200)

    const listed = await list(owner.token, route.uuid)
    expect(listed.status).toBe(200)
    expect(listed.json.meta).toEqual({ revisions_days: 365, kept_at_least: 50 })
    expect(listed.json.data.map((r) => r.changes)).toEqual([['texts.fr', 'stops', 'status'], ['texts.fr', 'stops'], ['created']])
    expect(listed.json.data[0].user).toEqual({ id: owner.user.id, name: owner.user.name })

    const newest = await t.call('GET', `/routes/${route.uuid}/revisions/${listed.json.data[0].id}`, { token: owner.token })
    expect(newest.status).toBe(200)
    expect(newest.json.data.previous_id).toBe(listed.json.data[1].id)
    const text = newest.json.data.diff.texts.find((x) => x.locale === 'fr' && x.field === 'description')!
    expect(text.parts).toEqual([
      { op: 'same', text: 'Une ' },
      { op: 'ins', text: 'belle ' },
      { op: 'same', text: 'promenade le long du ' },
      { op: 'del', text: 'lac' },
      { op: 'ins', text: 'Rhône' },
    ])
    expect(newest.json.data.diff.stops).toEqual([
      { id: b, name: 'Église', state: 'moved', from: 2, to: 1 },
      { id: a, name: 'Port', state: 'moved', from: 1, to: 2 },
      { id: c, name: 'Tour', state: 'added', from: null, to: 3 },
    ])
    expect(newest.json.data.diff.fields).toContainEqual({ field: 'status', before: 'draft', after: 'published' })
    const first = await t.call('GET', `/routes/${route.uuid}/revisions/${listed.json.data[2].id}`, { token: owner.token })
    expect(first.json.data.previous_id).toBeNull()
  })

  it('a restore brings back every restorable field as a new revision, and that one can be undone', async () => {
    const owner = await manager(t)
    const a = await insertPlace(testDb.db, owner.category.id, { name: 'Port' })
    const b = await insertPlace(testDb.db, owner.category.id, { name: 'Église' })
    const route = await storeRoute(t, owner.token, owner.category.id)
    const put = (body: Record<string, unknown>) => t.call('PUT', '/routes/update', { token: owner.token, body: { uuid: route.uuid, ...body } })
    const rich = await put({
      translations: {
        fr: { name: 'Tour du lac', subtitle: 'Par les quais', description: 'Au bord de l’eau', content_title: 'Histoire', content_text: 'Long texte', logo_title: 'Partenaires' },
        de: { name: 'Seerundgang', subtitle: 'Am Quai' },
      },
      places: [{ id: a }, { id: b }],
      features_collection: line,
      status: 'published',
      color: 'bg-violet',
      branding: { bg_color: '#112233', is_bg_transparent: true },
      isIndexed: false,
      isPathVisible: false,
      isSpacePlacesVisible: true,
      notice: { level: 'warning', texts: { fr: 'Quai fermé', de: 'Quai gesperrt' }, starts_on: '2026-06-01', ends_on: '2026-06-30' },
      accessibility: { step_free: true, surface: 'gravel', stairs_count: 4, shade: 'some', entrances: [{ place_id: a, notes: { fr: 'Rampe côté lac' } }] },
    })
    expect(rich.status, JSON.stringify(rich.json)).toBe(200)
    const before = await getRoute(owner.token, route.uuid)
    const richId = (await list(owner.token, route.uuid)).json.data[0].id

    // Everything overwritten.
    const other = await put({
      translations: { fr: { name: 'Autre', subtitle: null, description: 'Autre chose', content_title: null, content_text: null, logo_title: null }, it: { name: 'Giro' } },
      places: [{ id: b }],
      features_collection: null,
      status: 'draft',
      color: 'bg-red-100',
      branding: { bg_color: '#FFFFFF', is_bg_transparent: false },
      isIndexed: true,
      isPathVisible: true,
      isSpacePlacesVisible: false,
      notice: null,
      accessibility: { step_free: false, surface: null, stairs_count: null, shade: null },
    })
    expect(other.status, JSON.stringify(other.json)).toBe(200)

    const restored = await t.call('POST', `/routes/${route.uuid}/revisions/${richId}/restore`, { token: owner.token, headers: { 'Accept-Language': 'de' } })
    expect(restored.status, JSON.stringify(restored.json)).toBe(200)
    expect(restored.json.data).toMatchObject({ message: 'Wiederhergestellt.', skipped_stops: [] })
    const after = await getRoute(owner.token, route.uuid)
    const restorable = (r: typeof before) => ({
      // A language written after the revision keeps its name (a save never removes a language's name); its other texts are emptied.
      translations: { fr: r.translations.fr, de: r.translations.de },
      places: r.places,
      features_collection: r.features_collection,
      status: r.status,
      color: r.color,
      branding: r.branding,
      isIndexed: r.isIndexed,
      isPathVisible: r.isPathVisible,
      isSpacePlacesVisible: r.isSpacePlacesVisible,
      distance: r.distance,
      duration: r.duration,
      notice: r.notice && { ...r.notice, active: undefined },
      accessibility: r.accessibility,
    })
    expect(restorable(after)).toEqual(restorable(before))
    expect(after.translations.it).toMatchObject({ name: 'Giro', subtitle: null, description: null })

    const revisions = (await list(owner.token, route.uuid)).json.data
    expect(revisions[0]).toMatchObject({ id: restored.json.data.revision_id, restored_from: richId })
    // Restoring the same revision again changes nothing: said, nothing recorded.
    const again = await t.call('POST', `/routes/${route.uuid}/revisions/${richId}/restore`, { token: owner.token })
    expect(again.json.data).toMatchObject({ revision_id: null, message: 'Nothing to restore: it is already as in that version.' })
    // The overwrite itself can be brought back.
    const undo = await t.call('POST', `/routes/${route.uuid}/revisions/${revisions[1].id}/restore`, { token: owner.token })
    expect(undo.status).toBe(200)
    expect((await getRoute(owner.token, route.uuid)).translations.fr.name).toBe('Autre')
    // The activity log says each restore was one (beside the status it changed), not the edits it is made of.
    const actions = (await t.services.db.selectFrom('activity_log').select('action').where('category_id', '=', owner.category.id).orderBy('id').execute()).map((a) => a.action)
    const sinceFirstRestore = actions.slice(actions.indexOf('route.version_restored'))
    expect(sinceFirstRestore.filter((a) => a === 'route.version_restored')).toHaveLength(2)
    expect(sinceFirstRestore).not.toContain('route.edited')
    expect(sinceFirstRestore).not.toContain('landing.changed')
  })

  it('images come back with a restore: a replaced photo and a removed logo, the same files, in order; and forward again', async () => {
    const owner = await manager(t)
    const route = await storeRoute(t, owner.token, owner.category.id)
    const photo = async (side: number) => (await upload(t, 'POST', `/routes/${route.uuid}/photo`, { token: owner.token, bytes: await solidImage(side, side) })).json.data.photo!
    const logo = async (side: number) => (await upload(t, 'POST', `/routes/${route.uuid}/logos`, { token: owner.token, bytes: await solidImage(side, side) })).json.data.logos
    const first = await photo(40)
    await logo(10)
    const logos = await logo(12)
    const withFirst = (await list(owner.token, route.uuid)).json.data[0]
    expect(withFirst.changes).toEqual(['images'])
    const firstBytes = await storedBytes(t.services.storage, first)

    const second = await photo(60)
    expect((await t.call('DELETE', `/routes/${route.uuid}/logos/${logos[0].id}`, { token: owner.token })).status).toBe(200)
    const detail = await t.call('GET', `/routes/${route.uuid}/revisions/${(await list(owner.token, route.uuid)).json.data[1].id}`, { token: owner.token })
    expect(detail.json.data.diff.fields).toContainEqual({ field: 'images.photo', before: first, after: second })

    const restored = await t.call('POST', `/routes/${route.uuid}/revisions/${withFirst.id}/restore`, { token: owner.token, headers: { 'Accept-Language': 'fr' } })
    expect(restored.status, JSON.stringify(restored.json)).toBe(200)
    expect(restored.json.data).toMatchObject({ message: 'Restauré.', missing_images: 0 })
    const back = await getRoute(owner.token, route.uuid)
    expect(back.photo).toBe(first)
    expect(back.logos.map((l: { url: string }) => l.url)).toEqual(logos.map((l) => l.url))
    expect(await storedBytes(t.services.storage, first)).toEqual(firstBytes)
    // The photo it replaced is kept in turn: the restore itself can be undone.
    expect(await storedBytes(t.services.storage, second)).not.toBeNull()
    const [, beforeRestore] = (await list(owner.token, route.uuid)).json.data
    expect((await t.call('POST', `/routes/${route.uuid}/revisions/${beforeRestore.id}/restore`, { token: owner.token })).status).toBe(200)
    const forward = await getRoute(owner.token, route.uuid)
    expect(forward.photo).toBe(second)
    expect(forward.logos.map((l: { url: string }) => l.url)).toEqual([logos[1].url])
    // What is in use is not kept as replaced; what was replaced is.
    const retired = (await testDb.db.selectFrom('retired_images').select('file_key').execute()).map((r) => r.file_key)
    expect(retired.some((key) => second.endsWith(`/${key}`))).toBe(false)
    expect(retired.some((key) => first.endsWith(`/${key}`))).toBe(true)
  })

  it('the purge deletes a kept image file once no kept revision shows it; a restore of a revision showing a purged file says so', async () => {
    const owner = await manager(t)
    const route = await storeRoute(t, owner.token, owner.category.id)
    const { id: walkId } = await testDb.db.selectFrom('walks').select('id').where('uuid', '=', route.uuid).executeTakeFirstOrThrow()
    const photo = async (side: number) => (await upload(t, 'POST', `/routes/${route.uuid}/photo`, { token: owner.token, bytes: await solidImage(side, side) })).json.data.photo!
    const old = await photo(40)
    const withOld = (await list(owner.token, route.uuid)).json.data[0].id
    const current = await photo(60)
    // Nothing old enough: the file stays.
    await t.services.revisions.purgeExpired()
    expect(await storedBytes(t.services.storage, old)).not.toBeNull()
    // 50 newer saves, and every revision older than REVISIONS_DAYS: the ones showing the old photo go, and its file.
    for (let i = 0; i < 50; i++) await t.call('PUT', '/routes/update', { token: owner.token, body: { uuid: route.uuid, locale: 'en', subtitle: `Version ${i}` } })
    const oldRevision = (await testDb.db.selectFrom('revisions').select('snapshot').where('id', '=', withOld).executeTakeFirstOrThrow()).snapshot
    expect(await t.services.revisions.purgeExpired(new Date(Date.now() + 366 * DAY))).toBeGreaterThan(0)
    expect(await storedBytes(t.services.storage, old)).toBeNull()
    expect(await storedBytes(t.services.storage, current)).not.toBeNull()
    expect(await testDb.db.selectFrom('retired_images').select('file_key').where('walk_id', '=', walkId).execute()).toEqual([])

    // A revision showing a file purged meanwhile (put back here as it was): the rest is restored, the image stays and is named.
    await testDb.db.insertInto('revisions').values({ category_id: owner.category.id, kind: 'route', item_id: walkId, user_id: owner.user.id, created_at: new Date().toISOString(), changes: '["images"]', restored_from: null, snapshot: oldRevision }).execute()
    const revived = (await list(owner.token, route.uuid)).json.data[0].id
    const restored = await t.call('POST', `/routes/${route.uuid}/revisions/${revived}/restore`, { token: owner.token })
    expect(restored.status, JSON.stringify(restored.json)).toBe(200)
    expect(restored.json.data.missing_images).toBe(1)
    expect(restored.json.data.message).toBe('Restored. Images whose files were deleted for good meanwhile stay as they are now.')
    expect((await getRoute(owner.token, route.uuid)).photo).toBe(current)
  })

  it('saves of one route at once: each is a revision, in the order they were saved, the newest the route as it is', async () => {
    const owner = await manager(t)
    const route = await storeRoute(t, owner.token, owner.category.id)
    const saves = await Promise.all(
      ['Un', 'Deux', 'Trois', 'Quatre'].map((subtitle) => t.call('PUT', '/routes/update', { token: owner.token, body: { uuid: route.uuid, locale: 'fr', subtitle } })),
    )
    expect(saves.map((s) => s.status)).toEqual([200, 200, 200, 200])
    const revisions = (await list(owner.token, route.uuid)).json.data
    expect(revisions).toHaveLength(5)
    const again = await t.call('POST', `/routes/${route.uuid}/revisions/${revisions[0].id}/restore`, { token: owner.token })
    expect(again.json.data.revision_id).toBeNull()
  })

  it('a stop deleted meanwhile is left out of a restore and named', async () => {
    const owner = await manager(t)
    const a = await insertPlace(testDb.db, owner.category.id, { name: 'Port' })
    const b = await insertPlace(testDb.db, owner.category.id, { name: 'Église' })
    const route = await storeRoute(t, owner.token, owner.category.id)
    await t.call('PUT', '/routes/update', { token: owner.token, body: { uuid: route.uuid, places: [{ id: a }, { id: b }] } })
    const withBoth = (await list(owner.token, route.uuid)).json.data[0].id
    await t.call('PUT', '/routes/update', { token: owner.token, body: { uuid: route.uuid, places: [{ id: a }] } })
    expect((await t.callOffContract('DELETE', `/places/${b}`, { token: owner.token })).status).toBe(200)
    const restored = await t.call('POST', `/routes/${route.uuid}/revisions/${withBoth}/restore`, { token: owner.token })
    expect(restored.status, JSON.stringify(restored.json)).toBe(200)
    expect(restored.json.data.skipped_stops).toEqual(['Église'])
    expect((await getRoute(owner.token, route.uuid)).places.map((p: { id: number }) => p.id)).toEqual([a])
  })

  it('a route older than revisions keeps the state it had before its first recorded save', async () => {
    const owner = await manager(t)
    const route = await storeRoute(t, owner.token, owner.category.id)
    await testDb.db.deleteFrom('revisions').execute()
    await t.call('PUT', '/routes/update', { token: owner.token, body: { uuid: route.uuid, locale: 'en', subtitle: 'New' } })
    const revisions = (await list(owner.token, route.uuid)).json.data
    expect(revisions.map((r) => [r.changes, r.user])).toEqual([
      [['texts.en'], { id: owner.user.id, name: owner.user.name }],
      [['baseline'], null],
    ])
  })

  it('places: a rename and a move are recorded, and restored', async () => {
    const owner = await manager(t)
    const created = await t.call('POST', '/places', { token: owner.token, body: { name: 'Fontaine', lat: 46.5, lng: 6.6, place_category_id: owner.category.id } })
    expect(created.status, JSON.stringify(created.json)).toBe(201)
    const id = created.json.data.id
    expect((await t.call('PUT', `/places/${id}`, { token: owner.token, body: { name: 'Grande fontaine', lat: 46.51, lng: 6.61 } })).status).toBe(200)
    const revisions = await t.call('GET', `/places/${id}/revisions`, { token: owner.token })
    expect(revisions.json.data.map((r) => r.changes)).toEqual([['name', 'position'], ['created']])
    const detail = await t.call('GET', `/places/${id}/revisions/${revisions.json.data[0].id}`, { token: owner.token })
    expect(detail.json.data.diff.fields).toEqual([
      { field: 'name', before: 'Fontaine', after: 'Grande fontaine' },
      { field: 'position', before: '46.500000, 6.600000', after: '46.510000, 6.610000' },
    ])
    const restored = await t.call('POST', `/places/${id}/revisions/${revisions.json.data[1].id}/restore`, { token: owner.token })
    expect(restored.status).toBe(200)
    expect((await t.call('GET', `/places/${id}`, { token: owner.token })).json.data).toMatchObject({ name: 'Fontaine', lat: 46.5, lng: 6.6 })
    const actions = await t.services.db.selectFrom('activity_log').select('action').where('item_id', '=', id).where('kind', '=', 'place').orderBy('id').execute()
    expect(actions.map((a) => a.action)).toEqual(['place.added', 'place.moved', 'place.edited', 'place.version_restored'])
  })

  it('tenancy: another tenant’s route, place and revisions answer 404; an editor of the category may restore; a revision of another item is 404', async () => {
    const owner = await manager(t)
    const stranger = await manager(t)
    const route = await storeRoute(t, owner.token, owner.category.id)
    const otherRoute = await storeRoute(t, owner.token, owner.category.id)
    const [revision] = (await list(owner.token, route.uuid)).json.data
    const place = await t.call('POST', '/places', { token: owner.token, body: { name: 'Banc', place_category_id: owner.category.id } })
    const placeId = place.json.data.id
    for (const path of [`/routes/${route.uuid}/revisions`, `/routes/${route.uuid}/revisions/${revision.id}`, `/places/${placeId}/revisions`] as const) {
      const res = await t.callOffContract('GET', path, { token: stranger.token })
      expect(res.status, path).toBe(404)
    }
    expect((await t.callOffContract('POST', `/routes/${route.uuid}/revisions/${revision.id}/restore`, { token: stranger.token })).status).toBe(404)
    expect((await t.callOffContract('GET', `/routes/${route.uuid}/revisions`)).status).toBe(401)
    // A revision id of another route of the same category: 404, not that route's state.
    expect((await t.callOffContract('GET', `/routes/${otherRoute.uuid}/revisions/${revision.id}`, { token: owner.token })).status).toBe(404)
    expect((await t.callOffContract('GET', `/routes/${route.uuid}/revisions/abc`, { token: owner.token, headers: { 'Accept-Language': 'fr' } })).status).toBe(404)

    const { user: editorUser, token: editor } = await createUser(t.services)
    await addMember(t.services, owner.category.id, editorUser, 'editor')
    expect((await t.call('POST', `/routes/${route.uuid}/revisions/${revision.id}/restore`, { token: editor })).status).toBe(200)
  })

  it('the purge deletes revisions older than REVISIONS_DAYS but keeps each item’s newest 50', async () => {
    const owner = await manager(t)
    const route = await storeRoute(t, owner.token, owner.category.id)
    for (let i = 0; i < 54; i++) await t.call('PUT', '/routes/update', { token: owner.token, body: { uuid: route.uuid, locale: 'en', subtitle: `Version ${i}` } })
    const few = await storeRoute(t, owner.token, owner.category.id, { name: 'Few' })
    expect((await list(owner.token, route.uuid)).json.data).toHaveLength(55)
    // Within REVISIONS_DAYS nothing goes.
    expect(await t.services.revisions.purgeExpired(new Date(Date.now() + 364 * DAY))).toBe(0)
    expect(await t.services.revisions.purgeExpired(new Date(Date.now() + 366 * DAY))).toBe(5)
    const kept = (await list(owner.token, route.uuid)).json.data
    expect(kept).toHaveLength(50)
    expect(kept.at(-1)!.changes).toEqual(['texts.en'])
    expect((await list(owner.token, few.uuid)).json.data).toHaveLength(1)
  })

  it('a route or place deleted for good (the trash’s purge) takes its revisions with it, whatever their age', async () => {
    const owner = await manager(t)
    const route = await storeRoute(t, owner.token, owner.category.id)
    const kept = await storeRoute(t, owner.token, owner.category.id, { name: 'Kept' })
    const place = await t.call('POST', '/places', { token: owner.token, body: { name: 'Banc', place_category_id: owner.category.id } })
    const count = async () => Number((await testDb.db.selectFrom('revisions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
    const before = await count()
    await testDb.db.deleteFrom('walks').where('uuid', '=', route.uuid).execute()
    await testDb.db.deleteFrom('places').where('id', '=', place.json.data.id).execute()
    expect(await t.services.revisions.purgeExpired()).toBe(2)
    expect(await count()).toBe(before - 2)
    expect((await list(owner.token, kept.uuid)).json.data).toHaveLength(1)
  })

  it('restores are limited per user (RATE_LIMIT_RESTORES): 429 with Retry-After, in the caller’s language, nothing saved', async () => {
    t.services.config.RATE_LIMIT_RESTORES = { limit: 1, windowMs: 60_000 }
    const owner = await manager(t)
    const route = await storeRoute(t, owner.token, owner.category.id)
    await t.call('PUT', '/routes/update', { token: owner.token, body: { uuid: route.uuid, locale: 'fr', subtitle: 'Un' } })
    const [, first] = (await list(owner.token, route.uuid)).json.data
    expect((await t.call('POST', `/routes/${route.uuid}/revisions/${first.id}/restore`, { token: owner.token })).status).toBe(200)
    await t.call('PUT', '/routes/update', { token: owner.token, body: { uuid: route.uuid, locale: 'fr', subtitle: 'Deux' } })
    const count = (await list(owner.token, route.uuid)).json.data.length
    const refused = await t.callOffContract('POST', `/routes/${route.uuid}/revisions/${first.id}/restore`, { token: owner.token, headers: { 'Accept-Language': 'de' } })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(refused.json).toMatchObject({ message: 'Zu viele Versuche. Bitte versuchen Sie es später erneut.' })
    expect((await list(owner.token, route.uuid)).json.data).toHaveLength(count)
  })

  it('REVISIONS_ENABLED=off records nothing', async () => {
    t.services.config.REVISIONS_ENABLED = false
    const owner = await manager(t)
    const route = await storeRoute(t, owner.token, owner.category.id)
    await t.call('PUT', '/routes/update', { token: owner.token, body: { uuid: route.uuid, locale: 'en', subtitle: 'x' } })
    expect((await list(owner.token, route.uuid)).json.data).toEqual([])
  })
})
