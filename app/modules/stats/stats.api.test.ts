import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { addMember, createCategory, createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { countRows, insertPlace, insertWalk } from './stats.test-fixtures.ts'

const months = (views: Record<number, number>) => Array.from({ length: 12 }, (_, i) => ({ x: i + 1, y: views[i + 1] ?? 0 }))
const visitor = { 'X-Forwarded-For': '198.51.100.23', 'User-Agent': 'Mozilla/5.0 (Android 14; Mobile)' }

describe.each(testDialects)('statistics API on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect, { TRUST_PROXY: 'on' })

  beforeEach(async () => {
    for (const table of ['events', 'stat_days', 'stat_salts'] as const) await testDb.db.deleteFrom(table).execute()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  /** A category with a published and a draft route, a place, and a place of another category. */
  async function setup() {
    const owner = await createUser(t.services)
    const category = await createCategory(t.services, owner.user)
    const elsewhere = await createCategory(t.services, owner.user)
    const published = await insertWalk(testDb.db, category.id, { names: { en: 'Old town' } })
    const draft = await insertWalk(testDb.db, category.id, { status: 'draft' })
    const place = await insertPlace(testDb.db, category.id, 'Cathedral')
    const foreignPlace = await insertPlace(testDb.db, elsewhere.id, 'Castle')
    return { owner, category, elsewhere, published, draft, place, foreignPlace }
  }

  const send = (body: unknown, headers: Record<string, string> = visitor) => t.callOffContract('POST', '/events', { body, headers })
  const events = () => testDb.db.selectFrom('events').selectAll().orderBy('id').execute()
  const dayRows = () => testDb.db.selectFrom('stat_days').selectAll().execute()

  describe('POST /events', () => {
    it('counts a view, a session time, a like and a QR scan of a published route', async () => {
      const { category, published, place } = await setup()
      for (const body of [
        { type: 'view', route_uuid: published.uuid },
        { type: 'time', route_uuid: published.uuid, value: 95 },
        { type: 'like', route_uuid: published.uuid },
        { type: 'place_visit', route_uuid: published.uuid, place_id: place },
      ]) {
        const res = await send(body)
        expect(res.status).toBe(202)
        expect(res.json).toEqual({ data: { accepted: true } })
      }
      const rows = await events()
      expect(rows.map((r) => [r.category_id, r.walk_id, r.place_id, r.type, r.value])).toEqual([
        [category.id, published.id, null, 'view', 1],
        [category.id, published.id, null, 'time', 95],
        [category.id, published.id, null, 'like', 1],
        [category.id, published.id, place, 'place_visit', 1],
      ])
      const stat = await t.call('GET', `/place-categories/${category.id}/fetch-statistic`, { token: (await setupToken(category.id)).token })
      expect(stat.json.data).toMatchObject({ views: 1, total_time: 95, likes: 1, place_visits: 1, contributions: 0, averageTimePerSession: 95 })
    })

    it('takes the category from the place when no route is given', async () => {
      const { category, place } = await setup()
      expect((await send({ type: 'place_visit', place_id: place })).status).toBe(202)
      expect(await dayRows()).toEqual([expect.objectContaining({ category_id: category.id, walk_id: 0, place_id: place, place_visits: 1 })])
    })

    it('accepts a navigator.sendBeacon body: JSON sent as text/plain', async () => {
      const { published } = await setup()
      const res = await t.call('POST', '/events', {
        body: JSON.stringify({ type: 'time', route_uuid: published.uuid, value: 30 }),
        headers: { ...visitor, 'Content-Type': 'text/plain;charset=UTF-8' },
      })
      expect(res.status).toBe(202)
      expect((await events()).map((e) => [e.type, e.value])).toEqual([['time', 30]])
    })

    it('validates a text/plain body like a JSON one, and refuses one that is not JSON', async () => {
      const { published } = await setup()
      const headers = { ...visitor, 'Content-Type': 'text/plain' }
      const invalid = await t.call('POST', '/events', { body: JSON.stringify({ type: 'nap', route_uuid: published.uuid }), headers })
      expect(invalid.status).toBe(422)
      expect(invalid.json.errors).toEqual({ type: ['The type field must be one of: view, time, like, place_visit, audio_play.'] })
      const garbled = await t.call('POST', '/events', { body: 'type=view', headers })
      expect(garbled.status).toBe(400)
      expect(garbled.json).toEqual({ message: 'The request could not be read.' })
      expect(await countRows(testDb.db, 'events')).toBe(0)
    })

    it('still refuses text/plain bodies everywhere else (415)', async () => {
      const res = await t.call('POST', '/auth/login', { body: '{"email":"a@example.org","password":"x"}', headers: { 'Content-Type': 'text/plain' } })
      expect(res.status).toBe(415)
      expect(res.json.message).toBe('Send the request body as JSON.')
    })

    it('refuses with 404 the events of a draft route, an unknown route, an unknown place or a place of another category', async () => {
      const { published, draft, foreignPlace } = await setup()
      for (const body of [
        { type: 'view', route_uuid: draft.uuid },
        { type: 'view', route_uuid: '00000000-0000-4000-8000-000000000000' },
        { type: 'place_visit', place_id: 2_000_000_000 },
        { type: 'place_visit', route_uuid: published.uuid, place_id: foreignPlace },
      ]) {
        const res = await send(body)
        expect(res.status).toBe(404)
        expect(res.json).toEqual({ message: 'Not found.' })
      }
      expect(await countRows(testDb.db, 'events')).toBe(0)
      expect(await countRows(testDb.db, 'stat_days')).toBe(0)
    })

    it.each([
      ['no body at all', undefined, 'type', 'The type field is required.'],
      ['a missing type', { route_uuid: 'R' }, 'type', 'The type field is required.'],
      ['an unknown type', { type: 'nap', route_uuid: 'R' }, 'type', 'The type field must be one of: view, time, like, place_visit, audio_play.'],
      ['a contribution (server-side only)', { type: 'contribution', route_uuid: 'R' }, 'type', 'The type field must be one of: view, time, like, place_visit, audio_play.'],
      ['an extra field', { type: 'view', route_uuid: 'R', url: 'https://example.org' }, 'url', 'The url field is not allowed.'],
      ['neither a route nor a place', { type: 'view' }, 'route_uuid', 'Send a route_uuid or a place_id.'],
      ['a route uuid of the wrong type', { type: 'view', route_uuid: 12 }, 'route_uuid', 'The route uuid field must be a string.'],
      ['a blank route uuid', { type: 'view', route_uuid: '  ' }, 'route_uuid', 'The route uuid field is required.'],
      ['a place id of the wrong type', { type: 'view', place_id: '3' }, 'place_id', 'The place id field must be a number.'],
      ['a fractional place id', { type: 'view', place_id: 2.5 }, 'place_id', 'The place id field must be an integer.'],
      ['a place id of 0', { type: 'view', place_id: 0 }, 'place_id', 'The place id field must be at least 1.'],
      ['a time without value', { type: 'time', route_uuid: 'R' }, 'value', 'The value field is required.'],
      ['a value on a view', { type: 'view', route_uuid: 'R', value: 3 }, 'value', 'The value field is not allowed.'],
      ['a time of 0 s', { type: 'time', route_uuid: 'R', value: 0 }, 'value', 'The value field must be at least 1.'],
      ['a time over a day', { type: 'time', route_uuid: 'R', value: 86_401 }, 'value', 'The value field must not be greater than 86400.'],
      ['a fractional time', { type: 'time', route_uuid: 'R', value: 1.5 }, 'value', 'The value field must be an integer.'],
      ['a time given as text', { type: 'time', route_uuid: 'R', value: '60' }, 'value', 'The value field must be a number.'],
    ])('refuses %s with 422 and writes nothing', async (_case, body, field, message) => {
      const { published } = await setup()
      const withRoute = body && (body as { route_uuid?: unknown }).route_uuid === 'R' ? { ...body, route_uuid: published.uuid } : body
      const res = await t.callOffContract('POST', '/events', { body: withRoute, headers: visitor })
      expect(res.status).toBe(422)
      expect(res.json.errors[field]).toEqual([message])
      expect(res.json.message).toBe(Object.values(res.json.errors as Record<string, string[]>)[0][0])
      expect(await countRows(testDb.db, 'events')).toBe(0)
      expect(await countRows(testDb.db, 'stat_days')).toBe(0)
    })

    it('stores a daily visitor hash: never the address, the same for one visitor on one day, another the next day', async () => {
      const { published } = await setup()
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(new Date('2026-04-10T08:00:00Z'))
      await send({ type: 'view', route_uuid: published.uuid })
      vi.setSystemTime(new Date('2026-04-10T21:00:00Z'))
      await send({ type: 'like', route_uuid: published.uuid })
      await send({ type: 'view', route_uuid: published.uuid }, { ...visitor, 'X-Forwarded-For': '198.51.100.24' })
      await send({ type: 'view', route_uuid: published.uuid }, { ...visitor, 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148' })
      vi.setSystemTime(new Date('2026-04-11T08:00:00Z'))
      await send({ type: 'view', route_uuid: published.uuid })

      const rows = await events()
      const hashes = rows.map((r) => r.visitor_hash!)
      expect(rows.map((r) => r.occurred_at.slice(0, 10))).toEqual(['2026-04-10', '2026-04-10', '2026-04-10', '2026-04-10', '2026-04-11'])
      for (const hash of hashes) {
        expect(hash).toMatch(/^[0-9a-f]{64}$/)
        expect(hash).not.toContain('198.51.100')
      }
      expect(hashes[1]).toBe(hashes[0])
      expect(new Set(hashes).size).toBe(4)
      expect(await testDb.db.selectFrom('stat_days').select(['day', 'views', 'likes']).orderBy('day').execute()).toEqual([
        { day: '2026-04-10', views: 3, likes: 1 },
        { day: '2026-04-11', views: 1, likes: 0 },
      ])
    })
  })

  /** A member's session for the category (its owner when none is given). */
  async function setupToken(categoryId: number, role: 'owner' | 'editor' = 'editor') {
    const member = await createUser(t.services)
    await addMember(t.services, categoryId, member.user, role)
    return member
  }

  describe.each([
    ['fetch-statistic', 'fetch-statistic'],
    ['statistics breakdown', 'statistics/breakdown'],
  ] as const)('GET /place-categories/{id}/%s', (_name, suffix) => {
    const url = (id: number | string, query: '' | `?${string}` = '') => `/place-categories/${id}/${suffix}${query}` as const

    it('answers 401 to an anonymous caller and 404 to another tenant, a missing or a malformed id', async () => {
      const { category } = await setup()
      const anonymous = await t.call('GET', url(category.id))
      expect(anonymous.status).toBe(401)
      expect(anonymous.json).toEqual({ message: 'Unauthenticated.' })
      const stranger = await createUser(t.services)
      const otherTenant = await createCategory(t.services, stranger.user)
      for (const id of [category.id, otherTenant.id + 1000, 'abc']) {
        const res = await t.call('GET', url(id), { token: stranger.token })
        expect(res.status).toBe(404)
        expect(res.json).toEqual({ message: 'Not found.' })
      }
    })

    it.each(['abc', '25', '0999', '2025x', 'TOTAL', ''])('refuses the year "%s" with 422', async (year) => {
      const { category, owner } = await setup()
      const res = await t.call('GET', url(category.id, `?year=${year}`), { token: owner.token })
      expect(res.status).toBe(422)
      expect(res.json).toEqual({ message: 'The year field format is invalid.', errors: { year: ['The year field format is invalid.'] } })
    })

    it('answers an editor too', async () => {
      const { category } = await setup()
      const editor = await setupToken(category.id, 'editor')
      expect((await t.call('GET', url(category.id, '?year=2025'), { token: editor.token })).status).toBe(200)
    })
  })

  describe('GET /place-categories/{id}/fetch-statistic', () => {
    it('answers the figures of all years by default and of one year when asked', async () => {
      const { owner, category, published, place } = await setup()
      await t.services.stats.record([
        { categoryId: category.id, type: 'view', walkId: published.id, occurredAt: '2025-02-03T10:00:00.000Z' },
        { categoryId: category.id, type: 'view', walkId: published.id, occurredAt: '2025-02-04T10:00:00.000Z' },
        { categoryId: category.id, type: 'time', walkId: published.id, value: 61, occurredAt: '2025-02-04T10:01:00.000Z' },
        { categoryId: category.id, type: 'time', walkId: published.id, value: 40, occurredAt: '2025-02-04T10:02:00.000Z' },
        { categoryId: category.id, type: 'view', walkId: published.id, occurredAt: '2026-02-01T10:00:00.000Z' },
        { categoryId: category.id, type: 'like', walkId: published.id, occurredAt: '2026-07-01T10:00:00.000Z' },
        { categoryId: category.id, type: 'contribution', placeId: place, occurredAt: '2026-07-02T10:00:00.000Z' },
        { categoryId: category.id, type: 'place_visit', placeId: place, occurredAt: '2026-09-02T10:00:00.000Z' },
      ])
      const total = await t.call('GET', `/place-categories/${category.id}/fetch-statistic`, { token: owner.token })
      expect(total.status).toBe(200)
      expect(total.json).toEqual({
        data: {
          views: 3,
          total_time: 101,
          likes: 1,
          contributions: 1,
          place_visits: 1,
          visits: months({ 2: 3 }),
          averageTimePerSession: 51, // 101 / 2 = 50.5
          years: ['total', 2026, 2025],
          plaque_views: 0,
          plaque_visits: months({}),
          scans: 0,
          scans_by_month: months({}),
        },
      })
      const explicitTotal = await t.call('GET', `/place-categories/${category.id}/fetch-statistic?year=total`, { token: owner.token })
      expect(explicitTotal.json).toEqual(total.json)
      const y2026 = await t.call('GET', `/place-categories/${category.id}/fetch-statistic?year=2026`, { token: owner.token })
      expect(y2026.json.data).toEqual({
        views: 1,
        total_time: 0,
        likes: 1,
        contributions: 1,
        place_visits: 1,
        visits: months({ 2: 1 }),
        averageTimePerSession: 0,
        years: ['total', 2026, 2025],
        plaque_views: 0,
        plaque_visits: months({}),
        scans: 0,
        scans_by_month: months({}),
      })
    })
  })

  describe('GET /place-categories/{id}/statistics/breakdown', () => {
    it('answers the totals per route and per place', async () => {
      const { owner, category, published, place } = await setup()
      await t.services.stats.record([
        { categoryId: category.id, type: 'view', walkId: published.id, occurredAt: '2025-02-03T10:00:00.000Z' },
        { categoryId: category.id, type: 'place_visit', walkId: published.id, placeId: place, occurredAt: '2025-02-03T10:05:00.000Z' },
        { categoryId: category.id, type: 'contribution', placeId: place, occurredAt: '2024-02-03T10:05:00.000Z' },
      ])
      const res = await t.call('GET', `/place-categories/${category.id}/statistics/breakdown?year=2025`, { token: owner.token })
      expect(res.status).toBe(200)
      const zero = { plaque_views: 0, total_time: 0, sessions: 0, averageTimePerSession: 0, likes: 0, contributions: 0, audio_plays: 0 }
      expect(res.json).toEqual({
        data: {
          routes: [{ ...zero, walk_id: published.id, uuid: published.uuid, slug: expect.any(String), name: 'Old town', views: 1, place_visits: 1 }],
          places: [{ ...zero, place_id: place, name: 'Cathedral', views: 0, place_visits: 1 }],
          plaques: [],
        },
      })
    })

    it('names each route in the caller’s language, else the category’s fallback language, as every other screen does', async () => {
      const owner = await createUser(t.services)
      const category = await createCategory(t.services, owner.user, { fallback_locale: 'fr' })
      const walk = await insertWalk(testDb.db, category.id, { names: { fr: 'La vieille ville', en: 'The old town' } })
      const onlyGerman = await insertWalk(testDb.db, category.id, { names: { de: 'Am See' } })
      await t.services.stats.record([walk, onlyGerman].map((w) => ({ categoryId: category.id, type: 'view' as const, walkId: w.id, occurredAt: '2025-02-03T10:00:00.000Z' })))
      const names = async (query: '' | `?${string}`, headers: Record<string, string> = {}) => {
        const res = await t.call('GET', `/place-categories/${category.id}/statistics/breakdown${query}`, { token: owner.token, headers })
        expect(res.status).toBe(200)
        return Object.fromEntries((res.json.data.routes as { walk_id: number; name: string }[]).map((r) => [r.walk_id, r.name]))
      }
      expect(await names('?locale=en')).toEqual({ [walk.id]: 'The old town', [onlyGerman.id]: 'Am See' })
      expect(await names('', { 'Accept-Language': 'fr-CH,fr;q=0.9' })).toEqual({ [walk.id]: 'La vieille ville', [onlyGerman.id]: 'Am See' })
      expect(await names('?locale=it')).toEqual({ [walk.id]: 'La vieille ville', [onlyGerman.id]: 'Am See' })
    })
  })
})
