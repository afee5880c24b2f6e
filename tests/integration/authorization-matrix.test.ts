import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closedPort } from '#app/modules/ai/ai.test-fixtures.ts'
import { addMember, createUser } from '../setup/factories.ts'
import { createTestApi } from '../setup/test-app.ts'
import { silentMp3 } from '../fixtures/audio.ts'
import { createTestDb, testDialects, type TestDb, type TestDialect } from '../setup/test-db.ts'

// Every manager endpoint, walked as anonymous (401), as a member of another category (404, and
// nothing changes), as an editor and as an owner. The list must cover every endpoint of the
// OpenAPI document that is not public or user-scoped: a new endpoint fails this test until added.

type World = Awaited<ReturnType<typeof buildWorld>>
type Call = {
  method: string
  path: (w: World) => string
  body?: (w: World) => unknown
  upload?: boolean
  /** The file an upload sends instead of a PNG (the import takes data files). */
  file?: { text: string | Uint8Array<ArrayBuffer>; type: string; name: string }
  ownerOnly?: boolean
  /** The answer once access is granted, when it is not a 2xx (e.g. 503: AI text drafting unconfigured here). */
  granted?: number
}

const publicOrUserScoped = new Set([
  'POST /auth/register', 'POST /auth/login', 'POST /auth/logout', 'POST /auth/reset-password', 'POST /auth/change-password',
  'POST /auth/get-temp-token', 'POST /auth/exchange-temp-token', 'GET /auth/user', 'PUT /auth/user',
  'POST /auth/user/avatar', 'DELETE /auth/user/avatar', 'POST /events', 'POST /invitations/{token}/accept',
  'GET /place-categories', 'POST /place-categories', 'POST /routes/slug', 'GET /ai/status', 'GET /routes/{ref}/gpx',
  'GET /qr-codes/{code}/image.svg', 'GET /qr-codes/{code}/image.png', 'GET /route-qr-codes/{id}/image.svg', 'GET /route-qr-codes/{id}/image.png',
  'GET /health', 'GET /ready', 'GET /dashboard', 'POST /directions', 'GET /geocode',
  // Open data and route files: public by design (published content only; drafts for members, as the GPX).
  'GET /public/categories/{slug}', 'GET /public/categories/{slug}/geojson', 'POST /public/reports', 'GET /routes/{ref}/geojson', 'GET /routes/{ref}/kml',
  // A route's share picture (og:image): published routes to anyone, drafts to members (share-image.api.test.ts).
  'GET /routes/{uuid}/share-image.png',
  // The signed-in user's own setting (the monthly report by e-mail).
  'GET /monthly-report/subscription', 'PUT /monthly-report/subscription',
])

const calls: Record<string, Call> = {
  'GET /place-categories/{id}': { method: 'GET', path: (w) => `/place-categories/${w.category}` },
  'PUT /place-categories/{id}': { method: 'PUT', path: (w) => `/place-categories/${w.category}`, body: () => ({ name: 'Renamed' }), ownerOnly: true },
  'DELETE /place-categories/{id}': { method: 'DELETE', path: (w) => `/place-categories/${w.category}`, ownerOnly: true },
  'GET /place-categories/{id}/fetch-places': { method: 'GET', path: (w) => `/place-categories/${w.category}/fetch-places` },
  'GET /place-categories/{id}/fetch-qr-codes': { method: 'GET', path: (w) => `/place-categories/${w.category}/fetch-qr-codes` },
  'GET /place-categories/{id}/fetch-routes': { method: 'GET', path: (w) => `/place-categories/${w.category}/fetch-routes` },
  'GET /place-categories/{id}/fetch-statistic': { method: 'GET', path: (w) => `/place-categories/${w.category}/fetch-statistic?year=total` },
  'GET /place-categories/{id}/statistics/breakdown': { method: 'GET', path: (w) => `/place-categories/${w.category}/statistics/breakdown?year=total` },
  'GET /place-categories/{id}/heatmap': { method: 'GET', path: (w) => `/place-categories/${w.category}/heatmap` },
  'POST /ai/draft-route': { method: 'POST', path: () => '/ai/draft-route', body: (w) => ({ place_category_id: w.category, start_place_id: w.place, target_minutes: 30 }) },
  'POST /ai/create-route': {
    method: 'POST',
    path: () => '/ai/create-route',
    body: (w) => ({ place_category_id: w.category, name: 'Drafted', place_ids: [w.place], distance: 0, duration: 0 }),
  },
  'POST /ai/draft-texts': { method: 'POST', path: () => '/ai/draft-texts', body: (w) => ({ route_uuid: w.route }), granted: 503 },
  'POST /ai/translate-texts': { method: 'POST', path: () => '/ai/translate-texts', body: (w) => ({ route_uuid: w.route, locale: 'it' }), granted: 503 },
  'GET /place-categories/{id}/members': { method: 'GET', path: (w) => `/place-categories/${w.category}/members` },
  'PUT /place-categories/{id}/members/{userId}': { method: 'PUT', path: (w) => `/place-categories/${w.category}/members/${w.colleague}`, body: () => ({ role: 'owner' }), ownerOnly: true },
  'DELETE /place-categories/{id}/members/{userId}': { method: 'DELETE', path: (w) => `/place-categories/${w.category}/members/${w.colleague}`, ownerOnly: true },
  'GET /place-categories/{id}/invitations': { method: 'GET', path: (w) => `/place-categories/${w.category}/invitations`, ownerOnly: true },
  'POST /place-categories/{id}/invitations': { method: 'POST', path: (w) => `/place-categories/${w.category}/invitations`, body: () => ({ email: 'new@example.org' }), ownerOnly: true },
  'DELETE /place-categories/{id}/invitations/{invitationId}': { method: 'DELETE', path: (w) => `/place-categories/${w.category}/invitations/${w.invitation}`, ownerOnly: true },
  'POST /places': { method: 'POST', path: () => '/places', body: (w) => ({ place_category_id: w.category, name: 'New place', lat: 46.51, lng: 6.61 }) },
  'GET /places/nearby': { method: 'GET', path: (w) => `/places/nearby?place_category_id=${w.category}&lat=46.5&lng=6.6` },
  'GET /places/{id}': { method: 'GET', path: (w) => `/places/${w.place}` },
  'PUT /places/{id}': { method: 'PUT', path: (w) => `/places/${w.place}`, body: () => ({ name: 'Renamed place' }) },
  'GET /places/{id}/texts': { method: 'GET', path: (w) => `/places/${w.place}/texts` },
  'PUT /places/{id}/texts': { method: 'PUT', path: (w) => `/places/${w.place}/texts`, body: () => ({ texts: { it: { name: 'Duomo' } } }) },
  'DELETE /places/{id}': { method: 'DELETE', path: (w) => `/places/${w.place}` },
  'GET /places/{id}/users': { method: 'GET', path: (w) => `/places/${w.place}/users` },
  'DELETE /places/{id}/users/{userId}': { method: 'DELETE', path: (w) => `/places/${w.place}/users/${w.placeUser}` },
  'GET /places/{id}/invitations': { method: 'GET', path: (w) => `/places/${w.place}/invitations` },
  'POST /places/{id}/invitations': { method: 'POST', path: (w) => `/places/${w.place}/invitations`, body: () => ({ email: 'shop@example.org' }) },
  'DELETE /places/{id}/invitations/{invitationId}': { method: 'DELETE', path: (w) => `/places/${w.place}/invitations/${w.placeInvitation}` },
  'GET /places/{id}/secrets': { method: 'GET', path: (w) => `/places/${w.place}/secrets` },
  'POST /places/{id}/secrets': { method: 'POST', path: (w) => `/places/${w.place}/secrets`, body: () => ({ title: 'A tip', text: 'Look up.' }) },
  'GET /places/{id}/accessible-entrance': { method: 'GET', path: (w) => `/places/${w.place}/accessible-entrance` },
  'PUT /places/{id}/accessible-entrance': { method: 'PUT', path: (w) => `/places/${w.place}/accessible-entrance`, body: () => ({ accessible_entrance: { en: 'Side door' } }) },
  'DELETE /secrets/{id}': { method: 'DELETE', path: (w) => `/secrets/${w.secret}` },
  'POST /qr-codes': { method: 'POST', path: () => '/qr-codes', body: (w) => ({ place_category_id: w.category, name: 'One more' }) },
  'POST /qr-codes/batch': { method: 'POST', path: () => '/qr-codes/batch', body: (w) => ({ place_category_id: w.category, count: 2 }) },
  'GET /qr-codes/{code}': { method: 'GET', path: (w) => `/qr-codes/${w.code}` },
  'PUT /qr-codes/{code}': { method: 'PUT', path: (w) => `/qr-codes/${w.code}`, body: () => ({ name: 'Renamed plaque' }) },
  'DELETE /qr-codes/{code}': { method: 'DELETE', path: (w) => `/qr-codes/${w.code}` },
  'PUT /qr-codes/{code}/add-location': { method: 'PUT', path: (w) => `/qr-codes/${w.code}/add-location`, body: (w) => ({ place_id: w.place }) },
  'GET /qr-codes/{code}/detach-place': { method: 'GET', path: (w) => `/qr-codes/${w.code}/detach-place` },
  'POST /qr-codes/{code}/detach-place': { method: 'POST', path: (w) => `/qr-codes/${w.code}/detach-place` },
  'GET /route-qr-codes/{id}': { method: 'GET', path: (w) => `/route-qr-codes/${w.routeQrCode}` },
  'POST /routes/store': { method: 'POST', path: () => '/routes/store', body: (w) => ({ name: 'Another route', place_category_id: w.category }) },
  'PUT /routes/update': { method: 'PUT', path: () => '/routes/update', body: (w) => ({ uuid: w.route, name: 'Renamed route', places: [{ id: w.place }] }) },
  'DELETE /routes/delete': { method: 'DELETE', path: () => '/routes/delete', body: (w) => ({ uuid: w.route }) },
  'POST /routes/assign-nearby-route': { method: 'POST', path: () => '/routes/assign-nearby-route', body: (w) => ({ currentRouteUuid: w.route, nearbyRouteUuid: w.otherRoute, sortId: 1 }) },
  'DELETE /routes/detach-nearby-route': { method: 'DELETE', path: () => '/routes/detach-nearby-route', body: (w) => ({ currentRouteUuid: w.otherRoute, nearbyRouteUuid: w.route }) },
  'GET /routes/{uuid}/get-route': { method: 'GET', path: (w) => `/routes/${w.route}/get-route` },
  'POST /routes/{uuid}/photo': { method: 'POST', path: (w) => `/routes/${w.route}/photo`, upload: true },
  'POST /routes/{uuid}/content-image': { method: 'POST', path: (w) => `/routes/${w.route}/content-image`, upload: true },
  'POST /routes/{uuid}/logo-pro': { method: 'POST', path: (w) => `/routes/${w.route}/logo-pro`, upload: true },
  'POST /routes/{uuid}/logos': { method: 'POST', path: (w) => `/routes/${w.route}/logos`, upload: true },
  'DELETE /routes/{uuid}/logos/{logoId}': { method: 'DELETE', path: (w) => `/routes/${w.route}/logos/${w.logo}` },
  'PUT /routes/{uuid}/logos/order': { method: 'PUT', path: (w) => `/routes/${w.route}/logos/order`, body: (w) => ({ ids: [w.logo] }) },
  'DELETE /routes/{uuid}/remove-photo': { method: 'DELETE', path: (w) => `/routes/${w.route}/remove-photo` },
  'DELETE /routes/{uuid}/remove-content-image': { method: 'DELETE', path: (w) => `/routes/${w.route}/remove-content-image` },
  'DELETE /routes/{uuid}/remove-logo-pro': { method: 'DELETE', path: (w) => `/routes/${w.route}/remove-logo-pro` },
  'POST /place-categories/{id}/import': {
    method: 'POST',
    path: (w) => `/place-categories/${w.category}/import`,
    upload: true,
    file: { text: 'name,lat,lng\nImported place,46.6,6.7\n', type: 'text/csv', name: 'places.csv' },
  },
  'GET /places/{id}/recordings': { method: 'GET', path: (w) => `/places/${w.place}/recordings` },
  'PUT /places/{id}/recordings/{locale}': {
    method: 'PUT',
    path: (w) => `/places/${w.place}/recordings/fr`,
    upload: true,
    file: { text: new Uint8Array(silentMp3(1)), type: 'audio/mpeg', name: 'stop.mp3' },
  },
  'DELETE /places/{id}/recordings/{locale}': { method: 'DELETE', path: (w) => `/places/${w.place}/recordings/en` },
  'GET /place-categories/{id}/export': { method: 'GET', path: (w) => `/place-categories/${w.category}/export?format=geojson` },
  'GET /place-categories/{id}/reports': { method: 'GET', path: (w) => `/place-categories/${w.category}/reports` },
  'PUT /place-categories/{id}/reports/{reportId}': { method: 'PUT', path: (w) => `/place-categories/${w.category}/reports/${w.report}`, body: () => ({ status: 'resolved' }) },
  'GET /trash': { method: 'GET', path: (w) => `/trash?place_category_id=${w.category}` },
  'POST /trash/{id}/restore': { method: 'POST', path: (w) => `/trash/${w.trashEntry}/restore` },
  'DELETE /trash/{id}': { method: 'DELETE', path: (w) => `/trash/${w.trashEntry}` },
  'DELETE /place-categories/{id}/trash': { method: 'DELETE', path: (w) => `/place-categories/${w.category}/trash`, ownerOnly: true },
  'GET /place-categories/{id}/activity': { method: 'GET', path: (w) => `/place-categories/${w.category}/activity?kind=place` },
  'GET /place-categories/{id}/activity/export': { method: 'GET', path: (w) => `/place-categories/${w.category}/activity/export?member=${w.owner}`, granted: 200 },
  'GET /routes/{uuid}/revisions': { method: 'GET', path: (w) => `/routes/${w.route}/revisions` },
  'GET /routes/{uuid}/revisions/{revisionId}': { method: 'GET', path: (w) => `/routes/${w.route}/revisions/${w.routeRevision}` },
  'POST /routes/{uuid}/revisions/{revisionId}/restore': { method: 'POST', path: (w) => `/routes/${w.route}/revisions/${w.routeRevision}/restore` },
  'GET /places/{id}/revisions': { method: 'GET', path: (w) => `/places/${w.place}/revisions` },
  'GET /places/{id}/revisions/{revisionId}': { method: 'GET', path: (w) => `/places/${w.place}/revisions/${w.placeRevision}` },
  'POST /places/{id}/revisions/{revisionId}/restore': { method: 'POST', path: (w) => `/places/${w.place}/revisions/${w.placeRevision}/restore` },
}

let t: ReturnType<typeof createTestApi>
let testDb: TestDb | undefined
let people: Record<'owner' | 'editor' | 'colleague' | 'outsider' | 'placeUser', Awaited<ReturnType<typeof createUser>>>
let png: Buffer
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matrix-'))
let serial = 0

/** A category with one of everything, owned by `owner`, with `editor` and `colleague` as editors. */
async function buildWorld() {
  const s = t.services
  const { owner } = people
  const category = (await s.categories.create(owner.user, { name: 'Matrix', slug: `matrix-${++serial}-${Date.now()}` })).id
  await addMember(s, category, people.editor.user, 'editor')
  await addMember(s, category, people.colleague.user, 'editor')
  const place = (await s.places.create(owner.user, { place_category_id: category, name: 'Square', lat: 46.5, lng: 6.6 })).id
  await s.db.insertInto('place_users').values({ place_id: place, user_id: people.placeUser.user.id, created_at: new Date().toISOString() }).execute()
  const [qr] = await s.qrCodes.createBatch(owner.user, { place_category_id: category, count: 1 })
  const route = await s.walks.store(owner.user, { name: 'Old town', place_category_id: category }, 'en')
  const otherRoute = await s.walks.store(owner.user, { name: 'Lakeside', place_category_id: category }, 'en')
  await s.walks.assignNearby(owner.user, { currentRouteUuid: otherRoute.uuid, nearbyRouteUuid: route.uuid, sortId: 1 }, 'en')
  const walk = await s.db.selectFrom('walks').select('id').where('uuid', '=', route.uuid).executeTakeFirstOrThrow()
  const routeQrCode = (await s.db.selectFrom('walk_qr_codes').select('id').where('walk_id', '=', walk.id).executeTakeFirstOrThrow()).id
  const logo = (await s.db.insertInto('walk_logos').values({ walk_id: walk.id, path: `routes/${route.uuid}/logo-x.webp`, sort_id: 1 }).returning('id').executeTakeFirstOrThrow()).id
  const secret = (await s.places.createSecret(owner.user, place, { title: 'Tip', text: 'Text' })).id
  const invitation = (await s.categories.invite(owner.user, category, { email: 'invited@example.org', role: 'editor' }, 'en')).id
  const placeInvitation = (await s.places.invite(owner.user, place, 'shopkeeper@example.org', 'en')).id
  await s.recordings.upload(owner.user, place, 'en', async () => silentMp3(1))
  const report = (
    await s.db.insertInto('visitor_reports').values({ category_id: category, place_id: place, kind: 'path_blocked', locale: 'en', created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()
  ).id
  // A place in the category's trash (ADR 110).
  const trashEntry = await s.trash.trashPlace(owner.user, (await s.places.create(owner.user, { place_category_id: category, name: 'Gone', lat: 46.5, lng: 6.6 })).id)
  // The first revisions of the route and the place (ADR 111).
  const revisionOf = async (kind: 'route' | 'place', id: number) =>
    (await s.db.selectFrom('revisions').select('id').where('kind', '=', kind).where('item_id', '=', id).orderBy('id').executeTakeFirstOrThrow()).id
  const routeRevision = await revisionOf('route', walk.id)
  const placeRevision = await revisionOf('place', place)
  return { owner: owner.user.id, category, place, code: qr.code, report, trashEntry, routeRevision, placeRevision, route: route.uuid, otherRoute: otherRoute.uuid, routeQrCode, logo, secret, invitation, placeInvitation, colleague: people.colleague.user.id, placeUser: people.placeUser.user.id }
}

/** Everything a manager can change, as text: a refused call must leave it identical. */
async function snapshot(): Promise<string> {
  const tables = ['place_categories', 'category_members', 'places', 'place_translations', 'place_users', 'invitations', 'secrets', 'qr_codes', 'walks', 'walk_translations', 'walk_places', 'walk_nearby', 'walk_logos', 'visitor_reports', 'trash_items', 'place_recordings', 'activity_log', 'revisions', 'retired_images'] as const
  const rows = await Promise.all(tables.map((table) => testDb!.db.selectFrom(table).selectAll().execute()))
  const sortKey = (r: object) => JSON.stringify(r)
  return JSON.stringify(rows.map((list) => list.map(sortKey).sort()))
}

async function send(call: Call, world: World, token?: string) {
  const url = call.path(world)
  if (call.upload) {
    const form = new FormData()
    if (call.file) form.append('file', new Blob([call.file.text], { type: call.file.type }), call.file.name)
    else form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'image.png')
    const res = await t.api.request(url, { method: call.method, body: form, headers: token ? { Authorization: `Bearer ${token}` } : {} })
    return { status: res.status, json: await res.json().catch(() => undefined) }
  }
  return t.callOffContract(call.method, url, { token, body: call.body?.(world) })
}

function expectGranted(call: Call, res: { status: number; json: unknown }) {
  if (call.granted) expect(res.status).toBe(call.granted)
  else expect([res.status, res.json]).toEqual([expect.toSatisfy((s: number) => s >= 200 && s < 300), expect.anything()])
}

/**
 * A fresh database with the matrix's people (and the outsider's own category) in place of the one
 * before. Every test builds a world and its snapshot reads every row: on one database for the
 * whole file it read every world before it (30 → 120 ms a test on SQLite, 111 → 197 ms on
 * PostgreSQL); a database per group of endpoints keeps that to a few worlds, for ~50–200 ms a group.
 */
async function freshDatabase(dialect: TestDialect) {
  await testDb?.destroy()
  testDb = await createTestDb(dialect)
  // Every world sends the owner's invitations: the per-inviter mail limit is not what is tested here.
  t = createTestApi(testDb, { DATA_DIR: dataDir, RATE_LIMIT_INVITATIONS: '100000/3600' })
  people = {
    owner: await createUser(t.services, { name: 'Owner' }),
    editor: await createUser(t.services, { name: 'Editor' }),
    colleague: await createUser(t.services, { name: 'Colleague' }),
    outsider: await createUser(t.services, { name: 'Outsider' }),
    placeUser: await createUser(t.services, { name: 'Shopkeeper' }),
  }
  await t.services.categories.create(people.outsider.user, { name: 'Elsewhere', slug: `elsewhere-${Date.now()}` })
}

/** The endpoints in groups of eight, each group on a database of its own (see freshDatabase). */
const endpointGroups = Object.entries(calls).reduce<[string, Call][][]>((groups, entry, i) => {
  if (i % 8 === 0) groups.push([])
  groups.at(-1)!.push(entry)
  return groups
}, [])

describe.each(testDialects)('authorization matrix on %s', (dialect) => {
  beforeAll(async () => {
    await freshDatabase(dialect)
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#16a34a' } }).png().toBuffer()
  })
  afterAll(async () => {
    await testDb?.destroy()
    testDb = undefined
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('GET /dashboard (user-scoped) shows each caller only the categories they are a member of', async () => {
    const world = await buildWorld()
    const ids = async (token?: string) => {
      const res = await t.call('GET', '/dashboard', { token })
      if (!token) return res.status
      const flat = (nodes: { id: number; children: unknown }[]): number[] => nodes.flatMap((n) => [n.id, ...flat(n.children as never)])
      return flat(res.json.data.categories)
    }
    expect(await ids()).toBe(401)
    expect(await ids(people.outsider.token)).not.toContain(world.category)
    expect(await ids(people.editor.token)).toContain(world.category)
    expect(await ids(people.placeUser.token)).not.toContain(world.category)
  })

  it('POST /directions (user-scoped, no category) answers any signed-in user and 401 to anonymous callers', async () => {
    const body = { coordinates: [{ lat: 46.5, lng: 6.6 }, { lat: 46.51, lng: 6.61 }] }
    const anonymous = await t.call('POST', '/directions', { body })
    expect([anonymous.status, anonymous.json]).toEqual([401, { message: 'Unauthenticated.' }])
    for (const person of [people.outsider, people.editor, people.placeUser]) {
      const res = await t.call('POST', '/directions', { token: person.token, body })
      expect([res.status, res.json?.data?.provider]).toEqual([200, 'straight'])
    }
  })

  it('GET /geocode (user-scoped, managers only) answers 401 to anonymous callers and 403 to a user who manages no category', async () => {
    await buildWorld()
    // A closed port for the geocoder: a granted call fails there (502), no test asks the internet.
    const api = createTestApi(testDb!, { NOMINATIM_URL: `http://127.0.0.1:${await closedPort()}` })
    const anonymous = await api.call('GET', '/geocode?q=Vevey')
    expect([anonymous.status, anonymous.json]).toEqual([401, { message: 'Unauthenticated.' }])
    expect((await api.call('GET', '/geocode?q=Vevey', { token: people.placeUser.token })).status).toBe(403)
    for (const person of [people.outsider, people.editor, people.owner]) expect((await api.call('GET', '/geocode?q=Vevey', { token: person.token })).status).toBe(502)
  })

  it('lists every manager endpoint of the API', async () => {
    const doc = (await t.callOffContract<{ paths: Record<string, Record<string, unknown>> }>('GET', '/openapi.json')).json
    const operations = Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`))
    const manager = operations.filter((op) => !publicOrUserScoped.has(op)).sort()
    expect(manager).toEqual(Object.keys(calls).sort())
  })

  describe.each(endpointGroups.map((group) => [`${group[0]![0]} … ${group.at(-1)![0]}`, group] as const))('%s', (_names, group) => {
    beforeAll(() => freshDatabase(dialect))

    describe.each(group)('%s', (_name, call) => {
      // The refused calls share a world (each proves it unchanged); a call let through has its own.
      let refusedWorld: Promise<World> | undefined
      const worldForRefusals = () => (refusedWorld ??= buildWorld())

      it('answers 401 Unauthenticated. to anonymous callers and changes nothing', async () => {
        const world = await worldForRefusals()
        const before = await snapshot()
        const res = await send(call, world)
        expect(res.status).toBe(401)
        expect(res.json).toEqual({ message: 'Unauthenticated.' })
        expect(await snapshot()).toBe(before)
      })

      it('answers 404 to a member of another category and changes nothing', async () => {
        const world = await worldForRefusals()
        const before = await snapshot()
        const res = await send(call, world, people.outsider.token)
        expect(res.status).toBe(404)
        expect(res.json).toEqual({ message: 'Not found.' })
        expect(await snapshot()).toBe(before)
      })

      it(call.ownerOnly ? 'answers 403 to an editor and changes nothing' : 'lets an editor through', async () => {
        const world = await (call.ownerOnly ? worldForRefusals() : buildWorld())
        const before = await snapshot()
        const res = await send(call, world, people.editor.token)
        if (call.ownerOnly) {
          expect(res.status).toBe(403)
          expect(await snapshot()).toBe(before)
        } else {
          expectGranted(call, res)
        }
      })

      it('lets an owner through', async () => {
        const world = await buildWorld()
        expectGranted(call, await send(call, world, people.owner.token))
      })
    })
  })
})
