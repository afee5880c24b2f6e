import { describe, expect, it } from 'vitest'
import { translate } from '#app/i18n/i18n.server.ts'
import { addMember, createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { manager, storeRoute } from './walks.test-fixtures.ts'

const LOGO_ORDER = 'The new order must list each of the route’s logos exactly once.'

describe.each(testDialects)('PUT /routes/{uuid}/logos/order on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect)

  /** A route with three logos stored as sort_id 1, 2, 3 (the files are not needed to order them). */
  async function routeWithLogos(api = t) {
    const m = await manager(api)
    const route = await storeRoute(api, m.token, m.category.id)
    const walk = await testDb.db.selectFrom('walks').select('id').where('uuid', '=', route.uuid).executeTakeFirstOrThrow()
    const logos: number[] = []
    for (const n of [1, 2, 3]) {
      const row = await testDb.db
        .insertInto('walk_logos')
        .values({ walk_id: walk.id, path: `routes/${route.uuid}/logo-${n}.webp`, sort_id: n })
        .returning('id')
        .executeTakeFirstOrThrow()
      logos.push(row.id)
    }
    return { ...m, route, walkId: walk.id, logos }
  }
  const stored = (walkId: number) =>
    testDb.db.selectFrom('walk_logos').select(['id', 'sort_id']).where('walk_id', '=', walkId).orderBy('sort_id').orderBy('id').execute()
  const order = (uuid: string, token: string | undefined, body: unknown) => t.callOffContract('PUT', `/routes/${uuid}/logos/order`, { token, body })

  it('renumbers the logos 1..n in the given order and answers the full route', async () => {
    const { token, route, walkId, logos: [a, b, c] } = await routeWithLogos()
    const res = await order(route.uuid, token, { ids: [c, a, b] })
    expect(res.status, JSON.stringify(res.json)).toBe(200)
    expect(res.json.data.uuid).toBe(route.uuid)
    expect(res.json.data.logos.map((l: { id: number }) => l.id)).toEqual([c, a, b])
    expect(res.json.data.logos[0].url).toBe(`/uploads/routes/${route.uuid}/logo-3.webp`)
    expect(await stored(walkId)).toEqual([
      { id: c, sort_id: 1 },
      { id: a, sort_id: 2 },
      { id: b, sort_id: 3 },
    ])
    // The route read later shows the same order.
    const read = await t.call('GET', `/routes/${route.uuid}/get-route`, { token })
    expect(read.json.data.logos.map((l: { id: number }) => l.id)).toEqual([c, a, b])
  })

  it('accepts an empty list for a route without logos', async () => {
    const m = await manager(t)
    const route = await storeRoute(t, m.token, m.category.id)
    const res = await order(route.uuid, m.token, { ids: [] })
    expect(res.status).toBe(200)
    expect(res.json.data.logos).toEqual([])
  })

  describe('refuses with 422 and changes nothing', () => {
    const refused = [
      { name: 'a missing logo', ids: (l: number[]) => [l[1], l[0]] },
      { name: 'a duplicate', ids: (l: number[]) => [l[0], l[0], l[1], l[2]] },
      { name: 'a duplicate in place of a logo', ids: (l: number[]) => [l[0], l[0], l[1]] },
      { name: 'an unknown id', ids: (l: number[]) => [l[0], l[1], l[2], 999_999] },
    ]
    it.each(refused)('$name', async ({ ids }) => {
      const { token, route, walkId, logos } = await routeWithLogos()
      const before = await stored(walkId)
      const res = await order(route.uuid, token, { ids: ids(logos) })
      expect(res.status).toBe(422)
      expect(res.json).toEqual({ message: LOGO_ORDER, errors: { ids: [LOGO_ORDER] } })
      expect(await stored(walkId)).toEqual(before)
    })

    it("another route's logo id", async () => {
      const mine = await routeWithLogos()
      const other = await storeRoute(t, mine.token, mine.category.id, { name: 'Other route' })
      const otherWalk = await testDb.db.selectFrom('walks').select('id').where('uuid', '=', other.uuid).executeTakeFirstOrThrow()
      const foreign = (
        await testDb.db.insertInto('walk_logos').values({ walk_id: otherWalk.id, path: 'routes/x/logo.webp', sort_id: 1 }).returning('id').executeTakeFirstOrThrow()
      ).id
      const [a, b] = mine.logos
      const res = await order(mine.route.uuid, mine.token, { ids: [a, b, foreign] })
      expect(res.status).toBe(422)
      expect(res.json.message).toBe(LOGO_ORDER)
      expect(await stored(mine.walkId)).toEqual(mine.logos.map((id, i) => ({ id, sort_id: i + 1 })))
      expect(await stored(otherWalk.id)).toEqual([{ id: foreign, sort_id: 1 }])
    })

    it.each([
      { name: 'no ids field', body: {} },
      { name: 'an extra field', body: { ids: [], sort: 'asc' } },
      { name: 'ids not an array', body: { ids: '1,2,3' } },
      { name: 'a non-integer id', body: { ids: [1.5] } },
      { name: 'a string id', body: { ids: ['1'] } },
      { name: 'a negative id', body: { ids: [-1] } },
    ])('a malformed body: $name', async ({ body }) => {
      const { token, route, walkId, logos } = await routeWithLogos()
      const res = await order(route.uuid, token, body)
      expect(res.status, JSON.stringify(res.json)).toBe(422)
      expect(res.json.message).toEqual(expect.any(String))
      expect(await stored(walkId)).toEqual(logos.map((id, i) => ({ id, sort_id: i + 1 })))
    })
  })

  it('has the refusal in all four languages (the API answers in English, screens translate the key)', () => {
    expect(['en', 'fr', 'de', 'it'].map((locale) => translate(locale as 'en', { key: 'validation.logo_order' }))).toEqual([
      LOGO_ORDER,
      'Le nouvel ordre doit contenir chaque logo du parcours exactement une fois.',
      'Die neue Reihenfolge muss jedes Logo der Route genau einmal enthalten.',
      'Il nuovo ordine deve contenere ogni logo del percorso esattamente una volta.',
    ])
  })

  describe('tenancy', () => {
    it('lets an editor of the category reorder', async () => {
      const { route, walkId, logos, category } = await routeWithLogos()
      const editor = await createUser(t.services)
      await addMember(t.services, category.id, editor.user, 'editor')
      const reversed = [...logos].reverse()
      expect((await order(route.uuid, editor.token, { ids: reversed })).status).toBe(200)
      expect((await stored(walkId)).map((l) => l.id)).toEqual(reversed)
    })

    it('answers 401 when signed out, 404 to a member of another category and for an unknown route', async () => {
      const { route, walkId, logos } = await routeWithLogos()
      const anonymous = await order(route.uuid, undefined, { ids: [...logos].reverse() })
      expect(anonymous.status).toBe(401)
      expect(anonymous.json.message).toBe('Unauthenticated.')
      const stranger = await manager(t)
      expect((await order(route.uuid, stranger.token, { ids: [...logos].reverse() })).status).toBe(404)
      expect((await order('00000000-0000-4000-8000-000000000000', stranger.token, { ids: [] })).status).toBe(404)
      expect(await stored(walkId)).toEqual(logos.map((id, i) => ({ id, sort_id: i + 1 })))
    })
  })
})
