import { describe, expect, it } from 'vitest'
import { solidImage } from '#app/platform/images/images.test-fixtures.ts'
import { useTestApi, type TestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { addMember, createUser } from '#tests/setup/factories.ts'
import { manager, snapshot, storeRoute, upload } from './walks.test-fixtures.ts'

// Every manager endpoint of the routes module: a guest gets 401, a member of another category
// 404 (exactly like a missing route) and nothing changes; an editor of the category may act.

interface Scene {
  categoryId: number
  route: StoredRoute
  nearby: StoredRoute
  logoId: number
}
type StoredRoute = Awaited<ReturnType<typeof storeRoute>>
type Request = (t: TestApi, token: string | undefined, s: Scene) => Promise<{ status: number; json: unknown }>
type ImagePath = `/routes/${string}/${'photo' | 'content-image' | 'logo-pro' | 'logos'}`

const json =
  (method: string, path: (s: Scene) => string, body?: (s: Scene) => object): Request =>
  (t, token, s) =>
    t.callOffContract(method, path(s), { token, body: body?.(s) })
const file =
  (path: (s: Scene) => ImagePath): Request =>
  async (t, token, s) =>
    upload(t, 'POST', path(s), { token, bytes: await solidImage(8, 8) })

const endpoints: [string, Request, number][] = [
  ['POST /routes/store', json('POST', () => '/routes/store', (s) => ({ name: 'New', place_category_id: s.categoryId })), 201],
  ['PUT /routes/update', json('PUT', () => '/routes/update', (s) => ({ uuid: s.route.uuid, name: 'Renamed' })), 200],
  ['DELETE /routes/delete', json('DELETE', () => '/routes/delete', (s) => ({ uuid: s.route.uuid })), 200],
  ['POST /routes/assign-nearby-route', json('POST', () => '/routes/assign-nearby-route', (s) => ({ currentRouteUuid: s.nearby.uuid, nearbyRouteUuid: s.route.uuid, sortId: 1 })), 200],
  ['DELETE /routes/detach-nearby-route', json('DELETE', () => '/routes/detach-nearby-route', (s) => ({ currentRouteUuid: s.route.uuid, nearbyRouteUuid: s.nearby.uuid })), 200],
  ['GET /routes/{uuid}/get-route', json('GET', (s) => `/routes/${s.route.uuid}/get-route`), 200],
  ['GET /place-categories/{id}/fetch-routes', json('GET', (s) => `/place-categories/${s.categoryId}/fetch-routes`), 200],
  ['GET /route-qr-codes/{id}', json('GET', (s) => `/route-qr-codes/${s.route.route_qr_code!.id}`), 200],
  ['POST /routes/{uuid}/photo', file((s) => `/routes/${s.route.uuid}/photo`), 200],
  ['POST /routes/{uuid}/content-image', file((s) => `/routes/${s.route.uuid}/content-image`), 200],
  ['POST /routes/{uuid}/logo-pro', file((s) => `/routes/${s.route.uuid}/logo-pro`), 200],
  ['POST /routes/{uuid}/logos', file((s) => `/routes/${s.route.uuid}/logos`), 200],
  ['DELETE /routes/{uuid}/logos/{logoId}', json('DELETE', (s) => `/routes/${s.route.uuid}/logos/${s.logoId}`), 200],
  ['DELETE /routes/{uuid}/remove-photo', json('DELETE', (s) => `/routes/${s.route.uuid}/remove-photo`), 200],
  ['DELETE /routes/{uuid}/remove-content-image', json('DELETE', (s) => `/routes/${s.route.uuid}/remove-content-image`), 200],
  ['DELETE /routes/{uuid}/remove-logo-pro', json('DELETE', (s) => `/routes/${s.route.uuid}/remove-logo-pro`), 200],
]

describe.each(testDialects)('routes tenancy on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect)

  async function scene() {
    const owner = await manager(t)
    const route = await storeRoute(t, owner.token, owner.category.id, { name: 'Main' })
    const nearby = await storeRoute(t, owner.token, owner.category.id, { name: 'Nearby' })
    await t.call('POST', '/routes/assign-nearby-route', { token: owner.token, body: { currentRouteUuid: route.uuid, nearbyRouteUuid: nearby.uuid, sortId: 1 } })
    await upload(t, 'POST', `/routes/${route.uuid}/photo`, { token: owner.token, bytes: await solidImage(8, 8) })
    const logo = await upload(t, 'POST', `/routes/${route.uuid}/logos`, { token: owner.token, bytes: await solidImage(8, 8) })
    const editor = await createUser(t.services)
    await addMember(t.services, owner.category.id, editor.user, 'editor')
    const stranger = await manager(t)
    const s: Scene = { categoryId: owner.category.id, route, nearby, logoId: logo.json.data.logos[0].id }
    return { s, owner, editor, stranger }
  }
  const state = async (s: Scene) => ({
    route: await snapshot(testDb.db, s.route.uuid),
    nearby: await snapshot(testDb.db, s.nearby.uuid),
    walks: (await testDb.db.selectFrom('walks').select('uuid').where('category_id', '=', s.categoryId).execute()).length,
  })

  it.each(endpoints)('%s: 401 for a guest, 404 for another tenant, nothing changed; an editor may', async (_name, request, success) => {
    const { s, editor, stranger } = await scene()
    const before = await state(s)

    const guest = await request(t, undefined, s)
    expect(guest).toMatchObject({ status: 401, json: { message: 'Unauthenticated.' } })
    const foreign = await request(t, stranger.token, s)
    expect(foreign).toMatchObject({ status: 404, json: { message: 'Not found.' } })
    expect(await state(s)).toEqual(before)

    const allowed = await request(t, editor.token, s)
    expect(allowed.status).toBe(success)
  })
})
