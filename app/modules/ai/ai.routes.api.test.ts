import { describe, expect, it, vi } from 'vitest'
import { pathLength, walkingDuration } from '#app/modules/geo/geo.ts'
import { insertPlace, manager } from '#app/modules/walks/walks.test-fixtures.ts'
import { AppError } from '#app/utils/errors.ts'
import { addMember, createUser } from '#tests/setup/factories.ts'
import { createTestApi, useTestApi, type OpenApiPaths, type TestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { walkTables } from './ai.test-fixtures.ts'

// POST /ai/draft-route (writes nothing) and POST /ai/create-route (a new draft route).

describe.each(testDialects)('AI route drafting API on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect)

  /** A category with places due north of the start (0, 100, 220 and 300 m), one far away, one unplaced. */
  async function town(tt: TestApi = t) {
    const owner = await manager(tt)
    const at = (k: number) => ({ lat: 46.5 + k * 0.0009, lng: 6.6 })
    const ids = {
      start: await insertPlace(testDb.db, owner.category.id, { name: 'Gare', ...at(0) }),
      b: await insertPlace(testDb.db, owner.category.id, { name: 'Cathédrale', ...at(2.2) }),
      a: await insertPlace(testDb.db, owner.category.id, { name: 'Flon', ...at(1) }),
      c: await insertPlace(testDb.db, owner.category.id, { name: 'Château', ...at(3) }),
      far: await insertPlace(testDb.db, owner.category.id, { name: 'Far away', lat: 46.6, lng: 6.6 }),
      unplaced: await insertPlace(testDb.db, owner.category.id, { name: 'Nowhere', lat: null, lng: null }),
    }
    return { owner, ids, at }
  }

  const draft = (token: string | undefined, body: unknown) => t.callOffContract('POST', '/ai/draft-route', { token, body })
  const create = (token: string | undefined, body: unknown) => t.callOffContract('POST', '/ai/create-route', { token, body })
  const walksOf = async (categoryId: number) => testDb.db.selectFrom('walks').selectAll().where('category_id', '=', categoryId).execute()

  it('lists the AI endpoints in the OpenAPI document', async () => {
    const res = await t.callOffContract<OpenApiPaths>('GET', '/openapi.json')
    expect(res.status).toBe(200)
    expect(Object.keys(res.json.paths).filter((p) => p.startsWith('/ai/')).sort()).toEqual(['/ai/create-route', '/ai/draft-route', '/ai/draft-texts', '/ai/status', '/ai/translate-texts'])
    expect(Object.keys(res.json.paths['/ai/draft-texts'].post.responses).sort()).toEqual(['200', '401', '403', '404', '422', '429', '502', '503'])
  })

  describe('GET /ai/status', () => {
    it('says text drafting is off without AI_BASE_URL', async () => {
      const { token } = await createUser(t.services)
      const res = await t.call('GET', '/ai/status', { token })
      expect(res.status).toBe(200)
      expect(res.json).toEqual({ data: { text_enabled: false, model: null } })
    })

    it('names the model when AI_BASE_URL is set', async () => {
      const configured = createTestApi(testDb, { AI_BASE_URL: 'http://127.0.0.1:9/v1/', AI_MODEL: 'my-model' })
      const { token } = await createUser(configured.services)
      const res = await configured.call('GET', '/ai/status', { token })
      expect(res.json).toEqual({ data: { text_enabled: true, model: 'my-model' } })
    })

    it('needs a session', async () => {
      const res = await t.call('GET', '/ai/status')
      expect(res.status).toBe(401)
      expect(res.json).toEqual({ message: 'Unauthenticated.' })
    })
  })

  describe('POST /ai/draft-route', () => {
    it('chooses and orders the places within the target time, and writes nothing', async () => {
      const { owner, ids, at } = await town()
      const before = await walkTables(testDb.db)
      const res = await draft(owner.token, { place_category_id: owner.category.id, start_place_id: ids.start, target_minutes: 5 })
      expect(res.status, JSON.stringify(res.json)).toBe(200)
      const distance = pathLength([at(0), at(1), at(2.2), at(3)])
      expect(res.json.data).toEqual({
        places: [
          { id: ids.start, name: 'Gare', ...at(0), placeSortId: 1 },
          { id: ids.a, name: 'Flon', ...at(1), placeSortId: 2 },
          { id: ids.b, name: 'Cathédrale', ...at(2.2), placeSortId: 3 },
          { id: ids.c, name: 'Château', ...at(3), placeSortId: 4 },
        ],
        distance: Math.round(distance),
        duration: Math.round(walkingDuration(distance)),
        features_collection: {
          type: 'FeatureCollection',
          features: [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: [0, 1, 2.2, 3].map((k) => [at(k).lng, at(k).lat]) } }],
        },
      })
      expect(res.json.data.duration).toBeLessThanOrEqual(5 * 60)
      expect(await walkTables(testDb.db)).toEqual(before)
    })

    it('starts anywhere and takes fewer places when the time is short', async () => {
      const { owner, ids } = await town()
      // From 220 m: the nearest is at 300 m, then back down to 100 m and 0 m (380 m, under the 420 m of 5 minutes).
      const res = await draft(owner.token, { place_category_id: owner.category.id, start_place_id: ids.b, target_minutes: 5 })
      expect(res.status).toBe(200)
      expect(res.json.data.places.map((p: { id: number }) => p.id)).toEqual([ids.b, ids.c, ids.a, ids.start])
    })

    it('answers the start alone, with an empty path, when nothing else fits', async () => {
      const owner = await manager(t)
      const start = await insertPlace(testDb.db, owner.category.id, { name: 'Alone', lat: 46.5, lng: 6.6 })
      await insertPlace(testDb.db, owner.category.id, { name: 'Far', lat: 46.7, lng: 6.6 })
      const res = await draft(owner.token, { place_category_id: owner.category.id, start_place_id: start, target_minutes: 5 })
      expect(res.status).toBe(200)
      expect(res.json.data).toEqual({
        places: [{ id: start, name: 'Alone', lat: 46.5, lng: 6.6, placeSortId: 1 }],
        distance: 0,
        duration: 0,
        features_collection: { type: 'FeatureCollection', features: [] },
      })
    })

    it('lets an editor of the category draft', async () => {
      const { owner, ids } = await town()
      const editor = await createUser(t.services)
      await addMember(t.services, owner.category.id, editor.user, 'editor')
      const res = await draft(editor.token, { place_category_id: owner.category.id, start_place_id: ids.start, target_minutes: 30 })
      expect(res.status).toBe(200)
      expect(res.json.data.places).toHaveLength(4)
    })

    it('refuses a start place of another category, or without coordinates, with 422 on start_place_id', async () => {
      const { owner, ids } = await town()
      const other = await manager(t)
      const foreign = await insertPlace(testDb.db, other.category.id, { name: 'Elsewhere' })
      const cases: [number, string][] = [
        [foreign, 'The start place must be a place of this category.'],
        [999_999, 'The start place must be a place of this category.'],
        [ids.unplaced, 'The start place has no coordinates: place it on the map first.'],
      ]
      for (const [start, message] of cases) {
        const res = await draft(owner.token, { place_category_id: owner.category.id, start_place_id: start, target_minutes: 30 })
        expect(res.status).toBe(422)
        expect(res.json).toEqual({ message, errors: { start_place_id: [message] } })
      }
    })

    it.each([
      ['an empty body', null, 'place_category_id', 'The place category id field is required.'],
      ['a missing target', { target_minutes: undefined }, 'target_minutes', 'The target minutes field is required.'],
      ['a target too short', { target_minutes: 4 }, 'target_minutes', 'The target minutes field must be at least 5.'],
      ['a target too long', { target_minutes: 601 }, 'target_minutes', 'The target minutes field must not be greater than 600.'],
      ['a fractional target', { target_minutes: 10.5 }, 'target_minutes', 'The target minutes field must be an integer.'],
      ['a target as text', { target_minutes: '30' }, 'target_minutes', 'The target minutes field must be a number.'],
      ['a start as text', { start_place_id: 'gare' }, 'start_place_id', 'The start place id field must be a number.'],
      ['a category id of 0', { place_category_id: 0 }, 'place_category_id', 'The place category id field must be at least 1.'],
      ['an extra field', { shuffle: true }, 'shuffle', 'The shuffle field is not allowed.'],
    ])('refuses %s with 422', async (_case, change, field, message) => {
      const { owner, ids } = await town()
      const body = change === null ? {} : { place_category_id: owner.category.id, start_place_id: ids.start, target_minutes: 30, ...change }
      const res = await draft(owner.token, body)
      expect(res.status).toBe(422)
      expect(res.json.errors[field]).toEqual([message])
      expect(Object.values(res.json.errors).flat()).toContain(res.json.message)
    })

    it('answers 401 to a guest and 404 to a member of another category', async () => {
      const { owner, ids } = await town()
      const body = { place_category_id: owner.category.id, start_place_id: ids.start, target_minutes: 30 }
      expect((await draft(undefined, body)).json).toEqual({ message: 'Unauthenticated.' })
      const stranger = await manager(t)
      const res = await draft(stranger.token, body)
      expect(res.status).toBe(404)
      expect(res.json).toEqual({ message: 'Not found.' })
      const missing = await draft(owner.token, { ...body, place_category_id: 999_999 })
      expect(missing.status).toBe(404)
    })
  })

  describe('POST /ai/create-route', () => {
    it('saves a draft as a new draft route through the places, in order', async () => {
      const { owner, ids, at } = await town()
      const drafted = (await draft(owner.token, { place_category_id: owner.category.id, start_place_id: ids.start, target_minutes: 5 })).json.data
      const res = await create(owner.token, {
        place_category_id: owner.category.id,
        name: '  Tour de la ville  ',
        place_ids: drafted.places.map((p: { id: number }) => p.id),
        distance: drafted.distance,
        duration: drafted.duration,
      })
      expect(res.status, JSON.stringify(res.json)).toBe(201)
      expect(res.json).toEqual({ data: { uuid: expect.any(String), slug: 'tour-de-la-ville' } })

      const route = (await t.call('GET', `/routes/${res.json.data.uuid}/get-route`, { token: owner.token })).json.data
      expect(route.status).toBe('draft')
      expect(route.name).toBe('Tour de la ville')
      expect(route.place_category_id).toBe(owner.category.id)
      expect(route.places.map((p: { id: number; placeSortId: number }) => [p.id, p.placeSortId])).toEqual([
        [ids.start, 1],
        [ids.a, 2],
        [ids.b, 3],
        [ids.c, 4],
      ])
      expect(route.distance).toBe(drafted.distance)
      expect(route.duration).toBe(drafted.duration)
      expect(route.features_collection).toEqual(drafted.features_collection)
      expect(route.features_collection!.features[0].geometry.coordinates[3]).toEqual([at(3).lng, at(3).lat])
    })

    it('keeps the order given, even one the drafting would not choose, and saves a single place', async () => {
      const { owner, ids } = await town()
      const res = await create(owner.token, { place_category_id: owner.category.id, name: 'Zigzag', place_ids: [ids.c, ids.start, ids.b], distance: 500, duration: 357 })
      expect(res.status).toBe(201)
      const route = (await t.call('GET', `/routes/${res.json.data.uuid}/get-route`, { token: owner.token })).json.data
      expect(route.places.map((p: { id: number }) => p.id)).toEqual([ids.c, ids.start, ids.b])
      expect([route.distance, route.duration]).toEqual([500, 357])

      const single = await create(owner.token, { place_category_id: owner.category.id, name: 'Zigzag', place_ids: [ids.a], distance: 0, duration: 0 })
      expect(single.status).toBe(201)
      expect(single.json.data.slug).toBe('zigzag-2')
      const one = (await t.call('GET', `/routes/${single.json.data.uuid}/get-route`, { token: owner.token })).json.data
      expect(one.places.map((p: { id: number }) => p.id)).toEqual([ids.a])
      expect(one.features_collection).toEqual({ type: 'FeatureCollection', features: [] })
    })

    it('lets an editor of the category create', async () => {
      const { owner, ids } = await town()
      const editor = await createUser(t.services)
      await addMember(t.services, owner.category.id, editor.user, 'editor')
      const res = await create(editor.token, { place_category_id: owner.category.id, name: 'By the editor', place_ids: [ids.start, ids.a], distance: 100, duration: 71 })
      expect(res.status).toBe(201)
    })

    it.each([
      ['a missing name', { name: undefined }, 'name', 'The name field is required.'],
      ['a blank name', { name: '   ' }, 'name', 'The name field is required.'],
      ['a name too long', { name: 'x'.repeat(121) }, 'name', 'The name field must not be longer than 120 characters.'],
      ['no places', { place_ids: [] }, 'place_ids', 'Choose between 1 and 200 places.'],
      ['too many places', { place_ids: Array.from({ length: 201 }, (_, i) => i + 1) }, 'place_ids', 'Choose between 1 and 200 places.'],
      ['a place twice', { place_ids: [1, 2, 1] }, 'place_ids', 'Each place may appear only once in the route.'],
      ['places as text', { place_ids: '1,2' }, 'place_ids', 'The place ids field must be a list.'],
      ['a place id as text', { place_ids: [1, 'two'] }, 'place_ids.1', 'The 1 field must be a number.'],
      ['a negative distance', { distance: -1 }, 'distance', 'The distance field must be at least 0.'],
      ['a missing duration', { duration: undefined }, 'duration', 'The duration field is required.'],
      ['a duration as text', { duration: '10' }, 'duration', 'The duration field must be a number.'],
      ['an extra field', { status: 'published' }, 'status', 'The status field is not allowed.'],
    ])('refuses %s with 422 and creates nothing', async (_case, change, field, message) => {
      const { owner, ids } = await town()
      const body = { place_category_id: owner.category.id, name: 'Tour', place_ids: [ids.start, ids.a], distance: 100, duration: 71, ...change }
      const res = await create(owner.token, body)
      expect(res.status).toBe(422)
      expect(res.json.errors[field]).toEqual([message])
      expect(await walksOf(owner.category.id)).toEqual([])
    })

    it('refuses a place of another category or without coordinates, naming its position, and creates nothing', async () => {
      const { owner, ids } = await town()
      const other = await manager(t)
      const foreign = await insertPlace(testDb.db, other.category.id)
      const cases: [number[], string, string][] = [
        [[ids.start, foreign], 'place_ids.1', `Place ${foreign} is not a place of this category.`],
        [[ids.start, ids.a, 999_999], 'place_ids.2', 'Place 999999 is not a place of this category.'],
        [[ids.unplaced, ids.a], 'place_ids.0', `Place ${ids.unplaced} has no coordinates: place it on the map first.`],
      ]
      for (const [placeIds, field, message] of cases) {
        const res = await create(owner.token, { place_category_id: owner.category.id, name: 'Tour', place_ids: placeIds, distance: 1, duration: 1 })
        expect(res.status).toBe(422)
        expect(res.json).toEqual({ message, errors: { [field]: [message] } })
      }
      expect(await walksOf(owner.category.id)).toEqual([])
      expect(await walksOf(other.category.id)).toEqual([])
    })

    it('deletes the new route when giving it its places fails, so nothing half-made remains', async () => {
      const { owner, ids } = await town()
      const before = await walkTables(testDb.db)
      const update = vi.spyOn(t.services.walks, 'update').mockRejectedValueOnce(new AppError(409, { key: 'errors.not_found' }))
      const res = await create(owner.token, { place_category_id: owner.category.id, name: 'Half', place_ids: [ids.start, ids.a], distance: 100, duration: 71 })
      expect(update).toHaveBeenCalledOnce()
      expect(res.status).toBe(409)
      expect(await walkTables(testDb.db)).toEqual(before)
      update.mockRestore()
    })

    it('answers 401 to a guest and 404 to a member of another category, creating nothing', async () => {
      const { owner, ids } = await town()
      const body = { place_category_id: owner.category.id, name: 'Tour', place_ids: [ids.start], distance: 0, duration: 0 }
      expect((await create(undefined, body)).status).toBe(401)
      const stranger = await manager(t)
      const res = await create(stranger.token, body)
      expect(res.status).toBe(404)
      expect(res.json).toEqual({ message: 'Not found.' })
      // Even naming their own category, a stranger cannot route through someone else's places.
      const own = await create(stranger.token, { ...body, place_category_id: stranger.category.id })
      expect(own.status).toBe(422)
      expect(await walksOf(owner.category.id)).toEqual([])
      expect(await walksOf(stranger.category.id)).toEqual([])
    })
  })
})
