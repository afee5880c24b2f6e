import { beforeEach, describe, expect, it } from 'vitest'
import { addMember, createCategory, createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { monthsBefore } from './heatmap.ts'
import type { NewEvent } from './stats.service.server.ts'
import { countRows, insertWalk } from './stats.test-fixtures.ts'

const times = (n: number, event: NewEvent) => Array.from({ length: n }, () => ({ ...event }))

describe.each(testDialects)('heatmap API on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect)

  beforeEach(async () => {
    for (const table of ['events', 'stat_days', 'stat_salts'] as const) await testDb.db.deleteFrom(table).execute()
  })

  const place = (categoryId: number, name: string, point: { lat: number; lng: number } | null) =>
    t.services.places.createInCategory(categoryId, { name, lat: point?.lat ?? null, lng: point?.lng ?? null })

  async function stops(walkId: number, placeIds: number[]) {
    await testDb.db
      .insertInto('walk_places')
      .values(placeIds.map((place_id, i) => ({ walk_id: walkId, place_id, sort_id: i + 1 })))
      .execute()
  }

  /**
   * Old town passes by A, B and an unplaced stop (2 placed stops); Lakeside by A, B and C.
   * April 2025: Old town 10 views, Lakeside 31; scans A 5 + 1 (through Old town), C 2, D 7 (no
   * coordinates). June 2025: more of everything, outside April-May. Another category's figures too.
   */
  async function world() {
    const owner = await createUser(t.services)
    const editor = await createUser(t.services)
    const stranger = await createUser(t.services)
    const category = await createCategory(t.services, owner.user)
    const elsewhere = await createCategory(t.services, stranger.user)
    await addMember(t.services, category.id, editor.user, 'editor')
    const a = await place(category.id, 'Cathedral', { lat: 46.5228, lng: 6.6354 })
    const b = await place(category.id, 'Palud', { lat: 46.5208, lng: 6.6328 })
    const c = await place(category.id, 'Ouchy', { lat: 46.5067, lng: 6.6265 })
    const d = await place(category.id, 'Somewhere', null)
    const foreign = await place(elsewhere.id, 'Castle', { lat: 46.52, lng: 6.63 })
    const oldTown = await insertWalk(testDb.db, category.id)
    const lakeside = await insertWalk(testDb.db, category.id, { status: 'draft' })
    const foreignWalk = await insertWalk(testDb.db, elsewhere.id)
    await stops(oldTown.id, [a.id, b.id, d.id])
    await stops(lakeside.id, [a.id, b.id, c.id])
    await stops(foreignWalk.id, [foreign.id])

    const april = '2025-04-14T10:00:00.000Z'
    const june = '2025-06-01T10:00:00.000Z'
    const base = { categoryId: category.id, occurredAt: april }
    await t.services.stats.record([
      ...times(10, { ...base, type: 'view', walkId: oldTown.id }),
      ...times(31, { ...base, type: 'view', walkId: lakeside.id }),
      ...times(5, { ...base, type: 'place_visit', placeId: a.id }),
      { ...base, type: 'place_visit', placeId: a.id, walkId: oldTown.id },
      ...times(2, { ...base, type: 'place_visit', placeId: c.id }),
      ...times(7, { ...base, type: 'place_visit', placeId: d.id }),
      ...times(3, { ...base, type: 'like', walkId: oldTown.id }),
      ...times(100, { ...base, occurredAt: june, type: 'view', walkId: oldTown.id }),
      ...times(50, { ...base, occurredAt: june, type: 'place_visit', placeId: b.id }),
      ...times(40, { categoryId: elsewhere.id, occurredAt: april, type: 'view', walkId: foreignWalk.id }),
      ...times(9, { categoryId: elsewhere.id, occurredAt: april, type: 'place_visit', placeId: foreign.id }),
    ])
    return { owner, editor, stranger, category, elsewhere, a, b, c, oldTown, lakeside, foreignWalk }
  }

  const heatmap = (categoryId: number, token: string | undefined, query: '' | `?${string}` = '') =>
    t.call('GET', `/place-categories/${categoryId}/heatmap${query}`, { token })

  it('weighs each placed place: its scans, plus each route’s views shared among the route’s placed stops', async () => {
    const { editor, category, a, b, c } = await world()
    const res = await heatmap(category.id, editor.token, '?from=2025-04&to=2025-05')
    expect(res.status).toBe(200)
    // Old town: 10 views / 2 placed stops = 5 at A and B. Lakeside: 31 / 3 = 10.333 at A, B and C.
    expect(res.json).toEqual({
      data: {
        points: [
          { place_id: a.id, name: 'Cathedral', lat: 46.5228, lng: 6.6354, weight: 21.33, place_visits: 6, views: 15.33 },
          { place_id: b.id, name: 'Palud', lat: 46.5208, lng: 6.6328, weight: 15.33, place_visits: 0, views: 15.33 },
          { place_id: c.id, name: 'Ouchy', lat: 46.5067, lng: 6.6265, weight: 12.33, place_visits: 2, views: 10.33 },
        ],
        max_weight: 21.33,
        from: '2025-04',
        to: '2025-05',
      },
    })
  })

  it('counts both bounds of the period as whole months', async () => {
    const { owner, category, a, b } = await world()
    const june = await heatmap(category.id, owner.token, '?from=2025-06&to=2025-06')
    expect(june.json.data.points).toEqual([
      expect.objectContaining({ place_id: b.id, weight: 100, place_visits: 50, views: 50 }),
      expect.objectContaining({ place_id: a.id, weight: 50, place_visits: 0, views: 50 }),
    ])
    const spring = await heatmap(category.id, owner.token, '?from=2025-04&to=2025-06')
    expect(spring.json.data.max_weight).toBe(115.33)
    const empty = await heatmap(category.id, owner.token, '?from=2025-07&to=2026-01')
    expect(empty.json.data).toEqual({ points: [], max_weight: 0, from: '2025-07', to: '2026-01' })
  })

  it('shows one route: only its views, at its places, with the scans of those places', async () => {
    const { owner, category, a, b, oldTown, lakeside } = await world()
    const res = await heatmap(category.id, owner.token, `?route=${oldTown.uuid}&from=2025-04&to=2025-05`)
    expect(res.status).toBe(200)
    expect(res.json.data.points).toEqual([
      { place_id: a.id, name: 'Cathedral', lat: 46.5228, lng: 6.6354, weight: 11, place_visits: 6, views: 5 },
      { place_id: b.id, name: 'Palud', lat: 46.5208, lng: 6.6328, weight: 5, place_visits: 0, views: 5 },
    ])
    expect(res.json.data.max_weight).toBe(11)
    // A draft route is a route of the category too.
    const draft = await heatmap(category.id, owner.token, `?route=${lakeside.uuid}&from=2025-04&to=2025-05`)
    expect(draft.json.data.points.map((p: { weight: number }) => p.weight)).toEqual([16.33, 12.33, 10.33])
  })

  it('defaults to the last twelve months, this one included', async () => {
    const { owner, category, a } = await world()
    const now = new Date()
    const thisMonth = now.toISOString().slice(0, 7)
    const thirteenAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 12, 15)).toISOString()
    const elevenAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)).toISOString()
    await t.services.stats.record([
      ...times(4, { categoryId: category.id, type: 'place_visit', placeId: a.id }),
      ...times(3, { categoryId: category.id, type: 'place_visit', placeId: a.id, occurredAt: elevenAgo }),
      ...times(8, { categoryId: category.id, type: 'place_visit', placeId: a.id, occurredAt: thirteenAgo }),
    ])
    const res = await heatmap(category.id, owner.token)
    expect(res.json.data).toEqual({
      points: [expect.objectContaining({ place_id: a.id, weight: 7, place_visits: 7, views: 0 })],
      max_weight: 7,
      from: monthsBefore(thisMonth, 11),
      to: thisMonth,
    })
    // Only an end: the twelve months up to it.
    const upTo = await heatmap(category.id, owner.token, '?to=2025-05')
    expect(upTo.json.data).toMatchObject({ from: '2024-06', to: '2025-05', max_weight: 21.33 })
  })

  it('reads only the day roll-ups: the raw events may be gone', async () => {
    const { owner, category } = await world()
    await testDb.db.deleteFrom('events').execute()
    const res = await heatmap(category.id, owner.token, '?from=2025-04&to=2025-05')
    expect(res.json.data.max_weight).toBe(21.33)
  })

  it('answers 401 to a guest, 404 to a member of another category, for a missing category and a non-numeric id', async () => {
    const { stranger, category } = await world()
    const guest = await heatmap(category.id, undefined)
    expect(guest.status).toBe(401)
    expect(guest.json).toEqual({ message: 'Unauthenticated.' })
    for (const [id, token] of [
      [String(category.id), stranger.token],
      ['2000000000', stranger.token],
      ['abc', stranger.token],
    ] as const) {
      const res = await t.call('GET', `/place-categories/${id}/heatmap`, { token })
      expect(res.status).toBe(404)
      expect(res.json).toEqual({ message: 'Not found.' })
    }
  })

  it('answers 404 for a route of another category or an unknown route', async () => {
    const { owner, category, foreignWalk } = await world()
    for (const route of [foreignWalk.uuid, '00000000-0000-4000-8000-000000000000']) {
      const res = await heatmap(category.id, owner.token, `?route=${route}`)
      expect(res.status).toBe(404)
      expect(res.json).toEqual({ message: 'Not found.' })
    }
  })

  it.each([
    ['a month without its leading zero', '?from=2025-4', 'from', 'The from field must be a month written YYYY-MM.'],
    ['month 13', '?to=2025-13', 'to', 'The to field must be a month written YYYY-MM.'],
    ['month 00', '?from=2025-00', 'from', 'The from field must be a month written YYYY-MM.'],
    ['a full date', '?from=2025-04-01', 'from', 'The from field must be a month written YYYY-MM.'],
    ['words', '?to=last-year', 'to', 'The to field must be a month written YYYY-MM.'],
    ['an empty month', '?from=', 'from', 'The from field must be a month written YYYY-MM.'],
    ['a start after the end', '?from=2025-06&to=2025-05', 'from', 'The start month must not be after the end month.'],
    ['a blank route', '?route=%20', 'route', 'The route field is required.'],
    ['an over-long route', `?route=${'x'.repeat(65)}`, 'route', 'The route field must not be longer than 64 characters.'],
  ])('refuses %s with 422', async (_case, query, field, message) => {
    const { owner, category } = await world()
    const before = await countRows(testDb.db, 'stat_days')
    const res = await heatmap(category.id, owner.token, query as `?${string}`)
    expect(res.status).toBe(422)
    expect(res.json).toEqual({ message, errors: { [field]: [message] } })
    expect(await countRows(testDb.db, 'stat_days')).toBe(before)
  })
})
