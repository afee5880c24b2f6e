import { beforeEach, describe, expect, it } from 'vitest'
import { createCategory, createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { insertPlace, insertWalk } from './stats.test-fixtures.ts'

const IP = '203.0.113.77'
const USER_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const visitor = { 'X-Forwarded-For': IP, 'User-Agent': USER_AGENT }
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

describe.each(testDialects)('visitor event ingestion hardening on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect, { RATE_LIMIT_EVENTS: '3/60', TRUST_PROXY: 'on' })

  beforeEach(async () => {
    for (const table of ['events', 'stat_days', 'stat_salts', 'rate_limits'] as const) await testDb.db.deleteFrom(table).execute()
  })

  async function publishedRoute() {
    const owner = await createUser(t.services)
    const category = await createCategory(t.services, owner.user)
    const walk = await insertWalk(testDb.db, category.id)
    return { category, walk, place: await insertPlace(testDb.db, category.id, 'Fountain') }
  }
  const send = (body: unknown, headers: Record<string, string> = visitor) => t.callOffContract('POST', '/events', { body, headers })
  const count = async (table: 'events' | 'stat_days') =>
    Number((await testDb.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
  const eventLimitKeys = async () => (await testDb.db.selectFrom('rate_limits').select('key').execute()).filter((r) => r.key.startsWith('events:'))

  it('refuses a client over RATE_LIMIT_EVENTS with 429 and Retry-After, and stores nothing for it', async () => {
    const { walk } = await publishedRoute()
    for (let i = 0; i < 3; i++) expect((await send({ type: 'view', route_uuid: walk.uuid })).status).toBe(202)
    const over = await send({ type: 'view', route_uuid: walk.uuid })
    expect(over.status).toBe(429)
    expect(over.json).toEqual({ message: 'Too many attempts. Please try again later.' })
    const retryAfter = Number(over.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(await count('events')).toBe(3)

    // Another client has its own allowance.
    expect((await send({ type: 'view', route_uuid: walk.uuid }, { ...visitor, 'X-Forwarded-For': '198.51.100.9' })).status).toBe(202)
    expect(await count('events')).toBe(4)
  })

  it('answers a known bot 202 as if counted, stores nothing and does not count it against a limit', async () => {
    const { walk } = await publishedRoute()
    const bot = { ...visitor, 'User-Agent': GOOGLEBOT }
    for (let i = 0; i < 5; i++) {
      const res = await send({ type: 'view', route_uuid: walk.uuid }, bot)
      expect(res.status).toBe(202)
      expect(res.json).toEqual({ data: { accepted: true } })
    }
    // Even a route that does not exist: a crawler learns nothing from the answer.
    expect((await send({ type: 'like', route_uuid: '00000000-0000-4000-8000-000000000000' }, bot)).status).toBe(202)
    expect([await count('events'), await count('stat_days'), (await eventLimitKeys()).length]).toEqual([0, 0, 0])
  })

  it('never stores the IP address or the user agent, in the events row or any other table', async () => {
    const { walk, place } = await publishedRoute()
    expect((await send({ type: 'place_visit', route_uuid: walk.uuid, place_id: place })).status).toBe(202)
    const [row] = await testDb.db.selectFrom('events').selectAll().execute()
    expect(row.visitor_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(Object.values(row).map(String)).not.toContain(IP)
    expect(Object.values(row).map(String)).not.toContain(USER_AGENT)

    const tables = await testDb.db.introspection.getTables()
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['events', 'rate_limits', 'stat_salts']))
    for (const table of tables) {
      const dump = JSON.stringify(await testDb.db.selectFrom(table.name as 'events').selectAll().execute())
      for (const secret of [IP, USER_AGENT, 'Version/17.4 Mobile/15E148']) expect(dump, `${table.name} holds ${secret}`).not.toContain(secret)
    }
  })
})

describe.each(testDialects)('likes sent as events on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect, { RATE_LIMIT_EVENTS: '1000/60', RATE_LIMIT_LIKES: '5/3600', TRUST_PROXY: 'on' })

  it('count against the per-address like limit, whatever the user agent: 429 over it, nothing stored', async () => {
    const owner = await createUser(t.services)
    const category = await createCategory(t.services, owner.user)
    const walk = await insertWalk(testDb.db, category.id)
    const like = (i: number, ip = '203.0.113.90') =>
      t.call('POST', '/events', { body: { type: 'like', route_uuid: walk.uuid }, headers: { 'X-Forwarded-For': ip, 'User-Agent': `${USER_AGENT} rotation/${i}` } })
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) statuses.push((await like(i)).status)
    expect(statuses.filter((s) => s === 202)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(35)
    // A batch carrying likes counts each of them; views alone are not held back.
    const batch = await t.call('POST', '/events', {
      body: { events: [{ type: 'view', route_uuid: walk.uuid }, { type: 'like', route_uuid: walk.uuid }] },
      headers: { 'X-Forwarded-For': '203.0.113.90', 'User-Agent': USER_AGENT },
    })
    expect(batch.status).toBe(429)
    expect((await t.call('POST', '/events', { body: { type: 'view', route_uuid: walk.uuid }, headers: { 'X-Forwarded-For': '203.0.113.90', 'User-Agent': USER_AGENT } })).status).toBe(202)
    expect((await like(99, '198.51.100.90')).status).toBe(202)
    const likes = await testDb.db.selectFrom('events').select('id').where('walk_id', '=', walk.id).where('type', '=', 'like').execute()
    expect(likes).toHaveLength(6)
  })
})
