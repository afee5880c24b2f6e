import { describe, expect, it } from 'vitest'
import { solidImage } from '#app/platform/images/images.test-fixtures.ts'
import { insertPlace, manager, snapshot, storeRoute, upload } from '#app/modules/walks/walks.test-fixtures.ts'
import { addMember, createUser } from '#tests/setup/factories.ts'
import { storedNames } from '#tests/setup/test-storage.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'

// The trash (ADR 110): deletes are undone exactly, addresses taken meanwhile are said, the
// purge ends items and files after TRASH_DAYS, tenancy holds, and a restore racing a delete
// leaves one whole outcome.

const DAY = 86_400_000

describe.each(testDialects)('the trash on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect)

  async function publishedRoute(token: string, categoryId: number, places: number[], body: Record<string, unknown> = {}) {
    const route = await storeRoute(t, token, categoryId, body)
    const saved = await t.call('PUT', '/routes/update', {
      token,
      body: { uuid: route.uuid, status: 'published', subtitle: 'Par les quais', places: places.map((id) => ({ id })), locale: 'fr' },
    })
    expect(saved.status, JSON.stringify(saved.json)).toBe(200)
    return saved.json.data
  }

  const publicRoute = (category: string, slug: string) => t.services.walks.publicRoute({ category, slug }, { locale: null })

  it('a route comes back exactly: texts, stops, QR codes and statistics; its address works again', async () => {
    const owner = await manager(t)
    const a = await insertPlace(testDb.db, owner.category.id, { name: 'Port' })
    const b = await insertPlace(testDb.db, owner.category.id, { name: 'Église' })
    const route = await publishedRoute(owner.token, owner.category.id, [b, a])
    const walkId = (await snapshot(testDb.db, route.uuid))!.walk.id
    await testDb.db
      .insertInto('stat_days')
      .values({ category_id: owner.category.id, walk_id: walkId, place_id: 0, day: '2026-01-02', views: 7, total_time: 70, sessions: 3, likes: 1, contributions: 0, place_visits: 0 })
      .execute()
    const before = await snapshot(testDb.db, route.uuid)
    expect(await publicRoute(owner.category.slug, route.slug)).not.toBeNull()

    const deleted = await t.call('DELETE', '/routes/delete', { token: owner.token, body: { uuid: route.uuid } })
    expect(deleted.status).toBe(200)
    expect(deleted.json.data.trash_id).toEqual(expect.any(Number))
    // Gone for visitors and for the editor's reads alike.
    expect(await publicRoute(owner.category.slug, route.slug)).toBeNull()
    expect((await t.callOffContract('GET', `/routes/${route.uuid}`, { token: owner.token })).status).toBe(404)
    const listed = await t.call('GET', `/place-categories/${owner.category.id}/fetch-routes`, { token: owner.token })
    expect(listed.json.data.map((r: { uuid: string }) => r.uuid)).not.toContain(route.uuid)

    const trash = await t.call('GET', '/trash', { token: owner.token })
    expect(trash.status).toBe(200)
    expect(trash.json.meta.trash_days).toBe(30)
    const [entry] = trash.json.data
    expect(entry).toMatchObject({ id: deleted.json.data.trash_id, kind: 'route', label: 'Tour du lac', place_category_id: owner.category.id, deleted_by: owner.user.name })
    expect(Date.parse(entry.purge_at) - Date.parse(entry.deleted_at)).toBe(30 * DAY)

    const restored = await t.call('POST', `/trash/${entry.id}/restore`, { token: owner.token })
    expect(restored.status, JSON.stringify(restored.json)).toBe(200)
    expect(restored.json.data).toMatchObject({ kind: 'route', new_slug: null, message: 'Restored.' })
    const after = await snapshot(testDb.db, route.uuid)
    expect({ ...after, walk: { ...after!.walk } }).toEqual({ ...before, walk: { ...before!.walk } })
    expect(await publicRoute(owner.category.slug, route.slug)).toMatchObject({ uuid: route.uuid, subtitle: 'Par les quais' })
    expect(await testDb.db.selectFrom('stat_days').select('views').where('walk_id', '=', walkId).execute()).toEqual([{ views: 7 }])
    expect((await t.call('GET', '/trash', { token: owner.token })).json.data).toEqual([])
  })

  it('an address taken meanwhile: the restore gives the route the first free one and says so; its other old addresses lead to it', async () => {
    const owner = await manager(t)
    const first = await storeRoute(t, owner.token, owner.category.id, { url: 'vieille-ville' })
    expect((await t.call('PUT', '/routes/update', { token: owner.token, body: { uuid: first.uuid, slug: 'old-town', status: 'published' } })).status).toBe(200)
    const deleted = await t.call('DELETE', '/routes/delete', { token: owner.token, body: { uuid: first.uuid } })
    // While in the trash its address is free: another route takes it.
    const second = await storeRoute(t, owner.token, owner.category.id, { url: 'old-town' })
    expect(second.slug).toBe('old-town')

    const restored = await t.call('POST', `/trash/${deleted.json.data.trash_id}/restore`, { token: owner.token, headers: { 'Accept-Language': 'fr' } })
    expect(restored.status).toBe(200)
    expect(restored.json.data.new_slug).toBe('old-town-2')
    expect(restored.json.data.message).toContain('«\u202fold-town-2\u202f»')
    const routes = t.services.addresses
    expect((await routes.findRoute({ category: owner.category.slug, slug: 'old-town' }))?.uuid).toBe(second.uuid)
    expect((await routes.findRoute({ category: owner.category.slug, slug: 'old-town-2' }))?.uuid).toBe(first.uuid)
    expect((await routes.findRoute({ category: owner.category.slug, slug: 'vieille-ville' }))?.uuid).toBe(first.uuid)
  })

  it('the purge after TRASH_DAYS deletes the rows and the files; before, it keeps them', async () => {
    const owner = await manager(t)
    const route = await storeRoute(t, owner.token, owner.category.id)
    expect((await upload(t, 'POST', `/routes/${route.uuid}/photo`, { token: owner.token, bytes: await solidImage(30, 20) })).status).toBe(200)
    expect((await upload(t, 'POST', `/routes/${route.uuid}/logos`, { token: owner.token, bytes: await solidImage(30, 20) })).status).toBe(200)
    expect(await storedNames(t.services.storage, `routes/${route.uuid}`)).toHaveLength(2)
    const place = await insertPlace(testDb.db, owner.category.id)
    expect((await t.call('DELETE', '/routes/delete', { token: owner.token, body: { uuid: route.uuid } })).status).toBe(200)
    expect((await t.call('DELETE', `/places/${place}`, { token: owner.token })).status).toBe(200)

    await t.services.trash.purgeExpired(new Date(Date.now() + 29 * DAY))
    expect(await storedNames(t.services.storage, `routes/${route.uuid}`)).toHaveLength(2)
    expect((await t.call('GET', '/trash', { token: owner.token })).json.data).toHaveLength(2)
    // Other tests' entries of this database may go in the same run.
    expect(await t.services.trash.purgeExpired(new Date(Date.now() + 30 * DAY + 60_000))).toBeGreaterThanOrEqual(2)
    expect(await storedNames(t.services.storage, `routes/${route.uuid}`)).toEqual([])
    expect(await testDb.db.selectFrom('walks').select('id').where('uuid', '=', route.uuid).execute()).toEqual([])
    expect(await testDb.db.selectFrom('places').select('id').where('id', '=', place).execute()).toEqual([])
    expect((await t.call('GET', '/trash', { token: owner.token })).json.data).toEqual([])
  })

  it('a place leaves its routes’ stops and lists while in the trash, and comes back in its place', async () => {
    const owner = await manager(t)
    const a = await insertPlace(testDb.db, owner.category.id, { name: 'Port' })
    const b = await insertPlace(testDb.db, owner.category.id, { name: 'Église' })
    const route = await publishedRoute(owner.token, owner.category.id, [a, b])
    const deleted = await t.call('DELETE', `/places/${a}`, { token: owner.token })
    expect(deleted.status).toBe(200)
    const places = await t.call('GET', `/place-categories/${owner.category.id}/fetch-places`, { token: owner.token })
    expect(places.json.data.map((p: { id: number }) => p.id)).toEqual([b])
    expect((await publicRoute(owner.category.slug, route.slug))!.places.map((p: { id: number }) => p.id)).toEqual([b])
    expect((await t.call('POST', `/trash/${deleted.json.data.trash_id}/restore`, { token: owner.token })).status).toBe(200)
    expect((await publicRoute(owner.category.slug, route.slug))!.places.map((p: { id: number }) => p.id)).toEqual([a, b])
  })

  it('a QR code in the trash resolves as unknown and keeps its code; restored, it resolves again', async () => {
    const owner = await manager(t)
    const created = await t.call('POST', '/qr-codes', { token: owner.token, body: { place_category_id: owner.category.id, code: `TR${owner.category.id}X` } })
    expect(created.status).toBe(201)
    const code = created.json.data.code
    const deleted = await t.call('DELETE', `/qr-codes/${code}`, { token: owner.token })
    expect(deleted.status).toBe(200)
    expect(await t.services.qrCodes.resolve(code)).toBeUndefined()
    expect((await t.call('POST', '/qr-codes', { token: owner.token, body: { place_category_id: owner.category.id, code } })).status).toBe(422)
    expect((await t.call('POST', `/trash/${deleted.json.data.trash_id}/restore`, { token: owner.token })).status).toBe(200)
    expect(await t.services.qrCodes.resolve(code)).toMatchObject({ code })
  })

  it('a category goes with what it holds and its subcategories; its members reach it only through the trash; restored whole', async () => {
    const owner = await manager(t)
    const sub = await t.call('POST', '/place-categories', { token: owner.token, body: { name: 'Sub', slug: `sub-${owner.category.id}`, parent_id: owner.category.id } })
    const route = await publishedRoute(owner.token, owner.category.id, [await insertPlace(testDb.db, owner.category.id)])
    const deleted = await t.call('DELETE', `/place-categories/${owner.category.id}`, { token: owner.token })
    expect(deleted.status).toBe(200)
    expect((await t.call('GET', `/place-categories/${owner.category.id}`, { token: owner.token })).status).toBe(404)
    expect((await t.call('GET', `/place-categories/${sub.json.data.id}`, { token: owner.token })).status).toBe(404)
    expect((await t.call('GET', '/place-categories', { token: owner.token })).json.data).toEqual([])
    expect(await publicRoute(owner.category.slug, route.slug)).toBeNull()
    expect(await t.services.walks.publicRouteByUuid(route.uuid, { locale: null })).toBeNull()
    // Its route cannot come back alone.
    const trash = await t.call('GET', `/trash?place_category_id=${owner.category.id}`, { token: owner.token })
    expect(trash.json.data.map((e: { kind: string }) => e.kind)).toEqual(['category'])

    expect((await t.call('POST', `/trash/${deleted.json.data.trash_id}/restore`, { token: owner.token })).status).toBe(200)
    expect((await t.call('GET', `/place-categories/${sub.json.data.id}`, { token: owner.token })).status).toBe(200)
    expect(await publicRoute(owner.category.slug, route.slug)).toMatchObject({ uuid: route.uuid })
  })

  it('a route whose category is in the trash waits for its category (409)', async () => {
    const owner = await manager(t)
    const route = await storeRoute(t, owner.token, owner.category.id)
    const routeEntry = (await t.call('DELETE', '/routes/delete', { token: owner.token, body: { uuid: route.uuid } })).json.data.trash_id
    expect((await t.call('DELETE', `/place-categories/${owner.category.id}`, { token: owner.token })).status).toBe(200)
    const refused = await t.call('POST', `/trash/${routeEntry}/restore`, { token: owner.token })
    expect(refused.status).toBe(409)
    expect(refused.json.message).toBe('Its category is in the trash: restore the category first.')
  })

  it('tenancy: another tenant’s entries are 404 and unlisted; editors restore content, only owners restore categories and empty the trash', async () => {
    const owner = await manager(t)
    const { user: editorUser, token: editor } = await createUser(t.services)
    await addMember(t.services, owner.category.id, editorUser, 'editor')
    const other = await manager(t)
    const route = await storeRoute(t, owner.token, owner.category.id)
    const entry = (await t.call('DELETE', '/routes/delete', { token: editor, body: { uuid: route.uuid } })).json.data.trash_id

    expect((await t.call('GET', '/trash', { token: other.token })).json.data).toEqual([])
    expect((await t.call('GET', `/trash?place_category_id=${owner.category.id}`, { token: other.token })).status).toBe(404)
    expect((await t.call('POST', `/trash/${entry}/restore`, { token: other.token })).status).toBe(404)
    expect((await t.call('DELETE', `/trash/${entry}`, { token: other.token })).status).toBe(404)
    expect((await t.call('DELETE', `/place-categories/${owner.category.id}/trash`, { token: other.token })).status).toBe(404)
    expect((await t.call('DELETE', `/place-categories/${owner.category.id}/trash`, { token: editor })).status).toBe(403)
    expect((await t.call('GET', '/trash', { token: editor })).json.data[0]).toMatchObject({ id: entry, deleted_by: editorUser.name })
    expect((await t.call('POST', `/trash/${entry}/restore`, { token: editor })).status).toBe(200)

    const sub = await t.call('POST', '/place-categories', { token: owner.token, body: { name: 'Sub', slug: `sub-t-${owner.category.id}`, parent_id: owner.category.id } })
    await addMember(t.services, sub.json.data.id, editorUser, 'editor')
    const subEntry = (await t.call('DELETE', `/place-categories/${sub.json.data.id}`, { token: owner.token })).json.data.trash_id
    expect((await t.call('POST', `/trash/${subEntry}/restore`, { token: editor })).status).toBe(403)
    expect((await t.call('DELETE', '/routes/delete', { token: owner.token, body: { uuid: route.uuid } })).status).toBe(200)
    const emptied = await t.call('DELETE', `/place-categories/${owner.category.id}/trash`, { token: owner.token })
    expect(emptied.json.data.count).toBe(1)
    expect(await testDb.db.selectFrom('walks').select('id').where('uuid', '=', route.uuid).execute()).toEqual([])
    expect((await t.call('GET', '/trash', { token: owner.token })).json.data.map((e: { kind: string }) => e.kind)).toEqual(['category'])
  })

  it('a restore and a delete for good of one entry at once: one wins, the other is 404, nothing is half done', async () => {
    const owner = await manager(t)
    for (let round = 0; round < 8; round++) {
      const route = await storeRoute(t, owner.token, owner.category.id)
      const entry = (await t.call('DELETE', '/routes/delete', { token: owner.token, body: { uuid: route.uuid } })).json.data.trash_id
      const [restore, destroy] = await Promise.all([
        t.call('POST', `/trash/${entry}/restore`, { token: owner.token }),
        t.call('DELETE', `/trash/${entry}`, { token: owner.token }),
      ])
      expect([restore.status, destroy.status].sort(), JSON.stringify([restore.json, destroy.json])).toEqual([200, 404])
      const row = await testDb.db.selectFrom('walks').select(['deleted_at']).where('uuid', '=', route.uuid).executeTakeFirst()
      const addresses = await testDb.db.selectFrom('walk_addresses').innerJoin('walks', 'walks.id', 'walk_addresses.walk_id').select('walk_addresses.slug').where('walks.uuid', '=', route.uuid).execute()
      if (restore.status === 200) {
        expect(row).toEqual({ deleted_at: null })
        expect(addresses.map((a) => a.slug)).toEqual([route.slug])
      } else {
        expect(row).toBeUndefined()
      }
      expect(await testDb.db.selectFrom('trash_items').select('id').where('id', '=', entry).execute()).toEqual([])
    }
  })
})
