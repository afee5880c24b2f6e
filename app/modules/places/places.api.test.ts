import { describe, expect, it, vi } from 'vitest'
import type { User } from '#app/db/schema.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { addMember, createCategory, createUser } from '#tests/setup/factories.ts'

type Table = 'places' | 'place_users' | 'invitations' | 'secrets' | 'events'

// 0.0001° of latitude is about 11.1 m anywhere; 0.0003° about 33.4 m.
const origin = { lat: 46.52, lng: 6.63 }
const near = { lat: 46.5201, lng: 6.63 }
const far = { lat: 46.5203, lng: 6.63 }

describe.each(testDialects)('places API on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect)

  const count = async (table: Table, where?: { column: 'place_id' | 'category_id'; value: number }) => {
    let query = testDb.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n'))
    if (where) query = query.where(where.column, '=', where.value)
    return Number((await query.executeTakeFirstOrThrow()).n)
  }
  const countAll = async () => ({
    places: await count('places'),
    place_users: await count('place_users'),
    invitations: await count('invitations'),
    secrets: await count('secrets'),
    events: await count('events'),
  })

  /** An owner and an editor of one category, and a stranger who owns another. */
  const world = async () => {
    const owner = await createUser(t.services, { name: 'Olivia Owner' })
    const editor = await createUser(t.services, { name: 'Eddie Editor' })
    const stranger = await createUser(t.services, { name: 'Sam Stranger' })
    const category = await createCategory(t.services, owner.user)
    const otherCategory = await createCategory(t.services, stranger.user)
    await addMember(t.services, category.id, editor.user, 'editor')
    return { owner, editor, stranger, category, otherCategory }
  }
  const newPlace = (categoryId: number, name = 'Cathedral', point: { lat: number; lng: number } | null = origin) =>
    t.services.places.createInCategory(categoryId, { name, lat: point?.lat ?? null, lng: point?.lng ?? null })
  const addPlaceUser = (placeId: number, user: User) =>
    testDb.db.insertInto('place_users').values({ place_id: placeId, user_id: user.id, created_at: new Date().toISOString() }).execute()
  const tokenOf = (link: string | undefined) => link!.split('/').pop()!

  describe('GET /place-categories/{id}/fetch-places', () => {
    it('answers every place of the category with its users, pending invitations and secrets', async () => {
      const { owner, editor, category, otherCategory } = await world()
      const shopkeeper = await createUser(t.services, { name: 'Paula Place' })
      const cathedral = await newPlace(category.id, 'Cathedral')
      const bare = await newPlace(category.id, 'No coordinates yet', null)
      await newPlace(otherCategory.id, 'Elsewhere')
      await addPlaceUser(cathedral.id, shopkeeper.user)
      const invitation = await t.services.places.invite(owner.user, cathedral.id, 'guest@example.org', 'en')
      const secret = await t.services.places.createSecret(editor.user, cathedral.id, { title: 'The bells', text: 'Rung by hand.' })

      const res = await t.call('GET', `/place-categories/${category.id}/fetch-places`, { token: editor.token })
      expect(res.status).toBe(200)
      expect(res.json.data).toEqual([
        {
          id: cathedral.id,
          place_category_id: category.id,
          name: 'Cathedral',
          lat: origin.lat,
          lng: origin.lng,
          created_at: cathedral.created_at,
          users: [{ id: shopkeeper.user.id, name: 'Paula Place', photo: { profile_avatar: null } }],
          invitations: { pending: [{ id: invitation.id, email: 'guest@example.org', expires_at: invitation.expires_at }] },
          secrets: [{ id: secret.id, title: 'The bells', text: 'Rung by hand.', locale: secret.locale, created_at: secret.created_at, author: { id: editor.user.id, name: 'Eddie Editor' } }],
        },
        {
          id: bare.id,
          place_category_id: category.id,
          name: 'No coordinates yet',
          lat: null,
          lng: null,
          created_at: bare.created_at,
          users: [],
          invitations: { pending: [] },
          secrets: [],
        },
      ])
    })

    it('answers an empty list for a category without places', async () => {
      const { owner, category } = await world()
      const res = await t.call('GET', `/place-categories/${category.id}/fetch-places`, { token: owner.token })
      expect(res.json).toEqual({ data: [] })
    })

    it('runs as many queries for 20 places as for 1 (no N+1)', async () => {
      const { owner, editor, category } = await world()
      const helper = await createUser(t.services)
      const addRich = async (i: number) => {
        const place = await newPlace(category.id, `Place ${i}`)
        await addPlaceUser(place.id, helper.user)
        await t.services.places.invite(owner.user, place.id, `guest-${i}@example.org`, 'en')
        await t.services.places.createSecret(editor.user, place.id, { title: `Tip ${i}`, text: 'Look up.' })
      }
      const fetchCounting = async () => {
        testDb.queries.length = 0
        const res = await t.call('GET', `/place-categories/${category.id}/fetch-places`, { token: owner.token })
        expect(res.status).toBe(200)
        return { queries: testDb.queries.length, places: res.json.data.length }
      }
      await addRich(0)
      const one = await fetchCounting()
      for (let i = 1; i < 20; i++) await addRich(i)
      const twenty = await fetchCounting()
      expect(one.places).toBe(1)
      expect(twenty.places).toBe(20)
      expect(twenty.queries).toBe(one.queries)
    })

    it('answers 401 to an anonymous caller and 404 to another tenant or a bad id', async () => {
      const { stranger, category } = await world()
      const anonymous = await t.call('GET', `/place-categories/${category.id}/fetch-places`)
      expect(anonymous.status).toBe(401)
      expect(anonymous.json).toEqual({ message: 'Unauthenticated.' })
      const foreign = await t.call('GET', `/place-categories/${category.id}/fetch-places`, { token: stranger.token })
      expect(foreign.status).toBe(404)
      expect(foreign.json).toEqual({ message: 'Not found.' })
      expect((await t.call('GET', '/place-categories/abc/fetch-places', { token: stranger.token })).status).toBe(404)
      expect((await t.call('GET', '/place-categories/99999999999/fetch-places', { token: stranger.token })).status).toBe(404)
    })
  })

  describe('POST /places', () => {
    it('creates a place with coordinates, for an owner or an editor', async () => {
      const { owner, editor, category } = await world()
      const res = await t.call('POST', '/places', { token: editor.token, body: { place_category_id: category.id, name: '  Old bridge ', lat: 46.5, lng: -6.25 } })
      expect(res.status).toBe(201)
      expect(res.json.data).toEqual({
        id: expect.any(Number),
        place_category_id: category.id,
        name: 'Old bridge',
        lat: 46.5,
        lng: -6.25,
        created_at: expect.any(String),
        users: [],
        invitations: { pending: [] },
        secrets: [],
      })
      const row = await testDb.db.selectFrom('places').selectAll().where('id', '=', res.json.data.id).executeTakeFirstOrThrow()
      expect(row).toMatchObject({ category_id: category.id, name: 'Old bridge', lat: 46.5, lng: -6.25 })
      const byOwner = await t.call('POST', '/places', { token: owner.token, body: { place_category_id: category.id, name: 'Edge', lat: -90, lng: 180 } })
      expect(byOwner.status).toBe(201)
    })

    it('creates a place without coordinates, left out or null', async () => {
      const { owner, category } = await world()
      for (const body of [{ name: 'Somewhere' }, { name: 'Somewhere', lat: null, lng: null }]) {
        const res = await t.call('POST', '/places', { token: owner.token, body: { place_category_id: category.id, ...body } })
        expect(res.status).toBe(201)
        expect(res.json.data).toMatchObject({ lat: null, lng: null })
      }
    })

    it.each([
      ['a missing category', { place_category_id: undefined }, 'place_category_id', 'The place category id field is required.'],
      ['a fractional category', { place_category_id: 1.5, name: 'X' }, 'place_category_id', 'The place category id field must be an integer.'],
      ['a missing name', { lat: 1, lng: 1 }, 'name', 'The name field is required.'],
      ['a blank name', { name: '   ' }, 'name', 'The name field is required.'],
      ['a name too long', { name: 'x'.repeat(161) }, 'name', 'The name field must not be longer than 160 characters.'],
      ['a wrong type of name', { name: 42 }, 'name', 'The name field must be a string.'],
      ['a wrong type of latitude', { name: 'X', lat: '46.5', lng: 6 }, 'lat', 'The lat field must be a number.'],
      ['a wrong type of category', { name: 'X', place_category_id: '1' }, 'place_category_id', 'The place category id field must be a number.'],
      ['latitude 91', { name: 'X', lat: 91, lng: 6 }, 'lat', 'The lat field must not be greater than 90.'],
      ['latitude -90.5', { name: 'X', lat: -90.5, lng: 6 }, 'lat', 'The lat field must be at least -90.'],
      ['longitude -181', { name: 'X', lat: 46, lng: -181 }, 'lng', 'The lng field must be at least -180.'],
      ['longitude 180.01', { name: 'X', lat: 46, lng: 180.01 }, 'lng', 'The lng field must not be greater than 180.'],
      ['only a latitude', { name: 'X', lat: 46 }, 'lng', 'Give both latitude and longitude, or neither.'],
      ['only a longitude', { name: 'X', lng: 6 }, 'lat', 'Give both latitude and longitude, or neither.'],
      ['a latitude with a null longitude', { name: 'X', lat: 46, lng: null }, 'lng', 'Give both latitude and longitude, or neither.'],
      ['an extra field', { name: 'X', slug: 'x' }, 'slug', 'The slug field is not allowed.'],
    ])('refuses %s with 422 and writes nothing', async (_case, body, field, message) => {
      const { owner, category } = await world()
      const before = await countAll()
      const res = await t.callOffContract('POST', '/places', { token: owner.token, body: { place_category_id: category.id, ...body } })
      expect(res.status).toBe(422)
      expect(res.json.errors[field]).toEqual([message])
      expect(res.json.message).toBe(Object.values(res.json.errors as Record<string, string[]>)[0][0])
      expect(await countAll()).toEqual(before)
    })

    it('answers 401 to an anonymous caller and 404 for another tenant’s category, writing nothing', async () => {
      const { stranger, category } = await world()
      const body = { place_category_id: category.id, name: 'Intruder', lat: 1, lng: 1 }
      const anonymous = await t.call('POST', '/places', { body })
      expect(anonymous.status).toBe(401)
      expect(anonymous.json).toEqual({ message: 'Unauthenticated.' })
      const foreign = await t.call('POST', '/places', { token: stranger.token, body })
      expect(foreign.status).toBe(404)
      const unknown = await t.call('POST', '/places', { token: stranger.token, body: { ...body, place_category_id: 2_147_483_647 } })
      expect(unknown.status).toBe(404)
      expect(await count('places', { column: 'category_id', value: category.id })).toBe(0)
    })
  })

  describe('GET, PUT and DELETE /places/{id}', () => {
    it('answers one place', async () => {
      const { editor, category } = await world()
      const place = await newPlace(category.id)
      const res = await t.call('GET', `/places/${place.id}`, { token: editor.token })
      expect(res.status).toBe(200)
      expect(res.json.data).toEqual({
        id: place.id,
        place_category_id: category.id,
        name: 'Cathedral',
        lat: origin.lat,
        lng: origin.lng,
        created_at: place.created_at,
        users: [],
        invitations: { pending: [] },
        secrets: [],
      })
    })

    it('renames, moves and clears coordinates', async () => {
      const { editor, category } = await world()
      const place = await newPlace(category.id)
      const renamed = await t.call('PUT', `/places/${place.id}`, { token: editor.token, body: { name: 'Cathedral of Our Lady' } })
      expect(renamed.status).toBe(200)
      expect(renamed.json.data).toMatchObject({ name: 'Cathedral of Our Lady', lat: origin.lat, lng: origin.lng })
      const moved = await t.call('PUT', `/places/${place.id}`, { token: editor.token, body: { lat: 10.5, lng: -20.25 } })
      expect(moved.json.data).toMatchObject({ name: 'Cathedral of Our Lady', lat: 10.5, lng: -20.25 })
      const cleared = await t.call('PUT', `/places/${place.id}`, { token: editor.token, body: { lat: null, lng: null } })
      expect(cleared.json.data).toMatchObject({ lat: null, lng: null })
      const row = await testDb.db.selectFrom('places').selectAll().where('id', '=', place.id).executeTakeFirstOrThrow()
      expect(row).toMatchObject({ name: 'Cathedral of Our Lady', lat: null, lng: null })
      expect(row.updated_at >= row.created_at).toBe(true)
    })

    it.each([
      ['nothing to change', {}, '_root', 'Nothing to update: send a name or coordinates.'],
      ['a blank name', { name: ' ' }, 'name', 'The name field is required.'],
      ['a wrong type', { name: ['x'] }, 'name', 'The name field must be a string.'],
      ['latitude 91', { lat: 91, lng: 0 }, 'lat', 'The lat field must not be greater than 90.'],
      ['longitude -181', { lat: 0, lng: -181 }, 'lng', 'The lng field must be at least -180.'],
      ['only a latitude', { lat: 46 }, 'lng', 'Give both latitude and longitude, or neither.'],
      ['only a null longitude', { lng: null }, 'lat', 'Give both latitude and longitude, or neither.'],
      ['an extra field', { name: 'X', category_id: 3 }, 'category_id', 'The category id field is not allowed.'],
    ])('refuses %s with 422 and changes nothing', async (_case, body, field, message) => {
      const { owner, category } = await world()
      const place = await newPlace(category.id)
      const res = await t.callOffContract('PUT', `/places/${place.id}`, { token: owner.token, body })
      expect(res.status).toBe(422)
      expect(res.json.errors[field]).toEqual([message])
      const row = await testDb.db.selectFrom('places').selectAll().where('id', '=', place.id).executeTakeFirstOrThrow()
      expect(row).toEqual(place)
    })

    it('deletes a place with its users, invitations and secrets', async () => {
      const { owner, editor, category } = await world()
      const place = await newPlace(category.id)
      const keep = await newPlace(category.id, 'Kept')
      await addPlaceUser(place.id, editor.user)
      await t.services.places.invite(owner.user, place.id, 'guest@example.org', 'en')
      await t.services.places.createSecret(editor.user, place.id, { title: 'T', text: 'X' })
      const res = await t.call('DELETE', `/places/${place.id}`, { token: editor.token })
      expect(res.status).toBe(200)
      expect(res.json).toEqual({ data: { message: 'The place has been deleted.', trash_id: expect.any(Number) } })
      // In the trash first (ADR 110); deleted for good from there.
      expect((await t.call('DELETE', `/trash/${res.json.data.trash_id}`, { token: editor.token })).status).toBe(200)
      for (const table of ['place_users', 'invitations', 'secrets'] as const) expect(await count(table, { column: 'place_id', value: place.id })).toBe(0)
      expect(await count('places', { column: 'category_id', value: category.id })).toBe(1)
      expect((await t.call('GET', `/places/${place.id}`, { token: editor.token })).status).toBe(404)
      expect((await t.call('GET', `/places/${keep.id}`, { token: editor.token })).status).toBe(200)
    })

    it('answers 404 to a missing place, a bad id and another tenant, changing nothing', async () => {
      const { stranger, category } = await world()
      const place = await newPlace(category.id)
      for (const [method, body] of [['GET'], ['PUT', { name: 'Mine now' }], ['DELETE']] as const) {
        expect((await t.callOffContract(method, `/places/${place.id}`, { token: stranger.token, body })).status).toBe(404)
        expect((await t.callOffContract(method, '/places/999999', { token: stranger.token, body })).status).toBe(404)
        expect((await t.callOffContract(method, '/places/1x', { token: stranger.token, body })).status).toBe(404)
        const anonymous = await t.callOffContract(method, `/places/${place.id}`, { body })
        expect(anonymous.status).toBe(401)
        expect(anonymous.json).toEqual({ message: 'Unauthenticated.' })
      }
      expect(await testDb.db.selectFrom('places').selectAll().where('id', '=', place.id).executeTakeFirstOrThrow()).toEqual(place)
    })
  })

  describe('GET /places/nearby', () => {
    const nearbyPath = (categoryId: number | string, point: { lat: number | string; lng: number | string }) =>
      `/places/nearby?place_category_id=${categoryId}&lat=${point.lat}&lng=${point.lng}` as const

    it('answers the category’s places strictly under 20 m, nearest first, with their distance', async () => {
      const { editor, category, otherCategory } = await world()
      const atOrigin = await newPlace(category.id, 'At the spot', origin)
      const close = await newPlace(category.id, 'Eleven metres north', near)
      await newPlace(category.id, 'Thirty-three metres north', far)
      await newPlace(category.id, 'Not placed', null)
      await newPlace(otherCategory.id, 'Another tenant’s, same spot', origin)
      const res = await t.call('GET', nearbyPath(category.id, near), { token: editor.token })
      expect(res.status).toBe(200)
      expect(res.json.data.map((p: { id: number }) => p.id)).toEqual([close.id, atOrigin.id])
      expect(res.json.data[0]).toEqual({
        id: close.id,
        place_category_id: category.id,
        name: 'Eleven metres north',
        lat: near.lat,
        lng: near.lng,
        created_at: close.created_at,
        distance: 0,
      })
      expect(res.json.data[1].distance).toBeCloseTo(11.12, 1)
      // From the far place, the near one is 22 m away: just outside.
      const fromFar = await t.call('GET', nearbyPath(category.id, far), { token: editor.token })
      expect(fromFar.json.data.map((p: { name: string }) => p.name)).toEqual(['Thirty-three metres north'])
    })

    it('finds places across the antimeridian and near a pole', async () => {
      const { owner, category } = await world()
      const east = await newPlace(category.id, 'East of the date line', { lat: 0, lng: 179.99995 })
      const north = await newPlace(category.id, 'Near the pole', { lat: 89.99995, lng: 100 })
      const west = await t.call('GET', nearbyPath(category.id, { lat: 0, lng: -179.99995 }), { token: owner.token })
      expect(west.json.data.map((p: { id: number }) => p.id)).toEqual([east.id])
      const pole = await t.call('GET', nearbyPath(category.id, { lat: 89.99995, lng: -80 }), { token: owner.token })
      expect(pole.json.data.map((p: { id: number }) => p.id)).toEqual([north.id])
    })

    it.each([
      ['a missing latitude', '?place_category_id=1&lng=6', 'lat', 'The lat field is required.'],
      ['a blank latitude', '?place_category_id=1&lat=&lng=6', 'lat', 'The lat field is required.'],
      ['a latitude that is not a number', '?place_category_id=1&lat=north&lng=6', 'lat', 'The lat field must be a number.'],
      ['latitude 91', '?place_category_id=1&lat=91&lng=6', 'lat', 'The lat field must not be greater than 90.'],
      ['longitude -181', '?place_category_id=1&lat=46&lng=-181', 'lng', 'The lng field must be at least -180.'],
      ['a missing category', '?lat=46&lng=6', 'place_category_id', 'The place category id field is required.'],
      ['a fractional category', '?place_category_id=1.5&lat=46&lng=6', 'place_category_id', 'The place category id field must be an integer.'],
    ])('refuses %s with 422', async (_case, query, field, message) => {
      const { owner } = await world()
      const res = await t.call('GET', `/places/nearby${query}`, { token: owner.token })
      expect(res.status).toBe(422)
      expect(res.json.errors[field]).toEqual([message])
    })

    it('answers 401 to an anonymous caller and 404 for another tenant’s category', async () => {
      const { stranger, category } = await world()
      await newPlace(category.id)
      const anonymous = await t.call('GET', nearbyPath(category.id, origin))
      expect(anonymous.status).toBe(401)
      expect(anonymous.json).toEqual({ message: 'Unauthenticated.' })
      expect((await t.call('GET', nearbyPath(category.id, origin), { token: stranger.token })).status).toBe(404)
    })

    it('offers findNearby and createInCategory to other services, inside their transaction', async () => {
      const { category } = await world()
      const existing = await newPlace(category.id, 'Existing', origin)
      const created = await testDb.db.transaction().execute(async (trx) => {
        const found = await t.services.places.on(trx).findNearby(category.id, near)
        expect(found.map((p) => [p.id, Math.round(p.distance)])).toEqual([[existing.id, 11]])
        return t.services.places.on(trx).createInCategory(category.id, { name: 'Far away', lat: 0, lng: 0 })
      })
      expect(created).toMatchObject({ category_id: category.id, name: 'Far away', lat: 0, lng: 0 })
      await expect(t.services.places.createInCategory(category.id, { name: 'Half placed', lat: 1, lng: null })).rejects.toMatchObject({
        status: 422,
        fieldErrors: { lng: [{ key: 'validation.coordinates_pair' }] },
      })
    })
  })

  describe('place users', () => {
    it('lists the place’s users and removes one', async () => {
      const { editor, category } = await world()
      const place = await newPlace(category.id)
      const paula = await createUser(t.services, { name: 'Paula Place', email: 'paula@example.org' })
      const quentin = await createUser(t.services, { name: 'Quentin Place' })
      await addPlaceUser(place.id, paula.user)
      await addPlaceUser(place.id, quentin.user)
      const list = await t.call('GET', `/places/${place.id}/users`, { token: editor.token })
      expect(list.status).toBe(200)
      expect(list.json.data[0]).toEqual({ id: paula.user.id, name: 'Paula Place', email: 'paula@example.org', photo: { profile_avatar: null }, joined_at: expect.any(String) })
      expect(list.json.data).toHaveLength(2)

      const removed = await t.call('DELETE', `/places/${place.id}/users/${paula.user.id}`, { token: editor.token })
      expect(removed.status).toBe(200)
      expect(removed.json).toEqual({ data: { message: 'The user has been removed from the place.' } })
      expect((await t.call('GET', `/places/${place.id}/users`, { token: editor.token })).json.data.map((u: { id: number }) => u.id)).toEqual([quentin.user.id])
      const again = await t.call('DELETE', `/places/${place.id}/users/${paula.user.id}`, { token: editor.token })
      expect(again.status).toBe(404)
    })

    it('answers 401 and 404 outside the category, removing nobody', async () => {
      const { stranger, category } = await world()
      const place = await newPlace(category.id)
      const paula = await createUser(t.services)
      await addPlaceUser(place.id, paula.user)
      for (const [method, path] of [['GET', `/places/${place.id}/users`], ['DELETE', `/places/${place.id}/users/${paula.user.id}`]] as const) {
        expect((await t.call(method, path)).json).toEqual({ message: 'Unauthenticated.' })
        expect((await t.call(method, path, { token: stranger.token })).status).toBe(404)
      }
      // A place user is not a manager of the place.
      expect((await t.call('GET', `/places/${place.id}/users`, { token: paula.token })).status).toBe(404)
      expect((await t.call('DELETE', `/places/${place.id}/users/${paula.user.id}`, { token: paula.token })).status).toBe(404)
      expect(await count('place_users', { column: 'place_id', value: place.id })).toBe(1)
    })
  })

  describe('place invitations', () => {
    it('mails a link in the inviter’s language; accepting it makes a place user who can add a secret', async () => {
      const { category } = await world()
      const french = await createUser(t.services, { name: 'Françoise', locale: 'fr' })
      await addMember(t.services, category.id, french.user, 'editor')
      const place = await newPlace(category.id, 'Boulangerie du Marché')
      const res = await t.call('POST', `/places/${place.id}/invitations`, { token: french.token, body: { email: ' Baker@Example.org ' } })
      expect(res.status).toBe(201)
      expect(res.json.data).toEqual({ id: expect.any(Number), email: 'baker@example.org', expires_at: expect.any(String), created_at: expect.any(String) })
      expect(t.sent).toHaveLength(1)
      expect(t.sent[0].to).toBe('baker@example.org')
      expect(t.sent[0].subject).toContain('Boulangerie du Marché')
      expect(t.sent[0].link).toMatch(/^http:\/\/localhost:3000\/fr\/invitations\/[\w-]+$/)
      expect(t.sent[0].text).toContain(t.sent[0].link)
      const row = await testDb.db.selectFrom('invitations').selectAll().where('id', '=', res.json.data.id).executeTakeFirstOrThrow()
      expect(row).toMatchObject({ kind: 'place', category_id: category.id, place_id: place.id, invited_by: french.user.id, role: null })

      const baker = await createUser(t.services, { name: 'Baker', email: 'baker@example.org' })
      const accepted = await t.call('POST', `/invitations/${tokenOf(t.sent[0].link)}/accept`, { token: baker.token })
      expect(accepted.status).toBe(200)
      expect(accepted.json.data).toEqual({ kind: 'place', category_id: category.id, place_id: place.id })
      expect((await t.call('GET', `/places/${place.id}/users`, { token: french.token })).json.data.map((u: { id: number }) => u.id)).toEqual([baker.user.id])
      expect((await t.call('GET', `/places/${place.id}/invitations`, { token: french.token })).json.data).toEqual([])

      const secret = await t.call('POST', `/places/${place.id}/secrets`, { token: baker.token, body: { title: 'Fresh at six', text: 'The first loaves come out at 6 am.' } })
      expect(secret.status).toBe(201)
      expect(secret.json.data.author).toEqual({ id: baker.user.id, name: 'Baker' })
      // Still not a manager: the place itself, and every other place, stay out of reach.
      expect((await t.call('GET', `/places/${place.id}`, { token: baker.token })).status).toBe(404)
      expect((await t.call('GET', `/places/${place.id}/secrets`, { token: baker.token })).status).toBe(404)
      const other = await newPlace(category.id, 'Town hall')
      expect((await t.call('POST', `/places/${other.id}/secrets`, { token: baker.token, body: { title: 'T', text: 'X' } })).status).toBe(404)
    })

    it('lists pending invitations and withdraws one', async () => {
      const { owner, editor, category } = await world()
      const place = await newPlace(category.id)
      const invited = await t.call('POST', `/places/${place.id}/invitations`, { token: editor.token, body: { email: 'guest@example.org' } })
      await t.services.invitations.invite({ kind: 'category', categoryId: category.id, targetName: category.name }, 'member@example.org', owner.user, 'en')
      const list = await t.call('GET', `/places/${place.id}/invitations`, { token: editor.token })
      expect(list.status).toBe(200)
      expect(list.json.data).toEqual([invited.json.data])
      const revoked = await t.call('DELETE', `/places/${place.id}/invitations/${invited.json.data.id}`, { token: editor.token })
      expect(revoked.status).toBe(200)
      expect(revoked.json).toEqual({ data: { message: 'The invitation has been withdrawn.' } })
      expect(await count('invitations', { column: 'place_id', value: place.id })).toBe(0)
      expect((await t.call('DELETE', `/places/${place.id}/invitations/${invited.json.data.id}`, { token: editor.token })).status).toBe(404)
    })

    it('does not withdraw another place’s invitation through this place', async () => {
      const { owner, category } = await world()
      const place = await newPlace(category.id)
      const other = await newPlace(category.id, 'Other')
      const invitation = await t.services.places.invite(owner.user, other.id, 'guest@example.org', 'en')
      expect((await t.call('DELETE', `/places/${place.id}/invitations/${invitation.id}`, { token: owner.token })).status).toBe(404)
      expect(await count('invitations', { column: 'place_id', value: other.id })).toBe(1)
    })

    it.each([
      ['a missing e-mail', {}, 'email', 'The email field is required.'],
      ['an invalid e-mail', { email: 'not-an-address' }, 'email', 'The email field must be a valid email address.'],
      ['a wrong type', { email: 12 }, 'email', 'The email field must be a string.'],
      ['an extra field', { email: 'a@example.org', role: 'owner' }, 'role', 'The role field is not allowed.'],
    ])('refuses %s with 422, mailing and writing nothing', async (_case, body, field, message) => {
      const { owner, category } = await world()
      const place = await newPlace(category.id)
      const res = await t.callOffContract('POST', `/places/${place.id}/invitations`, { token: owner.token, body })
      expect(res.status).toBe(422)
      expect(res.json.errors[field]).toEqual([message])
      expect(await count('invitations', { column: 'place_id', value: place.id })).toBe(0)
      expect(t.sent).toHaveLength(0)
    })

    it('answers 401 and 404 outside the category, mailing and writing nothing', async () => {
      const { owner, stranger, category } = await world()
      const place = await newPlace(category.id)
      const invitation = await t.services.places.invite(owner.user, place.id, 'guest@example.org', 'en')
      t.sent.length = 0
      const endpoints = [
        ['GET', `/places/${place.id}/invitations`, undefined],
        ['POST', `/places/${place.id}/invitations`, { email: 'spam@example.org' }],
        ['DELETE', `/places/${place.id}/invitations/${invitation.id}`, undefined],
      ] as const
      for (const [method, path, body] of endpoints) {
        expect((await t.callOffContract(method, path, { body })).json).toEqual({ message: 'Unauthenticated.' })
        expect((await t.callOffContract(method, path, { body, token: stranger.token })).status).toBe(404)
      }
      expect(await count('invitations', { column: 'place_id', value: place.id })).toBe(1)
      expect(t.sent).toHaveLength(0)
    })
  })

  describe('secrets', () => {
    const contributions = (placeId: number) =>
      testDb.db.selectFrom('events').select(['category_id', 'place_id', 'walk_id', 'type']).where('place_id', '=', placeId).where('type', '=', 'contribution').execute()

    it('adds a secret and records a contribution for the place', async () => {
      const { editor, category } = await world()
      const place = await newPlace(category.id)
      const res = await t.call('POST', `/places/${place.id}/secrets`, { token: editor.token, body: { title: ' The bells ', text: 'Rung by hand every hour.' } })
      expect(res.status).toBe(201)
      expect(res.json.data).toEqual({ id: expect.any(Number), title: 'The bells', text: 'Rung by hand every hour.', locale: category.fallback_locale, created_at: expect.any(String), author: { id: editor.user.id, name: 'Eddie Editor' } })
      const row = await testDb.db.selectFrom('secrets').selectAll().where('id', '=', res.json.data.id).executeTakeFirstOrThrow()
      expect(row).toMatchObject({ place_id: place.id, author_id: editor.user.id, title: 'The bells' })
      expect(await contributions(place.id)).toEqual([{ category_id: category.id, place_id: place.id, walk_id: null, type: 'contribution' }])
    })

    it('records the contribution in the secret’s transaction: when it fails, nothing is written', async () => {
      const { editor, category } = await world()
      const place = await newPlace(category.id)
      // The contribution goes through the stats service built on the secret's transaction (ADR 037).
      const on = t.services.stats.on.bind(t.services.stats)
      const spy = vi.fn()
      vi.spyOn(t.services.stats, 'on').mockImplementation((db) => {
        const stats = on(db)
        const record = stats.record.bind(stats)
        vi.spyOn(stats, 'record').mockImplementation(async (events) => {
          spy()
          expect(stats.deps.db.isTransaction).toBe(true)
          await record(events)
          throw new Error('the roll-up failed')
        })
        return stats
      })
      const before = await countAll()
      const res = await t.call('POST', `/places/${place.id}/secrets`, { token: editor.token, body: { title: 'T', text: 'X' } })
      expect(res.status).toBe(500)
      expect(spy).toHaveBeenCalledOnce()
      expect(await countAll()).toEqual(before)
    })

    it('lists secrets newest first, with their author (null once the account is gone)', async () => {
      const { owner, editor, category } = await world()
      const place = await newPlace(category.id)
      const leaver = await createUser(t.services, { name: 'Leaver' })
      await addPlaceUser(place.id, leaver.user)
      const first = await t.services.places.createSecret(leaver.user, place.id, { title: 'First', text: 'One' })
      const second = await t.services.places.createSecret(editor.user, place.id, { title: 'Second', text: 'Two' })
      await testDb.db.deleteFrom('users').where('id', '=', leaver.user.id).execute()
      const res = await t.call('GET', `/places/${place.id}/secrets`, { token: owner.token })
      expect(res.status).toBe(200)
      expect(res.json.data).toEqual([
        { ...second, author: { id: editor.user.id, name: 'Eddie Editor' } },
        { ...first, author: null },
      ])
    })

    it.each([
      ['missing fields', {}, 'title', 'The title field is required.'],
      ['a blank title', { title: '  ', text: 'X' }, 'title', 'The title field is required.'],
      ['a blank text', { title: 'T', text: '' }, 'text', 'The text field is required.'],
      ['a title too long', { title: 'x'.repeat(161), text: 'X' }, 'title', 'The title field must not be longer than 160 characters.'],
      ['a text too long', { title: 'T', text: 'x'.repeat(5001) }, 'text', 'The text field must not be longer than 5000 characters.'],
      ['a wrong type', { title: 'T', text: 5 }, 'text', 'The text field must be a string.'],
      ['an extra field', { title: 'T', text: 'X', author_id: 1 }, 'author_id', 'The author id field is not allowed.'],
    ])('refuses %s with 422 and writes nothing', async (_case, body, field, message) => {
      const { editor, category } = await world()
      const place = await newPlace(category.id)
      const before = await countAll()
      const res = await t.callOffContract('POST', `/places/${place.id}/secrets`, { token: editor.token, body })
      expect(res.status).toBe(422)
      expect(res.json.errors[field]).toEqual([message])
      expect(await countAll()).toEqual(before)
    })

    it('accepts the longest title and text', async () => {
      const { editor, category } = await world()
      const place = await newPlace(category.id)
      const res = await t.call('POST', `/places/${place.id}/secrets`, { token: editor.token, body: { title: 't'.repeat(160), text: 'x'.repeat(5000) } })
      expect(res.status).toBe(201)
    })

    it('lets its author or a category member delete a secret, and nobody else', async () => {
      const { owner, editor, stranger, category } = await world()
      const place = await newPlace(category.id)
      const author = await createUser(t.services, { name: 'Place user' })
      const otherPlaceUser = await createUser(t.services)
      await addPlaceUser(place.id, author.user)
      await addPlaceUser(place.id, otherPlaceUser.user)
      const byAuthor = await t.services.places.createSecret(author.user, place.id, { title: 'Mine', text: 'X' })
      const byOwner = await t.services.places.createSecret(owner.user, place.id, { title: 'Owner’s', text: 'X' })

      expect((await t.call('DELETE', `/secrets/${byAuthor.id}`)).json).toEqual({ message: 'Unauthenticated.' })
      expect((await t.call('DELETE', `/secrets/${byAuthor.id}`, { token: stranger.token })).status).toBe(404)
      expect((await t.call('DELETE', `/secrets/${byAuthor.id}`, { token: otherPlaceUser.token })).status).toBe(404)
      expect((await t.call('DELETE', `/secrets/${byOwner.id}`, { token: author.token })).status).toBe(404)
      expect(await count('secrets', { column: 'place_id', value: place.id })).toBe(2)

      const ownDelete = await t.call('DELETE', `/secrets/${byAuthor.id}`, { token: author.token })
      expect(ownDelete.status).toBe(200)
      expect(ownDelete.json).toEqual({ data: { message: 'The secret has been deleted.' } })
      expect((await t.call('DELETE', `/secrets/${byOwner.id}`, { token: editor.token })).status).toBe(200)
      expect(await count('secrets', { column: 'place_id', value: place.id })).toBe(0)
      expect((await t.call('DELETE', `/secrets/${byOwner.id}`, { token: editor.token })).status).toBe(404)
      expect((await t.call('DELETE', '/secrets/abc', { token: editor.token })).status).toBe(404)
    })

    it('answers 401 and 404 to outsiders on the list and on posting, writing nothing', async () => {
      const { stranger, category } = await world()
      const place = await newPlace(category.id)
      const before = await countAll()
      for (const [method, body] of [['GET'], ['POST', { title: 'T', text: 'X' }]] as const) {
        expect((await t.callOffContract(method, `/places/${place.id}/secrets`, { body })).json).toEqual({ message: 'Unauthenticated.' })
        expect((await t.callOffContract(method, `/places/${place.id}/secrets`, { body, token: stranger.token })).status).toBe(404)
        expect((await t.callOffContract(method, '/places/999999/secrets', { body, token: stranger.token })).status).toBe(404)
      }
      expect(await countAll()).toEqual(before)
    })
  })
})
