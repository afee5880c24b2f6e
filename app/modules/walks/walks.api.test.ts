import { describe, expect, it, vi } from 'vitest'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { createCategory, createUser } from '#tests/setup/factories.ts'
import { countWalks, insertPlace, manager, snapshot, storeRoute, upload } from './walks.test-fixtures.ts'
import { solidImage } from '#app/platform/images/images.test-fixtures.ts'
import { AddressesRepo } from '#app/modules/addresses/addresses.repo.server.ts'

const BASE = 'http://localhost:3000'
const line = (coordinates: number[][]) => ({
  type: 'FeatureCollection' as const,
  features: [{ type: 'Feature' as const, properties: {}, geometry: { type: 'LineString' as const, coordinates } }],
})

describe.each(testDialects)('routes API on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect)

  describe('POST /routes/store', () => {
    it('creates a draft route with its slug, defaults and three QR codes', async () => {
      const { token, category } = await manager(t)
      const res = await t.call('POST', '/routes/store', { token, body: { name: '  Tour du Lac ', place_category_id: category.id } })
      expect(res.status).toBe(201)
      const route = res.json.data
      expect(route).toMatchObject({
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        place_category_id: category.id,
        slug: 'tour-du-lac',
        url: `${BASE}/r/${category.slug}/tour-du-lac`,
        status: 'draft',
        color: 'bg-orange',
        name: 'Tour du Lac',
        subtitle: null,
        branding: { bg_color: '#FFFFFF', is_bg_transparent: true, logo_pro_url: null },
        photo: null,
        content_image: null,
        logos: [],
        distance: 0,
        duration: 0,
        isIndexed: true,
        isPathVisible: true,
        isSpacePlacesVisible: false,
        is_modified: false,
        features_collection: null,
        places: [],
        nearby_routes: [],
        placesCount: 0,
        locale: 'en',
        translations: { en: { name: 'Tour du Lac', subtitle: null, description: null, content_title: null, content_text: null, logo_title: null } },
      })
      const qr = (kind: string, url: string) => ({ id: expect.any(Number), kind, url, qr_code_image_svg_url: expect.stringMatching(new RegExp(`^${BASE}/api/route-qr-codes/\\d+/image\\.svg$`)) })
      expect(route.route_qr_code).toEqual(qr('route', `${BASE}/r/${category.slug}/tour-du-lac`))
      expect(route.route_landing_page_qr_codes).toEqual([qr('landing', `${BASE}/r/${category.slug}/tour-du-lac`)])
      expect(route.route_map_page_qr_codes).toEqual([qr('map', `${BASE}/m/${category.slug}/tour-du-lac`)])
      const stored = await snapshot(testDb.db, route.uuid)
      expect(stored!.walk).toMatchObject({ category_id: category.id, slug: 'tour-du-lac', status: 'draft', color: 'bg-orange' })
      expect(stored!.translations).toEqual([expect.objectContaining({ locale: 'en', name: 'Tour du Lac' })])
      expect(stored!.qr.map((q) => q.kind).sort()).toEqual(['landing', 'map', 'route'])
    })

    it("names the route in the caller's language: body locale, then ?locale, then the user's", async () => {
      const { token, category } = await manager(t, { locale: 'fr' })
      const fr = await storeRoute(t, token, category.id, { name: 'Balade' })
      expect(Object.keys(fr.translations)).toEqual(['fr'])
      const de = await t.call('POST', '/routes/store?locale=de', { token, body: { name: 'Wanderung', place_category_id: category.id } })
      expect(Object.keys(de.json.data.translations)).toEqual(['de'])
      const it_ = await storeRoute(t, token, category.id, { name: 'Passeggiata', locale: 'it' })
      expect(it_.translations.it.name).toBe('Passeggiata')
      expect(it_.locale).toBe('it')
    })

    it('derives the slug from the name, folding accents, and numbers duplicates within a category only', async () => {
      const { user, token, category } = await manager(t)
      expect((await storeRoute(t, token, category.id, { name: "Château d'Œx" })).slug).toBe('chateau-d-oex')
      expect((await storeRoute(t, token, category.id, { name: 'Château d’Œx!' })).slug).toBe('chateau-d-oex-2')
      expect((await storeRoute(t, token, category.id, { name: 'CHATEAU D OEX' })).slug).toBe('chateau-d-oex-3')
      const other = await createCategory(t.services, user)
      expect((await storeRoute(t, token, other.id, { name: "Château d'Œx" })).slug).toBe('chateau-d-oex')
    })

    it('retries with the next free slug when another request takes it first', async () => {
      const { token, category } = await manager(t)
      await storeRoute(t, token, category.id, { name: 'Raced' })
      // The slug looks free when it is chosen, and is taken when it is written.
      const spy = vi.spyOn(AddressesRepo.prototype, 'routeSlugsStartingWith').mockResolvedValueOnce([])
      try {
        expect((await storeRoute(t, token, category.id, { name: 'Raced' })).slug).toBe('raced-2')
      } finally {
        spy.mockRestore()
      }
      expect(await countWalks(testDb.db)).toBeGreaterThanOrEqual(2)
    })

    it('takes a wanted slug from url, and refuses one already taken in the category', async () => {
      const { token, category } = await manager(t)
      expect((await storeRoute(t, token, category.id, { url: 'my-walk', color: 'bg-violet' })).slug).toBe('my-walk')
      const before = await countWalks(testDb.db)
      const res = await t.call('POST', '/routes/store', { token, body: { name: 'Other', url: 'my-walk', place_category_id: category.id } })
      expect(res.status).toBe(422)
      expect(res.json).toEqual({ message: 'This address is already taken. “my-walk-2” is free.', errors: { url: ['This address is already taken. “my-walk-2” is free.'] } })
      expect(await countWalks(testDb.db)).toBe(before)
    })

    it('treats an empty url and a null colour as not given', async () => {
      const { token, category } = await manager(t)
      const route = await storeRoute(t, token, category.id, { name: 'Empty url', url: '', color: null })
      expect(route).toMatchObject({ slug: 'empty-url', color: 'bg-orange' })
    })

    it.each([
      ['an unknown colour', { color: 'bg-purple' }, 'color', 'The color field must be one of: bg-red-100, bg-orange, bg-green-100, bg-green-900, bg-blue-100, bg-violet, bg-orchid, bg-pink, bg-grey-100, bg-black.'],
      ['a blank name', { name: '   ' }, 'name', 'The name field is required.'],
      ['a missing name', { name: undefined }, 'name', 'The name field is required.'],
      ['a name too long', { name: 'x'.repeat(121) }, 'name', 'The name field must not be longer than 120 characters.'],
      ['a missing category', { place_category_id: undefined }, 'place_category_id', 'The place category id field is required.'],
      ['a category id as text', { place_category_id: '1' }, 'place_category_id', 'The place category id field must be a number.'],
      ['an invalid wanted slug', { url: 'My Walk' }, 'url', 'The url may contain only lowercase letters, digits and hyphens (at most 80 characters, no hyphen at either end).'],
      ['a locale the category does not offer', { locale: 'es' }, 'locale', 'This category does not offer this content language. Add it in the category’s languages first.'],
      ['a locale that is no language tag', { locale: 'español' }, 'locale', 'The locale must be a language tag (BCP 47), such as es, pt-BR or zh-Hant.'],
      ['an extra field', { status: 'published' }, 'status', 'The status field is not allowed.'],
    ])('refuses %s with 422 and writes nothing', async (_case, override, field, message) => {
      const { token, category } = await manager(t)
      const before = await countWalks(testDb.db)
      const res = await t.callOffContract('POST', '/routes/store', { token, body: { name: 'Tour', place_category_id: category.id, ...override } })
      expect(res.status).toBe(422)
      expect(res.json.errors[field]).toEqual([message])
      expect(await countWalks(testDb.db)).toBe(before)
    })

    it('answers 404 for a category that does not exist or is not the caller’s', async () => {
      const { token } = await manager(t)
      const stranger = await manager(t)
      for (const id of [999_999, stranger.category.id]) {
        const res = await t.call('POST', '/routes/store', { token, body: { name: 'Tour', place_category_id: id } })
        expect(res.status).toBe(404)
        expect(res.json).toEqual({ message: 'Not found.' })
      }
    })
  })

  describe('PUT /routes/update', () => {
    it('saves the route state and answers the full route', async () => {
      const { token, category } = await manager(t)
      const route = await storeRoute(t, token, category.id)
      const [a, b] = [await insertPlace(testDb.db, category.id, { name: 'A', lat: 46.5, lng: 6.6 }), await insertPlace(testDb.db, category.id, { name: 'B', lat: 46.51, lng: 6.61 })]
      const fc = line([[6.6, 46.5], [6.61, 46.51]])
      const res = await t.call('PUT', '/routes/update', {
        token,
        body: {
          uuid: route.uuid,
          name: 'Lake tour',
          subtitle: 'Along the shore',
          description: 'A long text',
          content_title: 'Title',
          content_text: 'Text',
          logo_title: 'Partners',
          color: 'bg-pink',
          status: 'published',
          branding: { bg_color: '#ff00aa', is_bg_transparent: false },
          isIndexed: false,
          isPathVisible: false,
          isSpacePlacesVisible: true,
          is_modified: true,
          distance: 1500,
          duration: 1200,
          features_collection: fc,
          places: [{ id: b, placeSortId: 1 }, { id: a, placeSortId: 2 }],
        },
      })
      expect(res.status).toBe(200)
      expect(res.json.data).toMatchObject({
        uuid: route.uuid,
        name: 'Lake tour',
        subtitle: 'Along the shore',
        description: 'A long text',
        content_title: 'Title',
        content_text: 'Text',
        logo_title: 'Partners',
        color: 'bg-pink',
        status: 'published',
        branding: { bg_color: '#FF00AA', is_bg_transparent: false, logo_pro_url: null },
        isIndexed: false,
        isPathVisible: false,
        isSpacePlacesVisible: true,
        is_modified: true,
        distance: 1500,
        duration: 1200,
        features_collection: fc,
        places: [
          { id: b, placeSortId: 1, lat: 46.51, lng: 6.61, name: 'B' },
          { id: a, placeSortId: 2, lat: 46.5, lng: 6.6, name: 'A' },
        ],
        placesCount: 2,
        slug: 'tour-du-lac',
      })
      const get = await t.call('GET', `/routes/${route.uuid}/get-route`, { token })
      expect(get.json.data).toEqual(res.json.data)
    })

    it('takes back the route exactly as get-route answers it: read-only fields ignored, unknown ones refused', async () => {
      const { token, category } = await manager(t, { fallback_locale: 'de' })
      const route = await storeRoute(t, token, category.id, { name: 'Rundgang', locale: 'de' })
      const partner = await storeRoute(t, token, category.id, { name: 'Partner' })
      const a = await insertPlace(testDb.db, category.id, { name: 'A', lat: 46.5, lng: 6.6 })
      const b = await insertPlace(testDb.db, category.id, { name: 'B', lat: 46.51, lng: 6.61 })
      await t.call('PUT', '/routes/update', {
        token,
        body: { uuid: route.uuid, status: 'published', features_collection: line([[6.6, 46.5], [6.61, 46.51]]), places: [{ id: a }, { id: b }], translations: { en: { subtitle: 'Round' } } },
      })
      await t.call('POST', '/routes/assign-nearby-route', { token, body: { currentRouteUuid: route.uuid, nearbyRouteUuid: partner.uuid, sortId: 1 } })
      for (const slot of ['photo', 'logo-pro', 'logos'] as const) {
        expect((await upload(t, 'POST', `/routes/${route.uuid}/${slot}`, { token, bytes: await solidImage(40, 40) })).status).toBeLessThan(300)
      }
      // Asked in French: the texts shown are the German (fallback) and English ones.
      const before = (await t.call('GET', `/routes/${route.uuid}/get-route?locale=fr`, { token })).json.data
      expect(before).toMatchObject({ locale: 'fr', name: 'Rundgang', subtitle: 'Round', placesCount: 2, photo: expect.any(String) })
      expect(before.branding.logo_pro_url).toEqual(expect.any(String))
      expect(before.logos).toHaveLength(1)
      expect(before.nearby_routes).toHaveLength(1)
      const stored = await snapshot(testDb.db, route.uuid)

      const same = await t.callOffContract('PUT', '/routes/update', { token, body: before })
      expect(same.json.errors ?? null).toBeNull()
      expect(same.status).toBe(200)
      const { updated_at: _u1, ...answered } = same.json.data
      const { updated_at: _u2, ...expected } = before
      expect(answered).toEqual(expected)
      // Nothing written but the save time: no French copy of the German and English texts.
      const after = await snapshot(testDb.db, route.uuid)
      expect(after!.translations).toEqual(stored!.translations)
      expect({ ...after!.walk, updated_at: null }).toEqual({ ...stored!.walk, updated_at: null })

      // An edit made on that state is saved; the read-only values sent are not.
      const edited = await t.callOffContract('PUT', '/routes/update', {
        token,
        body: { ...before, name: 'Tour', place_category_id: 999_999, url: 'https://evil.example/', placesCount: 0, created_at: '2000-01-01T00:00:00Z' },
      })
      expect(edited.status).toBe(200)
      expect(edited.json.data).toMatchObject({ name: 'Tour', place_category_id: category.id, url: before.url, placesCount: 2, created_at: before.created_at })
      expect((await snapshot(testDb.db, route.uuid))!.translations.map((r) => [r.locale, r.name])).toEqual([
        ['de', 'Rundgang'],
        ['en', null],
        ['fr', 'Tour'],
      ])

      // A field the API never answers is still refused, at the top and in the places.
      const unknown = await t.callOffContract('PUT', '/routes/update', { token, body: { ...before, owner_id: 1 } })
      expect(unknown.status).toBe(422)
      const unknownInPlace = await t.callOffContract('PUT', '/routes/update', { token, body: { ...before, places: [{ ...before.places[0], hidden: true }] } })
      expect(unknownInPlace.status).toBe(422)
    })

    it('keeps the slug when the name changes; only an explicit slug moves it', async () => {
      const { token, category } = await manager(t)
      const route = await storeRoute(t, token, category.id, { name: 'First name' })
      const renamed = await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, name: 'Second name' } })
      expect(renamed.json.data).toMatchObject({ name: 'Second name', slug: 'first-name', url: `${BASE}/r/${category.slug}/first-name` })
      const moved = await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, slug: 'second-name' } })
      expect(moved.json.data).toMatchObject({ slug: 'second-name', url: `${BASE}/r/${category.slug}/second-name` })
      expect(moved.json.data.route_map_page_qr_codes[0].url).toBe(`${BASE}/m/${category.slug}/second-name`)
    })

    it('refuses a slug taken by another route of the category, and changes nothing', async () => {
      const { token, category } = await manager(t)
      await storeRoute(t, token, category.id, { name: 'Taken' })
      const route = await storeRoute(t, token, category.id, { name: 'Mine' })
      const before = await snapshot(testDb.db, route.uuid)
      const res = await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, name: 'Renamed', slug: 'taken' } })
      expect(res.status).toBe(422)
      expect(res.json).toEqual({ message: 'This address is already taken. “taken-2” is free.', errors: { slug: ['This address is already taken. “taken-2” is free.'] } })
      expect(await snapshot(testDb.db, route.uuid)).toEqual(before)
      // Its own slug is not "taken".
      expect((await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, slug: 'mine' } })).status).toBe(200)
    })

    it('writes texts per language and answers them in the asked language, else the fallback', async () => {
      const { token, category } = await manager(t, { locale: 'fr', fallback_locale: 'fr' })
      const route = await storeRoute(t, token, category.id, { name: 'Tour du lac' })
      const res = await t.call('PUT', '/routes/update', {
        token,
        body: {
          uuid: route.uuid,
          description: 'Une belle balade',
          translations: { en: { name: 'Lake tour', subtitle: 'By the water' }, de: { name: 'Seerundgang' } },
        },
      })
      expect(res.status).toBe(200)
      // No locale asked: the category's fallback (fr); the flat fields were written in French.
      // A text missing in both comes from any language that has it (here the English subtitle).
      expect(res.json.data).toMatchObject({ locale: 'fr', name: 'Tour du lac', description: 'Une belle balade', subtitle: 'By the water' })
      expect(Object.keys(res.json.data.translations)).toEqual(['de', 'en', 'fr'])
      expect(res.json.data.translations.en).toEqual({ name: 'Lake tour', subtitle: 'By the water', description: null, content_title: null, content_text: null, logo_title: null })

      const en = await t.call('GET', `/routes/${route.uuid}/get-route?locale=en`, { token })
      // English where there is English, French (the fallback) for the rest.
      expect(en.json.data).toMatchObject({ locale: 'en', name: 'Lake tour', subtitle: 'By the water', description: 'Une belle balade' })
      const de = await t.call('GET', `/routes/${route.uuid}/get-route`, { token, headers: { 'Accept-Language': 'de-CH,de;q=0.9' } })
      expect(de.json.data).toMatchObject({ locale: 'de', name: 'Seerundgang', description: 'Une belle balade' })
      const it_ = await t.call('GET', `/routes/${route.uuid}/get-route?locale=it`, { token })
      expect(it_.json.data).toMatchObject({ locale: 'it', name: 'Tour du lac' })

      // Flat fields go to the language named in the body, or asked for in the request.
      await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, locale: 'it', name: 'Giro del lago' } })
      await t.call('PUT', '/routes/update?locale=en', { token, body: { uuid: route.uuid, description: 'A nice walk', subtitle: '' } })
      const stored = await snapshot(testDb.db, route.uuid)
      expect(stored!.translations.map((r) => [r.locale, r.name, r.subtitle, r.description])).toEqual([
        ['de', 'Seerundgang', null, null],
        ['en', 'Lake tour', null, 'A nice walk'],
        ['fr', 'Tour du lac', null, 'Une belle balade'],
        ['it', 'Giro del lago', null, null],
      ])
    })

    it('writes no row for a language sent without texts', async () => {
      const { token, category } = await manager(t)
      const route = await storeRoute(t, token, category.id)
      const res = await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, translations: { de: {} } } })
      expect(res.status).toBe(200)
      expect(Object.keys(res.json.data.translations)).toEqual(['en'])
    })

    it('a route named in one language only still has that name in every language', async () => {
      const { token, category } = await manager(t, { fallback_locale: 'fr' })
      const route = await storeRoute(t, token, category.id, { name: 'Rundgang', locale: 'de' })
      const fr = await t.call('GET', `/routes/${route.uuid}/get-route?locale=fr`, { token })
      expect(fr.json.data.name).toBe('Rundgang')
    })

    it('renumbers places from 1 when one is removed, in the order given', async () => {
      const { token, category } = await manager(t)
      const route = await storeRoute(t, token, category.id)
      const [a, b, c] = [await insertPlace(testDb.db, category.id), await insertPlace(testDb.db, category.id), await insertPlace(testDb.db, category.id)]
      await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, places: [{ id: a, placeSortId: 1 }, { id: b, placeSortId: 2 }, { id: c, placeSortId: 3 }] } })
      const res = await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, places: [{ id: c, placeSortId: 3 }, { id: a, placeSortId: 1 }] } })
      expect(res.json.data.places.map((p) => [p.id, p.placeSortId])).toEqual([[c, 1], [a, 2]])
      const stored = await snapshot(testDb.db, route.uuid)
      expect(stored!.places.map((p) => [p.place_id, p.sort_id])).toEqual([[c, 1], [a, 2]])
      const cleared = await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, places: [] } })
      expect(cleared.json.data).toMatchObject({ places: [], placesCount: 0 })
    })

    it('drops places without coordinates when the route is loaded', async () => {
      const { token, category } = await manager(t)
      const route = await storeRoute(t, token, category.id)
      const a = await insertPlace(testDb.db, category.id, { name: 'A' })
      const nowhere = await insertPlace(testDb.db, category.id, { name: 'Nowhere', lat: null, lng: null })
      const half = await insertPlace(testDb.db, category.id, { name: 'Half', lat: 46.5, lng: null })
      const b = await insertPlace(testDb.db, category.id, { name: 'B' })
      const res = await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, places: [a, nowhere, half, b].map((id) => ({ id })) } })
      expect(res.json.data.places.map((p) => [p.name, p.placeSortId])).toEqual([['A', 1], ['B', 2]])
      expect(res.json.data.placesCount).toBe(2)
      const list = await t.call('GET', `/place-categories/${category.id}/fetch-routes`, { token })
      expect(list.json.data[0].placesCount).toBe(2)
    })

    it('refuses a place of another category naming its index, and leaves the route exactly as it was', async () => {
      const { user, token, category } = await manager(t)
      const route = await storeRoute(t, token, category.id, { name: 'Original' })
      const own = await insertPlace(testDb.db, category.id)
      await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, places: [{ id: own }] } })
      const elsewhere = await insertPlace(testDb.db, (await createCategory(t.services, user)).id)
      const before = await snapshot(testDb.db, route.uuid)
      const res = await t.call('PUT', '/routes/update', {
        token,
        body: { uuid: route.uuid, name: 'Changed', color: 'bg-black', places: [{ id: own }, { id: elsewhere }] },
      })
      expect(res.status).toBe(422)
      expect(res.json).toEqual({
        message: `Place ${elsewhere} is not a place of this category.`,
        errors: { 'places.1.id': [`Place ${elsewhere} is not a place of this category.`] },
      })
      expect(await snapshot(testDb.db, route.uuid)).toEqual(before)
      const missing = await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, name: 'Changed', places: [{ id: 999_999 }] } })
      expect(missing.json.errors).toEqual({ 'places.0.id': ['Place 999999 is not a place of this category.'] })
      expect(await snapshot(testDb.db, route.uuid)).toEqual(before)
    })

    it('derives distance and duration from the drawn line, or the places, unless they are sent', async () => {
      const { token, category } = await manager(t)
      const route = await storeRoute(t, token, category.id)
      // 0.01° of latitude is about 1112 m.
      const drawn = await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, features_collection: line([[6.6, 46.5], [6.6, 46.51]]) } })
      expect(drawn.json.data.distance).toBe(1112)
      expect(drawn.json.data.duration).toBe(Math.round(1112 / 1.4))
      const sent = await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, distance: 2000, duration: 1800 } })
      expect(sent.json.data).toMatchObject({ distance: 2000, duration: 1800 })
      const a = await insertPlace(testDb.db, category.id, { lat: 46.5, lng: 6.6 })
      const b = await insertPlace(testDb.db, category.id, { lat: 46.52, lng: 6.6 })
      const byPlaces = await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, features_collection: null, places: [{ id: a }, { id: b }] } })
      expect(byPlaces.json.data).toMatchObject({ distance: 2224, duration: Math.round(2224 / 1.4), features_collection: null })
    })

    it.each([
      ['an unknown colour', { color: 'red' }, 'color', 'The color field must be one of: bg-red-100, bg-orange, bg-green-100, bg-green-900, bg-blue-100, bg-violet, bg-orchid, bg-pink, bg-grey-100, bg-black.'],
      ['a blank name', { name: ' ' }, 'name', 'The name field is required.'],
      ['a blank name in a translation', { translations: { de: { name: '' } } }, 'translations.de.name', 'The name field is required.'],
      ['a language the category does not offer', { translations: { es: { name: 'Ruta' } } }, 'translations.es', 'This category does not offer this content language. Add it in the category’s languages first.'],
      ['a language that is no tag', { translations: { 'not a tag': { name: 'Ruta' } } }, 'translations.not a tag', 'The not a tag must be a language tag (BCP 47), such as es, pt-BR or zh-Hant.'],
      ['an unknown status', { status: 'archived' }, 'status', 'The status field must be one of: draft, published.'],
      ['a negative distance', { distance: -1 }, 'distance', 'The distance field must be at least 0.'],
      ['a duration as text', { duration: '10' }, 'duration', 'The duration field must be a number.'],
      ['a bad background colour', { branding: { bg_color: 'white' } }, 'branding.bg_color', 'The bg color field must be a colour written #RRGGBB.'],
      ['an unknown field in branding', { branding: { logo_path: 'x' } }, 'branding.logo_path', 'The logo path field is not allowed.'],
      ['a read-only field of the wrong type', { branding: { logo_pro_url: 5 } }, 'branding.logo_pro_url', 'The logo pro url field must be a string.'],
      ['an invalid slug', { slug: '-bad-' }, 'slug', 'The slug may contain only lowercase letters, digits and hyphens (at most 80 characters, no hyphen at either end).'],
      ['malformed GeoJSON', { features_collection: { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'LineString', coordinates: [[6.6, 95], [6.6, 46]] } }] } }, 'features_collection.features.0.geometry.coordinates.0', 'Each position must be [longitude, latitude], with a longitude between -180 and 180 and a latitude between -90 and 90.'],
      ['GeoJSON that is not a collection', { features_collection: { type: 'Point', coordinates: [1, 2] } }, 'features_collection.type', 'The type field must be one of: FeatureCollection.'],
      ['a place without id', { places: [{ placeSortId: 1 }] }, 'places.0.id', 'The id field is required.'],
      ['a place with extra fields', { places: [{ id: 1, visits: 1 }] }, 'places.0.visits', 'The visits field is not allowed.'],
      ['an extra field', { owner_id: 3 }, 'owner_id', 'The owner id field is not allowed.'],
      ['a flag as text', { isIndexed: 'yes' }, 'isIndexed', 'The isIndexed field must be a boolean.'],
    ])('refuses %s with 422 and changes nothing', async (_case, override, field, message) => {
      const { token, category } = await manager(t)
      const route = await storeRoute(t, token, category.id)
      const before = await snapshot(testDb.db, route.uuid)
      const res = await t.callOffContract('PUT', '/routes/update', { token, body: { uuid: route.uuid, name: 'Changed', ...override } })
      expect(res.status).toBe(422)
      expect(res.json.errors[field]).toEqual([message])
      expect(await snapshot(testDb.db, route.uuid)).toEqual(before)
    })

    it('answers 404 for an unknown uuid and 422 without one', async () => {
      const { token } = await manager(t)
      expect((await t.call('PUT', '/routes/update', { token, body: { uuid: 'nope', name: 'x' } })).status).toBe(404)
      const res = await t.callOffContract('PUT', '/routes/update', { token, body: { name: 'x' } })
      expect(res.status).toBe(422)
      expect(res.json.errors.uuid).toEqual(['The uuid field is required.'])
    })
  })

  describe('DELETE /routes/delete', () => {
    it('deletes the route with its translations, places, nearby links and QR codes', async () => {
      const { token, category } = await manager(t)
      const route = await storeRoute(t, token, category.id)
      const other = await storeRoute(t, token, category.id, { name: 'Other' })
      const place = await insertPlace(testDb.db, category.id)
      await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, places: [{ id: place }] } })
      await t.call('POST', '/routes/assign-nearby-route', { token, body: { currentRouteUuid: other.uuid, nearbyRouteUuid: route.uuid, sortId: 1 } })
      const res = await t.call('DELETE', '/routes/delete', { token, body: { uuid: route.uuid } })
      expect(res.status).toBe(200)
      expect(res.json).toEqual({ data: { message: 'Route deleted.', trash_id: expect.any(Number) } })
      // In the trash first (ADR 110); deleted for good from there.
      expect((await t.call('DELETE', `/trash/${res.json.data.trash_id}`, { token })).status).toBe(200)
      expect(await snapshot(testDb.db, route.uuid)).toBeNull()
      const walkIds = (await testDb.db.selectFrom('walks').select('id').execute()).map((w) => w.id)
      for (const table of ['walk_translations', 'walk_places', 'walk_qr_codes', 'walk_logos'] as const) {
        const orphans = await testDb.db.selectFrom(table).select('walk_id').execute()
        expect(orphans.every((row) => walkIds.includes(row.walk_id))).toBe(true)
      }
      expect((await t.call('GET', `/routes/${other.uuid}/get-route`, { token })).json.data.nearby_routes).toEqual([])
      // The place itself stays: it belongs to the category, not to the route.
      expect(await testDb.db.selectFrom('places').select('id').where('id', '=', place).executeTakeFirst()).toBeDefined()
      expect((await t.call('DELETE', '/routes/delete', { token, body: { uuid: route.uuid } })).status).toBe(404)
    })

    it('refuses a missing uuid or extra fields', async () => {
      const { token } = await manager(t)
      const res = await t.callOffContract('DELETE', '/routes/delete', { token, body: { id: 1 } })
      expect(res.status).toBe(422)
      expect(res.json.errors).toEqual({ uuid: ['The uuid field is required.'], id: ['The id field is not allowed.'] })
    })
  })

  describe('GET /routes/{uuid}/get-route', () => {
    it('answers the full route, and 404 for an unknown uuid', async () => {
      const { token, category } = await manager(t)
      const route = await storeRoute(t, token, category.id)
      const res = await t.call('GET', `/routes/${route.uuid}/get-route`, { token })
      expect(res.status).toBe(200)
      expect(res.json.data).toEqual(route)
      expect((await t.call('GET', '/routes/00000000-0000-0000-0000-000000000000/get-route', { token })).status).toBe(404)
    })
  })

  describe('GET /place-categories/{id}/fetch-routes', () => {
    it("answers the category's routes as summaries in the asked language", async () => {
      const { token, category } = await manager(t, { fallback_locale: 'fr' })
      const first = await storeRoute(t, token, category.id, { name: 'Premier', locale: 'fr' })
      await t.call('PUT', '/routes/update', { token, body: { uuid: first.uuid, translations: { en: { name: 'First', subtitle: 'Sub' } }, status: 'published', distance: 900 } })
      await storeRoute(t, token, category.id, { name: 'Second', locale: 'fr' })
      const res = await t.call('GET', `/place-categories/${category.id}/fetch-routes?locale=en`, { token })
      expect(res.status).toBe(200)
      expect(res.json.data).toEqual([
        {
          uuid: first.uuid,
          place_category_id: category.id,
          slug: 'premier',
          url: `${BASE}/r/${category.slug}/premier`,
          status: 'published',
          color: 'bg-orange',
          name: 'First',
          subtitle: 'Sub',
          photo: null,
          distance: 900,
          duration: Math.round(900 / 1.4),
          isIndexed: true,
          is_modified: false,
          placesCount: 0,
          notice: null,
        },
        expect.objectContaining({ name: 'Second', status: 'draft' }),
      ])
    })

    it('runs the same number of queries for 1 route as for 20 (no query per route)', async () => {
      const count = async (routes: number) => {
        const { token, category } = await manager(t)
        const place = await insertPlace(testDb.db, category.id)
        for (let i = 0; i < routes; i++) {
          const route = await storeRoute(t, token, category.id, { name: `Route ${i}` })
          await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, places: [{ id: place }], translations: { de: { name: `Weg ${i}` } } } })
        }
        testDb.queries.length = 0
        const res = await t.call('GET', `/place-categories/${category.id}/fetch-routes`, { token })
        expect(res.json.data).toHaveLength(routes)
        expect(res.json.data.every((r) => r.placesCount === 1)).toBe(true)
        return testDb.queries.length
      }
      expect(await count(20)).toBe(await count(1))
    })

    it('answers 404 for a non-numeric, unknown or foreign category', async () => {
      const { token } = await manager(t)
      const stranger = await manager(t)
      for (const id of ['abc', '999999', String(stranger.category.id)]) {
        expect((await t.call('GET', `/place-categories/${id}/fetch-routes`, { token })).status).toBe(404)
      }
    })
  })

  it('lets an editor of the category manage its routes like an owner', async () => {
    const { category } = await manager(t)
    const editor = await createUser(t.services)
    await t.services.db.insertInto('category_members').values({ category_id: category.id, user_id: editor.user.id, role: 'editor', created_at: new Date().toISOString() }).execute()
    const route = await storeRoute(t, editor.token, category.id)
    expect((await t.call('PUT', '/routes/update', { token: editor.token, body: { uuid: route.uuid, status: 'published' } })).status).toBe(200)
    expect((await t.call('DELETE', '/routes/delete', { token: editor.token, body: { uuid: route.uuid } })).status).toBe(200)
  })
})
