import QRCode from 'qrcode'
import { describe, expect, it } from 'vitest'
import type { User } from '#app/db/schema.ts'
import type { ApiOutputAt } from '#app/client/api-contract.ts'
import { createTestApi, useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { addMember, createCategory, createUser } from '#tests/setup/factories.ts'
import { CODE_ALPHABET } from './random-code.ts'

const BASE = 'http://localhost:3000'
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const codePattern = new RegExp(`^[${CODE_ALPHABET}]{8}$`)
const enc = encodeURIComponent

describe.each(testDialects)('QR codes API on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect)

  /** An owner with a category of their own. */
  const setup = async () => {
    const owner = await createUser(t.services, { name: 'Olivia Owner' })
    const category = await createCategory(t.services, owner.user)
    return { ...owner, category }
  }
  const addPlace = (categoryId: number, name: string, lat: number | null = 46.5197, lng: number | null = 6.6323) =>
    testDb.db
      .insertInto('places')
      .values({ category_id: categoryId, name, lat, lng, created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow()
  const createQr = async (token: string, categoryId: number, body: object = {}) => {
    const res = await t.call('POST', '/qr-codes', { token, body: { place_category_id: categoryId, ...body } })
    expect(res.status).toBe(201)
    return res.json.data as { id: number; code: string }
  }
  const qrRow = (code: string) => testDb.db.selectFrom('qr_codes').selectAll().where('code', '=', code).executeTakeFirst()
  const qrCount = async (categoryId: number) =>
    Number((await testDb.db.selectFrom('qr_codes').select((eb) => eb.fn.countAll().as('n')).where('category_id', '=', categoryId).executeTakeFirstOrThrow()).n)
  const placeCount = async (categoryId: number) =>
    Number((await testDb.db.selectFrom('places').select((eb) => eb.fn.countAll().as('n')).where('category_id', '=', categoryId).executeTakeFirstOrThrow()).n)
  const link = async (code: string, placeId: number, user: User) =>
    testDb.db.updateTable('qr_codes').set({ place_id: placeId, user_id: user.id, activated_at: new Date().toISOString() }).where('code', '=', code).execute()

  describe('GET /place-categories/{id}/fetch-qr-codes', () => {
    it('lists the category’s codes with their place and user', async () => {
      const { token, user, category } = await setup()
      const place = await addPlace(category.id, 'Cathedral')
      const linked = await createQr(token, category.id, { code: 'CATHEDRAL', name: 'Front door' })
      const free = await createQr(token, category.id)
      await link(linked.code, place.id, user)
      const other = await setup()
      await createQr(other.token, other.category.id)

      const res = await t.call('GET', `/place-categories/${category.id}/fetch-qr-codes`, { token })
      expect(res.status).toBe(200)
      expect(res.json.data).toEqual([
        {
          id: linked.id,
          code: 'CATHEDRAL',
          image_url: `${BASE}/api/qr-codes/CATHEDRAL/image.svg`,
          image_png_url: `${BASE}/api/qr-codes/CATHEDRAL/image.png`,
          name: 'Front door',
          place: { id: place.id, name: 'Cathedral', lat: 46.5197, lng: 6.6323 },
          user: { id: user.id, name: 'Olivia Owner' },
          activated_at: expect.any(String),
          created_at: expect.any(String),
          scans: 0,
          last_scanned_at: null,
        },
        expect.objectContaining({ id: free.id, code: free.code, place: null, user: null, activated_at: null, scans: 0, last_scanned_at: null }),
      ])
    })

    it('reads the list in a constant number of queries (no N+1)', async () => {
      const { token, user, category } = await setup()
      const place = await addPlace(category.id, 'Bridge')
      const count = async () => {
        testDb.queries.length = 0
        const res = await t.call('GET', `/place-categories/${category.id}/fetch-qr-codes`, { token })
        expect(res.status).toBe(200)
        return { queries: testDb.queries.length, codes: res.json.data.length }
      }
      await link((await createQr(token, category.id)).code, place.id, user)
      const few = await count()
      for (let i = 0; i < 5; i++) await link((await createQr(token, category.id)).code, place.id, user)
      const many = await count()
      expect([few.codes, many.codes]).toEqual([1, 6])
      expect(many.queries).toBe(few.queries)
      expect(testDb.queries.filter((q) => /from "qr_codes"/i.test(q))).toHaveLength(1)
    })

    it('answers an empty list for a category without codes', async () => {
      const { token, category } = await setup()
      const res = await t.call('GET', `/place-categories/${category.id}/fetch-qr-codes`, { token })
      expect(res.json).toEqual({ data: [] })
    })
  })

  describe('POST /qr-codes', () => {
    it('creates a code with the given code, name and image url', async () => {
      const { token, category } = await setup()
      const res = await t.call('POST', '/qr-codes', {
        token,
        body: { place_category_id: category.id, code: ' BENCH-12 ', name: 'Bench', image_url: 'https://cdn.example.org/qr/bench.svg' },
      })
      expect(res.status).toBe(201)
      expect(res.json.data).toEqual({
        id: expect.any(Number),
        code: 'BENCH-12',
        image_url: 'https://cdn.example.org/qr/bench.svg',
        image_png_url: `${BASE}/api/qr-codes/BENCH-12/image.png`,
        name: 'Bench',
        place: null,
        user: null,
        activated_at: null,
        created_at: expect.any(String),
        scans: 0,
        last_scanned_at: null,
      })
      expect(await qrRow('BENCH-12')).toMatchObject({ category_id: category.id, place_id: null, user_id: null, activated_at: null })
    })

    it('draws a code and uses the app’s own image when none is given', async () => {
      const { token, category } = await setup()
      const res = await t.call('POST', '/qr-codes', { token, body: { place_category_id: category.id } })
      expect(res.status).toBe(201)
      const { code, image_url, name } = res.json.data
      expect(code).toMatch(codePattern)
      expect(image_url).toBe(`${BASE}/api/qr-codes/${code}/image.svg`)
      expect(name).toBeNull()
    })

    it('percent-encodes a code with URL characters in its image urls, in its one (uppercase) form', async () => {
      const { token, category } = await setup()
      const typed = 'Café/42 #1?x=é'
      const code = 'CAFÉ/42 #1?X=É'
      const created = await createQr(token, category.id, { code: typed })
      expect(created.code).toBe(code)
      const res = await t.call('GET', `/qr-codes/${enc(typed)}`, { token })
      expect(res.status).toBe(200)
      expect(res.json.data).toMatchObject({
        id: created.id,
        code,
        image_url: `${BASE}/api/qr-codes/${enc(code)}/image.svg`,
        image_png_url: `${BASE}/api/qr-codes/${enc(code)}/image.png`,
      })
      const svg = await t.call('GET', `/qr-codes/${enc(code)}/image.svg`)
      expect(svg.status).toBe(200)
    })

    const invalidObject = 'Invalid qr code object'
    const invalidCode = 'Invalid qr code code'
    const invalidImageUrl = 'Invalid qr code image url'
    it.each([
      ['an array body', [1, 2], '_root', invalidObject],
      ['a string body', '"QR"', '_root', invalidObject],
      ['a null body', 'null', '_root', invalidObject],
      ['an empty code', { code: '' }, 'code', invalidCode],
      ['a blank code', { code: '   ' }, 'code', invalidCode],
      ['a numeric code', { code: 42 }, 'code', invalidCode],
      ['a null code', { code: null }, 'code', invalidCode],
      ['a code of dots', { code: '..' }, 'code', invalidCode],
      ['a code with a control character', { code: 'AB\nCD' }, 'code', invalidCode],
      ['a code too long', { code: 'A'.repeat(101) }, 'code', invalidCode],
      ['an image url that is no URL', { image_url: 'not a url' }, 'image_url', invalidImageUrl],
      ['an ftp image url', { image_url: 'ftp://example.org/qr.svg' }, 'image_url', invalidImageUrl],
      ['a javascript image url', { image_url: 'javascript:alert(1)' }, 'image_url', invalidImageUrl],
      ['an empty image url', { image_url: '' }, 'image_url', invalidImageUrl],
      ['a numeric image url', { image_url: 7 }, 'image_url', invalidImageUrl],
      ['a missing category', { place_category_id: undefined }, 'place_category_id', 'The place category id field is required.'],
      ['a category id as text', { place_category_id: '1' }, 'place_category_id', 'The place category id field must be a number.'],
      ['a name too long', { name: 'x'.repeat(121) }, 'name', 'The name field must not be longer than 120 characters.'],
      ['an extra field', { place_id: 1 }, 'place_id', 'The place id field is not allowed.'],
    ])('refuses %s with 422 and writes nothing', async (_case, patch, field, message) => {
      const { token, category } = await setup()
      const body = typeof patch === 'string' || Array.isArray(patch) ? patch : { place_category_id: category.id, ...patch }
      const res = await t.callOffContract('POST', '/qr-codes', { token, body })
      expect(res.status).toBe(422)
      expect(res.json.errors[field]).toEqual([message])
      expect(res.json.message).toBe(message)
      expect(await qrCount(category.id)).toBe(0)
    })

    it('refuses a code that exists, in any category', async () => {
      const { token, category } = await setup()
      const other = await setup()
      await createQr(other.token, other.category.id, { code: 'TAKEN-1' })
      const res = await t.call('POST', '/qr-codes', { token, body: { place_category_id: category.id, code: 'TAKEN-1' } })
      expect(res.status).toBe(422)
      expect(res.json).toEqual({ message: 'This QR code already exists. Choose another code.', errors: { code: ['This QR code already exists. Choose another code.'] } })
      expect(await qrCount(category.id)).toBe(0)
    })
  })

  describe('POST /qr-codes/batch', () => {
    it('creates N random, distinct codes named after the prefix', async () => {
      const { token, category } = await setup()
      const res = await t.call('POST', '/qr-codes/batch', { token, body: { place_category_id: category.id, count: 5, name_prefix: 'Plaque' } })
      expect(res.status).toBe(201)
      const data = res.json.data as { code: string; name: string; image_url: string }[]
      expect(data.map((q) => q.name)).toEqual(['Plaque 1', 'Plaque 2', 'Plaque 3', 'Plaque 4', 'Plaque 5'])
      for (const qr of data) {
        expect(qr.code).toMatch(codePattern)
        expect(qr.image_url).toBe(`${BASE}/api/qr-codes/${qr.code}/image.svg`)
      }
      expect(new Set(data.map((q) => q.code)).size).toBe(5)
      expect(await qrCount(category.id)).toBe(5)
    })

    it('creates 500 unique codes without names, in the unambiguous alphabet', async () => {
      const { token, category } = await setup()
      const res = await t.call('POST', '/qr-codes/batch', { token, body: { place_category_id: category.id, count: 500 } })
      expect(res.status).toBe(201)
      const codes = (res.json.data as { code: string; name: string | null }[]).map((q) => q.code)
      expect(new Set(codes).size).toBe(500)
      expect(codes.every((c) => codePattern.test(c) && !/[01OIL]/.test(c))).toBe(true)
      expect((res.json.data as { name: string | null }[]).every((q) => q.name === null)).toBe(true)
      expect(await qrCount(category.id)).toBe(500)
    })

    it.each([
      ['a count of 0', { count: 0 }, 'count', 'The count field must be at least 1.'],
      ['a count of 501', { count: 501 }, 'count', 'The count field must not be greater than 500.'],
      ['a fractional count', { count: 2.5 }, 'count', 'The count field must be an integer.'],
      ['a count as text', { count: '5' }, 'count', 'The count field must be a number.'],
      ['a missing count', { count: undefined }, 'count', 'The count field is required.'],
      ['a blank prefix', { count: 2, name_prefix: '  ' }, 'name_prefix', 'The name prefix field is required.'],
      ['an extra field', { count: 2, code: 'X' }, 'code', 'The code field is not allowed.'],
    ])('refuses %s with 422 and writes nothing', async (_case, patch, field, message) => {
      const { token, category } = await setup()
      const res = await t.callOffContract('POST', '/qr-codes/batch', { token, body: { place_category_id: category.id, ...patch } })
      expect(res.status).toBe(422)
      expect(res.json.errors[field]).toEqual([message])
      expect(await qrCount(category.id)).toBe(0)
    })
  })

  describe('GET, PUT and DELETE /qr-codes/{code}', () => {
    it('reads one code', async () => {
      const { token, category } = await setup()
      const qr = await createQr(token, category.id, { name: 'Gate' })
      const res = await t.call('GET', `/qr-codes/${qr.code}`, { token })
      expect(res.status).toBe(200)
      expect(res.json.data).toMatchObject({ id: qr.id, code: qr.code, name: 'Gate', place: null })
      expect((await t.call('GET', '/qr-codes/NO-SUCH-CODE', { token })).status).toBe(404)
    })

    it('updates the name and the image url, and clears the name with null', async () => {
      const { token, category } = await setup()
      const qr = await createQr(token, category.id, { name: 'Old' })
      const res = await t.call('PUT', `/qr-codes/${qr.code}`, { token, body: { name: 'New', image_url: 'http://img.example.org/a.png' } })
      expect(res.status).toBe(200)
      expect(res.json.data).toMatchObject({ code: qr.code, name: 'New', image_url: 'http://img.example.org/a.png' })
      const cleared = await t.call('PUT', `/qr-codes/${qr.code}`, { token, body: { name: null } })
      expect(cleared.json.data).toMatchObject({ name: null, image_url: 'http://img.example.org/a.png' })
      expect(await qrRow(qr.code)).toMatchObject({ name: null, image_url: 'http://img.example.org/a.png' })
    })

    it.each([
      ['an empty object', {}, '_root', 'Nothing to update: send a name or an image url.'],
      ['an array', [], '_root', 'Invalid qr code object'],
      ['a bad image url', { image_url: 'www.example.org/a.png' }, 'image_url', 'Invalid qr code image url'],
      ['a null image url', { image_url: null }, 'image_url', 'Invalid qr code image url'],
      ['a code change', { code: 'NEW' }, 'code', 'The code field is not allowed.'],
      ['a numeric name', { name: 3 }, 'name', 'The name field must be a string.'],
    ])('refuses %s with 422 and changes nothing', async (_case, body, field, message) => {
      const { token, category } = await setup()
      const qr = await createQr(token, category.id, { name: 'Kept' })
      const before = await qrRow(qr.code)
      const res = await t.callOffContract('PUT', `/qr-codes/${qr.code}`, { token, body })
      expect(res.status).toBe(422)
      expect(res.json.errors[field]).toEqual([message])
      expect(await qrRow(qr.code)).toEqual(before)
    })

    it('deletes a code', async () => {
      const { token, category } = await setup()
      const qr = await createQr(token, category.id)
      const res = await t.call('DELETE', `/qr-codes/${qr.code}`, { token })
      expect(res.status).toBe(200)
      expect(res.json).toEqual({ data: { message: 'The QR code has been deleted.', trash_id: expect.any(Number) } })
      // In the trash first (ADR 110); deleted for good from there.
      expect((await t.call('DELETE', `/trash/${res.json.data.trash_id}`, { token })).status).toBe(200)
      expect(await qrRow(qr.code)).toBeUndefined()
      expect((await t.call('DELETE', `/qr-codes/${qr.code}`, { token })).status).toBe(404)
    })
  })

  describe('PUT /qr-codes/{code}/add-location', () => {
    it('links an existing place of the category: place, user and activation time', async () => {
      const { token, user, category } = await setup()
      const place = await addPlace(category.id, 'Fountain')
      const qr = await createQr(token, category.id)
      const before = Date.now()
      const res = await t.call('PUT', `/qr-codes/${qr.code}/add-location`, { token, body: { place_id: place.id } })
      expect(res.status).toBe(200)
      expect(res.json.data).toMatchObject({
        code: qr.code,
        place: { id: place.id, name: 'Fountain', lat: 46.5197, lng: 6.6323 },
        user: { id: user.id, name: 'Olivia Owner' },
      })
      expect(Date.parse(res.json.data.activated_at!)).toBeGreaterThanOrEqual(before - 1000)
      expect(await qrRow(qr.code)).toMatchObject({ place_id: place.id, user_id: user.id, activated_at: res.json.data.activated_at })
    })

    it('refuses a place of another category (422 on place_id) and links nothing', async () => {
      const { token, category } = await setup()
      const other = await setup()
      const foreign = await addPlace(other.category.id, 'Elsewhere')
      const qr = await createQr(token, category.id)
      for (const placeId of [foreign.id, foreign.id + 100000]) {
        const res = await t.call('PUT', `/qr-codes/${qr.code}/add-location`, { token, body: { place_id: placeId } })
        expect(res.status).toBe(422)
        expect(res.json).toEqual({
          message: 'The place must belong to the same category as the QR code.',
          errors: { place_id: ['The place must belong to the same category as the QR code.'] },
        })
      }
      expect(await qrRow(qr.code)).toMatchObject({ place_id: null, user_id: null, activated_at: null })
    })

    it('creates a place at a free spot and links it, in one step', async () => {
      const { token, user, category } = await setup()
      await addPlace(category.id, 'Far away', 46.53, 6.65)
      const qr = await createQr(token, category.id)
      const res = await t.call('PUT', `/qr-codes/${qr.code}/add-location`, { token, body: { lat: 46.5, lng: 6.6, name: 'Lake shore' } })
      expect(res.status).toBe(200)
      expect(res.json.data.place).toEqual({ id: expect.any(Number), name: 'Lake shore', lat: 46.5, lng: 6.6 })
      expect(res.json.data.user).toEqual({ id: user.id, name: 'Olivia Owner' })
      const place = await testDb.db.selectFrom('places').selectAll().where('id', '=', res.json.data.place!.id).executeTakeFirstOrThrow()
      expect(place).toMatchObject({ category_id: category.id, name: 'Lake shore', lat: 46.5, lng: 6.6 })
      expect(await placeCount(category.id)).toBe(2)
    })

    it('offers the places within 20 m (409) and changes nothing, then creates anyway when asked', async () => {
      const { token, user, category } = await setup()
      const near = await addPlace(category.id, 'Old tower', 46.52, 6.63)
      const nearer = await addPlace(category.id, 'Tower door', 46.52005, 6.63)
      await addPlace(category.id, 'Across town', 46.53, 6.63)
      const other = await setup()
      await addPlace(other.category.id, 'Other tenant’s tower', 46.52006, 6.63)
      const qr = await createQr(token, category.id)
      const spot = { lat: 46.52007, lng: 6.63, name: 'Tower plaque' }

      const offer = await t.call('PUT', `/qr-codes/${qr.code}/add-location`, { token, body: spot })
      expect(offer.status).toBe(409)
      expect(offer.json.message).toBe('There is already a place within 20 m of this spot. Link the QR code to it, or confirm to create a new place anyway.')
      expect((offer.json as unknown as ApiOutputAt<`/qr-codes/${string}/add-location`, 'PUT', 409>).data.nearby_places).toEqual([
        { id: nearer.id, name: 'Tower door', lat: 46.52005, lng: 6.63, distance: expect.closeTo(2.2, 0) },
        { id: near.id, name: 'Old tower', lat: 46.52, lng: 6.63, distance: expect.closeTo(7.8, 0) },
      ])
      expect(await placeCount(category.id)).toBe(3)
      expect(await qrRow(qr.code)).toMatchObject({ place_id: null, user_id: null, activated_at: null })

      const forced = await t.call('PUT', `/qr-codes/${qr.code}/add-location`, { token, body: { ...spot, create_anyway: true } })
      expect(forced.status).toBe(200)
      expect(forced.json.data.place).toEqual({ id: expect.any(Number), name: 'Tower plaque', lat: 46.52007, lng: 6.63 })
      expect(await placeCount(category.id)).toBe(4)
      expect(await qrRow(qr.code)).toMatchObject({ place_id: forced.json.data.place!.id, user_id: user.id, activated_at: expect.any(String) })
    })

    it.each([
      ['both a place and a position', { place_id: 1, lat: 46.5 }, 'lat', 'Send either a place (place_id) or a position (lat, lng and name), not both.'],
      ['a position without a name', { lat: 46.5, lng: 6.6 }, 'name', 'The name field is required.'],
      ['a position without lng', { lat: 46.5, name: 'X' }, 'lng', 'The lng field is required.'],
      ['nothing', {}, 'lat', 'The lat field is required.'],
      ['a latitude out of range', { lat: 91, lng: 6.6, name: 'X' }, 'lat', 'The lat field must not be greater than 90.'],
      ['a longitude out of range', { lat: 46, lng: -181, name: 'X' }, 'lng', 'The lng field must be at least -180.'],
      ['a latitude as text', { lat: '46.5', lng: 6.6, name: 'X' }, 'lat', 'The lat field must be a number.'],
      ['a blank name', { lat: 46.5, lng: 6.6, name: ' ' }, 'name', 'The name field is required.'],
      ['create_anyway as text', { lat: 46.5, lng: 6.6, name: 'X', create_anyway: 'yes' }, 'create_anyway', 'The create anyway field must be a boolean.'],
      ['a place id as text', { place_id: '3' }, 'place_id', 'The place id field must be a number.'],
      ['an extra field', { place_id: 3, user_id: 1 }, 'user_id', 'The user id field is not allowed.'],
    ])('refuses %s with 422 and changes nothing', async (_case, body, field, message) => {
      const { token, category } = await setup()
      const qr = await createQr(token, category.id)
      const res = await t.callOffContract('PUT', `/qr-codes/${qr.code}/add-location`, { token, body })
      expect(res.status).toBe(422)
      expect(res.json.errors[field]).toEqual([message])
      expect(await placeCount(category.id)).toBe(0)
      expect(await qrRow(qr.code)).toMatchObject({ place_id: null, activated_at: null })
    })
  })

  describe('detach-place', () => {
    it.each(['GET', 'POST'])('%s clears the place and the user and keeps activated_at', async (method) => {
      const { token, category } = await setup()
      const editor = await createUser(t.services, { name: 'Eddie Editor' })
      await addMember(t.services, category.id, editor.user, 'editor')
      const place = await addPlace(category.id, 'Market')
      const qr = await createQr(token, category.id)
      const linked = await t.call('PUT', `/qr-codes/${qr.code}/add-location`, { token: editor.token, body: { place_id: place.id } })
      expect(linked.json.data.user).toEqual({ id: editor.user.id, name: 'Eddie Editor' })
      const activatedAt = linked.json.data.activated_at

      const res = await t.callOffContract(method, `/qr-codes/${qr.code}/detach-place`, { token })
      expect(res.status).toBe(200)
      expect(res.json.data).toMatchObject({ code: qr.code, place: null, user: null, activated_at: activatedAt })
      expect(await qrRow(qr.code)).toMatchObject({ place_id: null, user_id: null, activated_at: activatedAt })
      expect(await placeCount(category.id)).toBe(1)
    })
  })

  describe('images (public)', () => {
    const pngWidth = (bytes: Buffer) => bytes.readUInt32BE(16)
    const fetchImage = async (path: string, headers: Record<string, string> = {}) => {
      const response = await t.api.request(path, { headers })
      return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) }
    }

    it('serves an SVG of the resolver URL, cached a day with an ETag, 304 when unchanged', async () => {
      const { token, category } = await setup()
      const qr = await createQr(token, category.id)
      const res = await fetchImage(`/qr-codes/${qr.code}/image.svg`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400')
      const etag = res.headers.get('etag')!
      expect(etag).toMatch(/^"[\w-]+"$/)
      const svg = res.bytes.toString('utf8')
      expect(svg.startsWith('<svg') || svg.startsWith('<?xml')).toBe(true)
      expect(svg).toBe(await QRCode.toString(`${BASE}/q/${qr.code}`, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, width: 512 }))

      const again = await fetchImage(`/qr-codes/${qr.code}/image.svg`, { 'If-None-Match': etag })
      expect(again.status).toBe(304)
      expect(again.bytes.length).toBe(0)
      expect(again.headers.get('etag')).toBe(etag)
    })

    it.each([
      [undefined, 512],
      [64, 64],
      [300, 300],
      [2048, 2048],
    ])('serves a PNG of size %s as %i pixels', async (size, width) => {
      const { token, category } = await setup()
      const qr = await createQr(token, category.id)
      const res = await fetchImage(`/qr-codes/${qr.code}/image.png${size ? `?size=${size}` : ''}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/png')
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400')
      expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/)
      expect(res.bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE)
      expect(pngWidth(res.bytes)).toBe(width)
      expect(res.bytes.readUInt32BE(20)).toBe(width)
    })

    it('encodes the resolver URL, percent-encoding the code, at the asked size even for a long code', async () => {
      const { token, category } = await setup()
      const code = 'Ünïcödé/🌲'.repeat(8)
      await createQr(token, category.id, { code })
      const res = await fetchImage(`/qr-codes/${enc(code)}/image.png?size=64`)
      expect(res.status).toBe(200)
      expect(pngWidth(res.bytes)).toBe(64)
      const svg = await fetchImage(`/qr-codes/${enc(code)}/image.svg`)
      expect(svg.bytes.toString('utf8')).toBe(await QRCode.toString(`${BASE}/q/${enc(code)}`, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, width: 512 }))
    })

    it('gives each size its own ETag', async () => {
      const { token, category } = await setup()
      const qr = await createQr(token, category.id)
      const a = await fetchImage(`/qr-codes/${qr.code}/image.png?size=100`)
      const b = await fetchImage(`/qr-codes/${qr.code}/image.png?size=200`)
      expect(a.headers.get('etag')).not.toBe(b.headers.get('etag'))
    })

    it.each([
      ['63', 'The size field must be at least 64.'],
      ['2049', 'The size field must not be greater than 2048.'],
      ['abc', 'The size field must be a number.'],
      ['100.5', 'The size field must be an integer.'],
    ])('refuses size=%s with 422', async (size, message) => {
      const { token, category } = await setup()
      const qr = await createQr(token, category.id)
      const res = await t.call('GET', `/qr-codes/${qr.code}/image.png?size=${size}`)
      expect(res.status).toBe(422)
      expect(res.json.errors.size).toEqual([message])
    })

    it('limits PNG renders per client: an image already drawn, and SVGs, are not counted', async () => {
      const limited = createTestApi(testDb, { RATE_LIMIT_QR_IMAGES: '2/60' })
      const { token, category } = await setup()
      const [a, b, c] = [await createQr(token, category.id), await createQr(token, category.id), await createQr(token, category.id)]
      const get = (path: string, client = '198.51.100.1') => limited.api.request(path, {}, { incoming: { socket: { remoteAddress: client } } })
      expect((await get(`/qr-codes/${a.code}/image.png?size=2048`)).status).toBe(200)
      expect((await get(`/qr-codes/${b.code}/image.png?size=2048`)).status).toBe(200)
      const third = await get(`/qr-codes/${c.code}/image.png?size=2048`)
      expect(third.status).toBe(429)
      expect(third.headers.get('retry-after')).toMatch(/^\d+$/)
      expect(await third.json()).toEqual({ message: 'Too many attempts. Please try again later.' })
      // Drawn already: served from the cache, to this client too.
      expect((await get(`/qr-codes/${a.code}/image.png?size=2048`)).status).toBe(200)
      expect((await get(`/qr-codes/${c.code}/image.svg`)).status).toBe(200)
      // Another client has its own count.
      expect((await get(`/qr-codes/${c.code}/image.png?size=2048`, '198.51.100.2')).status).toBe(200)
    })

    it('answers 404 in the error envelope for an unknown code', async () => {
      for (const path of ['/qr-codes/NOPE1234/image.svg', '/qr-codes/NOPE1234/image.png']) {
        const res = await t.callOffContract('GET', path)
        expect(res.status).toBe(404)
        expect(res.json).toEqual({ message: 'Not found.' })
      }
    })
  })

  describe('resolve (for the /q/{code} page)', () => {
    it('tells the category, the place and the activation of a code, or undefined', async () => {
      const { token, user, category } = await setup()
      const place = await addPlace(category.id, 'Pier')
      const qr = await createQr(token, category.id, { code: 'PIER 1' })
      expect(await t.services.qrCodes.resolve('PIER 1')).toEqual({ id: qr.id, code: 'PIER 1', category_id: category.id, place_id: null, activated_at: null })
      await link(qr.code, place.id, user)
      expect(await t.services.qrCodes.resolve('PIER 1')).toEqual({ id: qr.id, code: 'PIER 1', category_id: category.id, place_id: place.id, activated_at: expect.any(String) })
      // Typed from the plaque in any case.
      expect(await t.services.qrCodes.resolve('pier 1')).toEqual(await t.services.qrCodes.resolve('PIER 1'))
      expect(await t.services.qrCodes.resolve('pier 2')).toBeUndefined()
    })

    it('finds a code whatever its case on every endpoint, and refuses a new code that differs only by case', async () => {
      const { token, category } = await setup()
      const [generated] = (await t.call('POST', '/qr-codes/batch', { token, body: { place_category_id: category.id, count: 1 } })).json.data
      expect(generated.code).toMatch(/^[A-Z2-9]{8}$/)
      const lower = generated.code.toLowerCase()
      expect((await t.call('GET', `/qr-codes/${lower}`, { token })).json.data.id).toBe(generated.id)
      expect((await t.call('GET', `/qr-codes/${lower}/image.svg`)).status).toBe(200)
      expect((await t.services.qrCodes.resolve(lower))?.code).toBe(generated.code)
      const chosen = await createQr(token, category.id, { code: 'Cathedral-North' })
      expect(chosen.code).toBe('CATHEDRAL-NORTH')
      const again = await t.call('POST', '/qr-codes', { token, body: { place_category_id: category.id, code: 'cathedral-north' } })
      expect(again.status).toBe(422)
      expect(again.json.errors.code).toHaveLength(1)
      const stored = await testDb.db.selectFrom('qr_codes').select('code').where('category_id', '=', category.id).execute()
      expect(stored.map((r) => r.code).sort()).toEqual([generated.code, 'CATHEDRAL-NORTH'].sort())
    })
  })

  describe('tenancy', () => {
    const endpoints = (categoryId: number, code: string, placeId: number): [string, string, object | undefined][] => [
      ['GET', `/place-categories/${categoryId}/fetch-qr-codes`, undefined],
      ['POST', '/qr-codes', { place_category_id: categoryId, code: `NEW-${code}` }],
      ['POST', '/qr-codes/batch', { place_category_id: categoryId, count: 2 }],
      ['GET', `/qr-codes/${code}`, undefined],
      ['PUT', `/qr-codes/${code}`, { name: 'Renamed' }],
      ['PUT', `/qr-codes/${code}/add-location`, { place_id: placeId }],
      ['GET', `/qr-codes/${code}/detach-place`, undefined],
      ['POST', `/qr-codes/${code}/detach-place`, undefined],
      ['DELETE', `/qr-codes/${code}`, undefined],
    ]

    it('answers 401 to anonymous callers and 404 to another tenant, changing nothing', async () => {
      const { token, category } = await setup()
      const place = await addPlace(category.id, 'Square')
      const qr = await createQr(token, category.id, { name: 'Original' })
      const stranger = await setup()
      const before = await qrRow(qr.code)
      for (const [method, path, body] of endpoints(category.id, qr.code, place.id)) {
        const anonymous = await t.callOffContract(method, path, { body })
        expect([method, path, anonymous.status, anonymous.json]).toEqual([method, path, 401, { message: 'Unauthenticated.' }])
        const foreign = await t.callOffContract(method, path, { body, token: stranger.token })
        expect([method, path, foreign.status, foreign.json]).toEqual([method, path, 404, { message: 'Not found.' }])
      }
      expect(await qrRow(qr.code)).toEqual(before)
      expect(await qrCount(category.id)).toBe(1)
    })

    it('lets an editor of the category use every endpoint', async () => {
      const { token, category } = await setup()
      const editor = await createUser(t.services)
      await addMember(t.services, category.id, editor.user, 'editor')
      const place = await addPlace(category.id, 'Square')
      const qr = await createQr(token, category.id)
      for (const [method, path, body] of endpoints(category.id, qr.code, place.id)) {
        const res = await t.callOffContract(method, path, { body, token: editor.token })
        expect([method, path, res.status]).toEqual([method, path, method === 'POST' && !path.includes('detach') ? 201 : 200])
      }
      // The last one moved it to the trash (ADR 110): gone from every read.
      expect((await t.call('GET', `/qr-codes/${qr.code}`, { token: editor.token })).status).toBe(404)
    })
  })
})
