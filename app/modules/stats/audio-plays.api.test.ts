import { beforeEach, describe, expect, it } from 'vitest'
import { createCategory, createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { StatsRepo } from './stats.repo.server.ts'
import { countRows, insertPlace, insertWalk } from './stats.test-fixtures.ts'

// Plays of a stop's recording (ADR 123): sent by the map page as visitor events, counted per stop.

const USER_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'
const visitor = (ip = '203.0.113.41') => ({ 'X-Forwarded-For': ip, 'User-Agent': USER_AGENT })

describe.each(testDialects)('recording plays counted per stop on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect, { RATE_LIMIT_EVENTS: '4/60', TRUST_PROXY: 'on' })

  beforeEach(async () => {
    for (const table of ['events', 'stat_days', 'stat_months', 'stat_salts', 'rate_limits'] as const) await testDb.db.deleteFrom(table).execute()
  })

  async function route() {
    const owner = await createUser(t.services)
    const category = await createCategory(t.services, owner.user)
    const walk = await insertWalk(testDb.db, category.id)
    const fountain = await insertPlace(testDb.db, category.id, 'Fountain')
    const tower = await insertPlace(testDb.db, category.id, 'Tower')
    await testDb.db
      .insertInto('walk_places')
      .values([
        { walk_id: walk.id, place_id: fountain, sort_id: 1 },
        { walk_id: walk.id, place_id: tower, sort_id: 2 },
      ])
      .execute()
    return { owner, category, walk, fountain, tower }
  }
  const play = (routeUuid: string, placeId: number, ip?: string) => t.call('POST', '/events', { body: { type: 'audio_play', route_uuid: routeUuid, place_id: placeId }, headers: visitor(ip) })

  it('counts each play at its stop, shown in the places of the statistics breakdown', async () => {
    const { owner, category, walk, fountain, tower } = await route()
    for (const placeId of [fountain, fountain, tower]) expect((await play(walk.uuid, placeId)).status).toBe(202)
    // The beacon's text/plain body is read as the same JSON.
    const beacon = await t.call('POST', '/events', {
      body: JSON.stringify({ type: 'audio_play', route_uuid: walk.uuid, place_id: fountain }),
      headers: { ...visitor('198.51.100.3'), 'Content-Type': 'text/plain' },
    })
    expect(beacon.status).toBe(202)

    const res = await t.call('GET', `/place-categories/${category.id}/statistics/breakdown`, { token: owner.token })
    expect(res.status).toBe(200)
    const plays = Object.fromEntries((res.json.data.places as { place_id: number; audio_plays: number }[]).map((p) => [p.place_id, p.audio_plays]))
    expect(plays).toEqual({ [fountain]: 3, [tower]: 1 })
    // The route's row counts them too, and nothing else moved: a play is no view nor visit.
    const [routeRow] = res.json.data.routes as { audio_plays: number; views: number; place_visits: number }[]
    expect(routeRow).toMatchObject({ audio_plays: 4, views: 0, place_visits: 0 })

    // The roll-ups are the events' sum: a rebuild from the events gives the same figures.
    const before = await testDb.db.selectFrom('stat_days').select(['place_id', 'audio_plays']).orderBy('place_id').execute()
    await testDb.db.transaction().execute(async (trx) => new StatsRepo(trx).rebuildDays(category.id))
    expect(await testDb.db.selectFrom('stat_days').select(['place_id', 'audio_plays']).orderBy('place_id').execute()).toEqual(before)
  })

  it('limits each client as every visitor event: 429 over RATE_LIMIT_EVENTS, nothing stored', async () => {
    const { walk, fountain } = await route()
    for (let i = 0; i < 4; i++) expect((await play(walk.uuid, fountain)).status).toBe(202)
    const over = await play(walk.uuid, fountain)
    expect(over.status).toBe(429)
    expect(Number(over.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1)
    expect(await countRows(testDb.db, 'events')).toBe(4)
    expect((await play(walk.uuid, fountain, '198.51.100.20')).status).toBe(202)
  })

  it('refuses a place that is not a stop of the route (404), and a play without its route or stop (422)', async () => {
    const { category, walk, fountain } = await route()
    const offRoute = await insertPlace(testDb.db, category.id, 'Not on this walk')
    const otherOwner = await createUser(t.services)
    const elsewhere = await insertPlace(testDb.db, (await createCategory(t.services, otherOwner.user)).id, 'Elsewhere')
    for (const placeId of [offRoute, elsewhere, 2_000_000]) {
      const res = await play(walk.uuid, placeId)
      expect(res.status).toBe(404)
    }
    expect((await play('00000000-0000-4000-8000-000000000000', fountain)).status).toBe(404)

    const noStop = await t.call('POST', '/events', { body: { type: 'audio_play', route_uuid: walk.uuid }, headers: visitor() })
    expect(noStop.status).toBe(422)
    expect(noStop.json.errors).toEqual({ place_id: [expect.any(String)] })
    const noRoute = await t.call('POST', '/events', { body: { type: 'audio_play', place_id: fountain }, headers: { ...visitor(), 'Accept-Language': 'fr' } })
    expect(noRoute.status).toBe(422)
    expect(noRoute.json.errors.route_uuid[0]).toMatch(/route uuid|route_uuid/i)
    // A batch with one bad play counts none of it.
    const batch = await t.call('POST', '/events', {
      body: { events: [{ type: 'audio_play', route_uuid: walk.uuid, place_id: fountain }, { type: 'audio_play', route_uuid: walk.uuid, place_id: offRoute }] },
      headers: visitor('198.51.100.77'),
    })
    expect(batch.status).toBe(404)
    expect(await countRows(testDb.db, 'events')).toBe(0)
  })
})
