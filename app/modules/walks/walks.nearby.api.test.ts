import { describe, expect, it } from 'vitest'
import type { ApiData } from '#app/client/api-contract.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { createCategory } from '#tests/setup/factories.ts'
import { insertPlace, manager, snapshot, storeRoute } from './walks.test-fixtures.ts'

describe.each(testDialects)('nearby routes API on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect)

  async function threeRoutes() {
    const m = await manager(t)
    const [a, b, c] = [
      await storeRoute(t, m.token, m.category.id, { name: 'Alpha' }),
      await storeRoute(t, m.token, m.category.id, { name: 'Bravo' }),
      await storeRoute(t, m.token, m.category.id, { name: 'Charlie' }),
    ]
    return { ...m, a, b, c }
  }
  const assign = (token: string, current: string, nearby: string, sortId: number) =>
    t.call('POST', '/routes/assign-nearby-route', { token, body: { currentRouteUuid: current, nearbyRouteUuid: nearby, sortId } })
  const names = (route: ApiData<'/routes/assign-nearby-route', 'POST'>) => route.nearby_routes.map((r) => r.name)

  describe('POST /routes/assign-nearby-route', () => {
    it('lists a route nearby at a position, answering the route; assigning again moves it', async () => {
      const { token, category, a, b, c } = await threeRoutes()
      await insertPlace(testDb.db, category.id)
      const first = await assign(token, a.uuid, b.uuid, 1)
      expect(first.status).toBe(200)
      expect(first.json.data.uuid).toBe(a.uuid)
      expect(first.json.data.nearby_routes).toEqual([
        {
          uuid: b.uuid,
          place_category_id: category.id,
          slug: 'bravo',
          url: `http://localhost:3000/r/${category.slug}/bravo`,
          status: 'draft',
          color: 'bg-orange',
          name: 'Bravo',
          subtitle: null,
          photo: null,
          distance: 0,
          duration: 0,
          isIndexed: true,
          is_modified: false,
          placesCount: 0,
          notice: null,
        },
      ])
      expect(names((await assign(token, a.uuid, c.uuid, 1)).json.data)).toEqual(['Charlie', 'Bravo'])
      expect(names((await assign(token, a.uuid, b.uuid, 1)).json.data)).toEqual(['Bravo', 'Charlie'])
      // A position past the end appends.
      expect(names((await assign(token, a.uuid, b.uuid, 99)).json.data)).toEqual(['Charlie', 'Bravo'])
      const stored = await snapshot(testDb.db, a.uuid)
      expect(stored!.nearby.map((n) => n.sort_id)).toEqual([1, 2])
    })

    it.each([
      ['itself', 'self', 'A route cannot be its own nearby route.'],
      ['a route of another category', 'other', 'The nearby route must be a route of the same category.'],
      ['an unknown route', 'unknown', 'The nearby route must be a route of the same category.'],
    ])('refuses %s with 422 and writes nothing', async (_case, which, message) => {
      const { user, token, a } = await threeRoutes()
      const elsewhere = await storeRoute(t, token, (await createCategory(t.services, user)).id)
      const target = which === 'self' ? a.uuid : which === 'other' ? elsewhere.uuid : 'no-such-route'
      const before = await snapshot(testDb.db, a.uuid)
      const res = await assign(token, a.uuid, target, 1)
      expect(res.status).toBe(422)
      expect(res.json).toEqual({ message, errors: { nearbyRouteUuid: [message] } })
      expect(await snapshot(testDb.db, a.uuid)).toEqual(before)
    })

    it.each([
      ['a sortId of 0', { sortId: 0 }, 'sortId', 'The sortId field must be at least 1.'],
      ['a sortId as text', { sortId: '1' }, 'sortId', 'The sortId field must be a number.'],
      ['a missing nearby route', { nearbyRouteUuid: undefined }, 'nearbyRouteUuid', 'The nearbyRouteUuid field is required.'],
      ['an extra field', { position: 1 }, 'position', 'The position field is not allowed.'],
    ])('refuses %s', async (_case, override, field, message) => {
      const { token, a, b } = await threeRoutes()
      const res = await t.callOffContract('POST', '/routes/assign-nearby-route', {
        token,
        body: { currentRouteUuid: a.uuid, nearbyRouteUuid: b.uuid, sortId: 1, ...override },
      })
      expect(res.status).toBe(422)
      expect(res.json.errors[field]).toEqual([message])
      expect((await snapshot(testDb.db, a.uuid))!.nearby).toEqual([])
    })
  })

  describe('DELETE /routes/detach-nearby-route', () => {
    it('removes a nearby route and renumbers the rest from 1', async () => {
      const { token, a, b, c } = await threeRoutes()
      await assign(token, a.uuid, b.uuid, 1)
      await assign(token, a.uuid, c.uuid, 2)
      const res = await t.call('DELETE', '/routes/detach-nearby-route', { token, body: { currentRouteUuid: a.uuid, nearbyRouteUuid: b.uuid } })
      expect(res.status).toBe(200)
      expect(names(res.json.data)).toEqual(['Charlie'])
      expect((await snapshot(testDb.db, a.uuid))!.nearby.map((n) => [n.nearby_walk_id, n.sort_id])).toEqual([[expect.any(Number), 1]])
    })

    it('answers 404 for a route that is not listed nearby', async () => {
      const { token, a, b } = await threeRoutes()
      const res = await t.call('DELETE', '/routes/detach-nearby-route', { token, body: { currentRouteUuid: a.uuid, nearbyRouteUuid: b.uuid } })
      expect(res.status).toBe(404)
      const unknown = await t.call('DELETE', '/routes/detach-nearby-route', { token, body: { currentRouteUuid: a.uuid, nearbyRouteUuid: 'nope' } })
      expect(unknown.status).toBe(404)
    })

    it('refuses missing fields', async () => {
      const { token } = await threeRoutes()
      const res = await t.callOffContract('DELETE', '/routes/detach-nearby-route', { token, body: {} })
      expect(res.status).toBe(422)
      expect(res.json.errors).toEqual({ currentRouteUuid: ['The currentRouteUuid field is required.'], nearbyRouteUuid: ['The nearbyRouteUuid field is required.'] })
    })
  })
})
