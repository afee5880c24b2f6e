import { beforeEach, describe, expect, it } from 'vitest'
import { createCategory, createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { maxEventsPerBatch } from './stats.schema.ts'
import { insertPlace, insertWalk } from './stats.test-fixtures.ts'

const USER_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const visitor = { 'X-Forwarded-For': '203.0.113.78', 'User-Agent': USER_AGENT }

describe.each(testDialects)('POST /api/events with a batch {events: [...]} on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect, { RATE_LIMIT_EVENTS: '10/60', TRUST_PROXY: 'on' })

  beforeEach(async () => {
    for (const table of ['events', 'stat_days', 'stat_months', 'stat_salts', 'rate_limits'] as const) await testDb.db.deleteFrom(table).execute()
  })

  async function publishedRoute() {
    const owner = await createUser(t.services)
    const category = await createCategory(t.services, owner.user)
    const walk = await insertWalk(testDb.db, category.id)
    const other = await createCategory(t.services, owner.user)
    return { category, walk, place: await insertPlace(testDb.db, category.id, 'Fountain'), foreignPlace: await insertPlace(testDb.db, other.id, 'Elsewhere') }
  }
  const send = (body: unknown, headers: Record<string, string> = visitor) => t.callOffContract('POST', '/events', { body, headers })
  const storedTypes = async () => (await testDb.db.selectFrom('events').select('type').orderBy('id').execute()).map((r) => r.type)
  const daySums = async () => {
    const row = await testDb.db
      .selectFrom('stat_days')
      .select((eb) => [eb.fn.sum<number>('views').as('views'), eb.fn.sum<number>('total_time').as('total_time'), eb.fn.sum<number>('place_visits').as('place_visits')])
      .executeTakeFirstOrThrow()
    return { views: Number(row.views ?? 0), total_time: Number(row.total_time ?? 0), place_visits: Number(row.place_visits ?? 0) }
  }

  it('stores every event of a batch with its roll-ups, and the single form still works', async () => {
    const { walk, place } = await publishedRoute()
    const res = await send({
      events: [
        { type: 'view', route_uuid: walk.uuid },
        { type: 'place_visit', route_uuid: walk.uuid, place_id: place },
        { type: 'time', route_uuid: walk.uuid, value: 95 },
      ],
    })
    expect(res.status).toBe(202)
    expect(res.json).toEqual({ data: { accepted: true } })
    expect(await storedTypes()).toEqual(['view', 'place_visit', 'time'])
    expect(await daySums()).toEqual({ views: 1, total_time: 95, place_visits: 1 })
    expect((await send({ type: 'view', route_uuid: walk.uuid })).status).toBe(202)
    expect((await daySums()).views).toBe(2)
  })

  it('stores none of a batch when one event names an unknown route or a place of another category', async () => {
    const { walk, place, foreignPlace } = await publishedRoute()
    const good = { type: 'view', route_uuid: walk.uuid }
    for (const bad of [
      { type: 'like', route_uuid: '00000000-0000-4000-8000-000000000000' },
      { type: 'place_visit', route_uuid: walk.uuid, place_id: foreignPlace },
      { type: 'place_visit', place_id: 2_000_000_000 },
    ]) {
      const res = await send({ events: [good, { type: 'place_visit', route_uuid: walk.uuid, place_id: place }, bad] })
      expect(res.status).toBe(404)
    }
    expect(await storedTypes()).toEqual([])
    expect(await daySums()).toEqual({ views: 0, total_time: 0, place_visits: 0 })
  })

  it('refuses an invalid batch with 422 naming the event and field, and stores nothing', async () => {
    const { walk } = await publishedRoute()
    const view = { type: 'view', route_uuid: walk.uuid }
    const wrongValue = await send({ events: [view, view, { type: 'time', route_uuid: walk.uuid }] })
    expect(wrongValue.status).toBe(422)
    expect(Object.keys(wrongValue.json.errors)).toEqual(['events.2.value'])
    const cases: [unknown, string][] = [
      [{ events: [] }, 'events'],
      [{ events: Array.from({ length: maxEventsPerBatch + 1 }, () => view) }, 'events'],
      [{ events: 'view' }, 'events'],
      [{ events: [view], extra: 1 }, 'extra'],
      [{ events: [{ ...view, type: 'contribution' }] }, 'events.0.type'],
    ]
    for (const [body, field] of cases) {
      const res = await send(body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422)
      expect(Object.keys(res.json.errors)).toContain(field)
    }
    // The single form keeps its own field names.
    const single = await send({ type: 'time', route_uuid: walk.uuid })
    expect(single.status).toBe(422)
    expect(Object.keys(single.json.errors)).toEqual(['value'])
    expect(await storedTypes()).toEqual([])
  })

  it('counts a batch as that many events against RATE_LIMIT_EVENTS', async () => {
    const { walk } = await publishedRoute()
    const views = (n: number) => ({ events: Array.from({ length: n }, () => ({ type: 'view', route_uuid: walk.uuid })) })
    expect((await send(views(8))).status).toBe(202)
    expect((await send({ type: 'view', route_uuid: walk.uuid })).status).toBe(202)
    const over = await send(views(2))
    expect(over.status).toBe(429)
    expect(Number(over.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1)
    expect((await storedTypes()).length).toBe(9)
  })

  it('reads a sendBeacon text/plain batch, and answers a bot’s batch 202 storing nothing', async () => {
    const { walk } = await publishedRoute()
    const body = JSON.stringify({ events: [{ type: 'view', route_uuid: walk.uuid }, { type: 'time', route_uuid: walk.uuid, value: 12 }] })
    const beacon = await t.call('POST', '/events', { body, headers: { ...visitor, 'Content-Type': 'text/plain;charset=UTF-8' } })
    expect(beacon.status).toBe(202)
    expect(await storedTypes()).toEqual(['view', 'time'])
    const bot = await send(JSON.parse(body), { ...visitor, 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })
    expect(bot.status).toBe(202)
    expect((await storedTypes()).length).toBe(2)
  })
})
