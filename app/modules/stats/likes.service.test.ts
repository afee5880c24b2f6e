import { describe, expect, it } from 'vitest'
import { createCategory, createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { LikeService } from './likes.service.server.ts'
import { insertWalk } from './stats.test-fixtures.ts'

const alice = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (iPhone) Alice' }
const bob = { ip: '198.51.100.4', userAgent: 'Mozilla/5.0 (Android) Bob' }

describe.each(testDialects)('LikeService on %s', (dialect) => {
  const ctx = useTestApi(dialect)

  async function setup() {
    const { services } = ctx.t
    const { user } = await createUser(services)
    const category = await createCategory(services, user)
    const walk = await insertWalk(ctx.testDb.db, category.id, { names: { en: 'Old town' } })
    return { walk, likes: new LikeService({ db: services.db, stats: services.stats }) }
  }

  const likeEvents = (walkId: number) =>
    ctx.testDb.db.selectFrom('events').select(['visitor_hash', 'value']).where('walk_id', '=', walkId).where('type', '=', 'like').execute()

  it('counts a first like and answers the route’s total', async () => {
    const { walk, likes } = await setup()
    expect(await likes.like(walk.uuid, alice)).toEqual({ counted: true, likes: 1 })
    expect(await likes.state(walk.uuid, alice)).toEqual({ likes: 1, liked: true })
    expect(await likes.state(walk.uuid, bob)).toEqual({ likes: 1, liked: false })
    const events = await likeEvents(walk.id)
    expect(events).toHaveLength(1)
    // Only the hash is stored: never the address or the user agent.
    expect(events[0].visitor_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(events)).not.toContain(alice.ip)
  })

  it('does not count a second like of the same visitor on the same day', async () => {
    const { walk, likes } = await setup()
    await likes.like(walk.uuid, alice, new Date('2026-05-01T08:00:00.000Z'))
    expect(await likes.like(walk.uuid, alice, new Date('2026-05-01T21:00:00.000Z'))).toEqual({ counted: false, likes: 1 })
    expect(await likeEvents(walk.id)).toHaveLength(1)
  })

  it('counts a like of another visitor', async () => {
    const { walk, likes } = await setup()
    await likes.like(walk.uuid, alice)
    expect(await likes.like(walk.uuid, bob)).toEqual({ counted: true, likes: 2 })
    expect(await likeEvents(walk.id)).toHaveLength(2)
  })

  it('counts the same visitor again on another day', async () => {
    const { walk, likes } = await setup()
    await likes.like(walk.uuid, alice, new Date('2026-05-01T23:59:00.000Z'))
    expect(await likes.like(walk.uuid, alice, new Date('2026-05-02T00:01:00.000Z'))).toEqual({ counted: true, likes: 2 })
  })

  it('counts two likes sent at once only once', async () => {
    const { walk, likes } = await setup()
    const results = await Promise.all([likes.like(walk.uuid, alice), likes.like(walk.uuid, alice)])
    expect(results.filter((r) => r.counted)).toHaveLength(1)
    expect(await likeEvents(walk.id)).toHaveLength(1)
  })

  it('refuses a like of a draft or unknown route with 404, writing nothing', async () => {
    const { services } = ctx.t
    const { user } = await createUser(services)
    const category = await createCategory(services, user)
    const draft = await insertWalk(ctx.testDb.db, category.id, { status: 'draft' })
    const likes = new LikeService({ db: services.db, stats: services.stats })
    await expect(likes.like(draft.uuid, alice)).rejects.toMatchObject({ status: 404 })
    await expect(likes.like('no-such-uuid', alice)).rejects.toMatchObject({ status: 404 })
    expect(await likeEvents(draft.id)).toHaveLength(0)
    expect(await likes.state(draft.uuid, alice)).toEqual({ likes: 0, liked: false })
  })
})
