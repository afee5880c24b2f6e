import { describe, expect, it } from 'vitest'
import type { User } from '#app/db/schema.ts'
import { insertWalk } from '#app/modules/stats/stats.test-fixtures.ts'
import { addMember, createCategory, createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { AnswerCache } from './answer-cache.server.ts'

describe.each(testDialects)('kept answers of fetch-places and fetch-routes on %s', (dialect) => {
  const ctx = useTestApi(dialect)

  async function world() {
    const { services } = ctx.t
    const owner = await createUser(services, { name: 'Olga Owner' })
    const editor = await createUser(services, { name: 'Eddie Editor' })
    const helper = await createUser(services, { name: 'Paula Place' })
    const category = await createCategory(services, owner.user, { fallback_locale: 'en' })
    await addMember(services, category.id, editor.user, 'editor')
    const other = await createCategory(services, owner.user)
    const place = await services.places.createInCategory(category.id, { name: 'Cathedral', lat: 46.52, lng: 6.63 })
    const addPlaceUser = (placeId: number, user: User) =>
      ctx.testDb.db.insertInto('place_users').values({ place_id: placeId, user_id: user.id, created_at: new Date().toISOString() }).execute()
    await addPlaceUser(place.id, helper.user)
    const walk = await insertWalk(ctx.testDb.db, category.id, { status: 'published', names: { en: 'Old town', fr: 'Vieille ville' } })
    return { owner, editor, helper, category, other, place, walk, addPlaceUser }
  }

  const placesPath = (id: number) => `/place-categories/${id}/fetch-places` as const
  const routesPath = (id: number, locale: string = 'en') => `/place-categories/${id}/fetch-routes?locale=${locale}` as const

  /** The answer of the API, and whether it was served without reading the lists' tables. */
  async function fetchList<P extends ReturnType<typeof placesPath | typeof routesPath>>(path: P, token: string) {
    ctx.testDb.queries.length = 0
    const res = await ctx.t.call('GET', path, { token })
    const kept = !ctx.testDb.queries.some((q) => /"(places|walks|secrets|walk_translations)"/.test(q) && !/category_members/.test(q))
    return { ...res, kept }
  }

  /** What an uncached call of the service answers right now (the truth to compare with). */
  const freshPlaces = async (user: User, categoryId: number) => ({ data: await ctx.t.services.places.listForCategory(user, categoryId) })
  const freshRoutes = async (user: User, categoryId: number, locale: 'en' | 'fr' = 'en') => ({
    data: await ctx.t.services.walks.listForCategory(user, categoryId, locale),
  })

  it('serves a kept fetch-places answer again, with its ETag, and 304 to If-None-Match', async () => {
    const { owner, category } = await world()
    const first = await fetchList(placesPath(category.id), owner.token)
    expect(first.status).toBe(200)
    expect(first.kept).toBe(false)
    expect(first.headers.get('content-type')).toContain('application/json')
    expect(first.headers.get('cache-control')).toBe('private, no-cache')
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^".+"$/)
    expect(first.json).toEqual(await freshPlaces(owner.user, category.id))

    const second = await fetchList(placesPath(category.id), owner.token)
    expect(second.kept).toBe(true)
    expect(second.text).toBe(first.text)
    expect(second.headers.get('etag')).toBe(etag)

    const revalidated = await ctx.t.call('GET', placesPath(category.id), { token: owner.token, headers: { 'If-None-Match': etag } })
    expect(revalidated.status).toBe(304)
    expect(revalidated.text).toBe('')
    const stale = await ctx.t.call('GET', placesPath(category.id), { token: owner.token, headers: { 'If-None-Match': '"old"' } })
    expect(stale.status).toBe(200)
  })

  it('still checks membership before a kept answer: a non-member gets 404, a removed member too', async () => {
    const { owner, editor, category } = await world()
    const stranger = await createUser(ctx.t.services)
    expect((await fetchList(placesPath(category.id), owner.token)).status).toBe(200)
    expect((await fetchList(routesPath(category.id), owner.token)).status).toBe(200)
    expect((await ctx.t.call('GET', placesPath(category.id), { token: stranger.token })).status).toBe(404)
    expect((await ctx.t.call('GET', routesPath(category.id), { token: stranger.token })).status).toBe(404)
    const etag = (await ctx.t.call('GET', placesPath(category.id), { token: owner.token })).headers.get('etag')!
    expect((await ctx.t.call('GET', placesPath(category.id), { token: stranger.token, headers: { 'If-None-Match': etag } })).status).toBe(404)
    await ctx.testDb.db.deleteFrom('category_members').where('category_id', '=', category.id).where('user_id', '=', editor.user.id).execute()
    expect((await ctx.t.call('GET', placesPath(category.id), { token: editor.token })).status).toBe(404)
  })

  it('answers fetch-places anew after every kind of write it shows, and equal to an uncached answer', async () => {
    const { owner, editor, helper, category, place, addPlaceUser } = await world()
    const { services } = ctx.t
    const { db } = ctx.testDb
    const invitation = await services.places.invite(owner.user, place.id, 'guest@example.org', 'en')
    const secret = await services.places.createSecret(editor.user, place.id, { title: 'Bells', text: 'Rung by hand.' })
    const third = await createUser(services, { name: 'Third Person' })
    const changes: [string, () => Promise<unknown>][] = [
      ['a place created', () => services.places.createInCategory(category.id, { name: 'Bridge', lat: null, lng: null })],
      ['a place renamed', () => services.places.update(owner.user, place.id, { name: 'Cathédrale' })],
      ['a place user added', () => addPlaceUser(place.id, third.user)],
      ['a place user removed', () => services.places.removeUser(owner.user, place.id, third.user.id)],
      ['an invitation sent', () => services.places.invite(owner.user, place.id, 'second@example.org', 'en')],
      ['an invitation revoked', () => services.places.revokeInvitation(owner.user, place.id, invitation.id)],
      ['an invitation accepted', () => db.updateTable('invitations').set({ accepted_at: new Date().toISOString() }).where('email', '=', 'second@example.org').execute()],
      ['a secret written', () => services.places.createSecret(owner.user, place.id, { title: 'Crypt', text: 'Closed on Mondays.' })],
      ['a secret edited', () => db.updateTable('secrets').set({ text: 'Rung by a machine.' }).where('id', '=', secret.id).execute()],
      ['a secret deleted', () => services.places.deleteSecret(owner.user, secret.id)],
      ['a place user renamed', () => db.updateTable('users').set({ name: 'Paula P.' }).where('id', '=', helper.user.id).execute()],
      ['a place user’s photo', () => db.updateTable('users').set({ avatar_path: 'avatars/paula.webp' }).where('id', '=', helper.user.id).execute()],
      ['a secret by the third person', () => db.updateTable('secrets').set({ author_id: third.user.id }).where('title', '=', 'Crypt').execute()],
      ['a secret’s author deleted (the secret stays, without author)', () => db.deleteFrom('users').where('id', '=', third.user.id).execute()],
      ['a place deleted', () => services.trash.trashPlace(owner.user, place.id)],
    ]
    for (const [what, change] of changes) {
      const before = await fetchList(placesPath(category.id), owner.token)
      expect((await fetchList(placesPath(category.id), owner.token)).kept, what).toBe(true)
      await change()
      const after = await fetchList(placesPath(category.id), owner.token)
      expect(after.kept, what).toBe(false)
      expect(after.text, what).not.toBe(before.text)
      expect(after.headers.get('etag'), what).not.toBe(before.headers.get('etag'))
      expect(after.json, what).toEqual(await freshPlaces(owner.user, category.id))
    }
  })

  it('keeps answering from the cache when other categories or unrelated user fields change', async () => {
    const { owner, helper, category, other } = await world()
    await fetchList(placesPath(category.id), owner.token)
    await ctx.t.services.places.createInCategory(other.id, { name: 'Elsewhere', lat: null, lng: null })
    await ctx.testDb.db.updateTable('users').set({ locale: 'de' }).where('id', '=', helper.user.id).execute()
    expect((await fetchList(placesPath(category.id), owner.token)).kept).toBe(true)
  })

  it('answers fetch-routes per language and anew after a route, its texts, its places or the category change', async () => {
    const { owner, category, place, walk } = await world()
    const { services } = ctx.t
    const { db } = ctx.testDb
    const en = await fetchList(routesPath(category.id, 'en'), owner.token)
    const fr = await fetchList(routesPath(category.id, 'fr'), owner.token)
    expect(en.json.data[0].name).toBe('Old town')
    expect(fr.json.data[0].name).toBe('Vieille ville')
    expect((await fetchList(routesPath(category.id, 'fr'), owner.token)).kept).toBe(true)
    const changes: [string, () => Promise<unknown>][] = [
      ['a route saved', () => services.walks.update(owner.user, { uuid: walk.uuid, name: 'Old town, again', places: [{ id: place.id }] }, 'en')],
      ['a text row', () => db.updateTable('walk_translations').set({ subtitle: 'New' }).where('walk_id', '=', walk.id).execute()],
      ['its places', () => db.deleteFrom('walk_places').where('walk_id', '=', walk.id).execute()],
      ['a route created', () => insertWalk(db, category.id, { status: 'draft', names: { en: 'Lakeside' } })],
      ['the category’s fallback language', () => services.categories.update(owner.user, category.id, { fallback_locale: 'fr' })],
      ['a route deleted', () => db.deleteFrom('walks').where('id', '=', walk.id).execute()],
    ]
    for (const [what, change] of changes) {
      expect((await fetchList(routesPath(category.id), owner.token)).kept, what).toBe(true)
      await change()
      const after = await fetchList(routesPath(category.id), owner.token)
      expect(after.kept, what).toBe(false)
      expect(after.json, what).toEqual(await freshRoutes(owner.user, category.id))
    }
  })
})

describe('AnswerCache bounds and lapses', () => {
  const ctx = useTestApi('sqlite')

  it('drops a kept answer when a pending invitation it shows expires', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z')
    const cache = new AnswerCache(ctx.testDb.db, undefined, () => now)
    let builds = 0
    const build = async () => (builds++, { data: [builds], validUntil: Date.parse('2026-01-02T00:00:00Z') })
    await cache.answer(1, 'places', build)
    await cache.answer(1, 'places', build)
    expect(builds).toBe(1)
    now = Date.parse('2026-01-02T00:00:00Z')
    expect(Buffer.from((await cache.answer(1, 'places', build)).body).toString()).toBe('{"data":[2]}')
  })

  it('builds an answer once for requests that miss together', async () => {
    const cache = new AnswerCache(ctx.testDb.db)
    let builds = 0
    const build = async () => (builds++, await new Promise((resolve) => setTimeout(resolve, 20)), { data: [builds], validUntil: Infinity })
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.answer(7, 'places', build)))
    expect(builds).toBe(1)
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1)
  })

  it('keeps at most its entries and bytes, least recently used out first', async () => {
    for (const limits of [{ entries: 2, bytes: 10_000 }, { entries: 100, bytes: 250 }]) {
      const cache = new AnswerCache(ctx.testDb.db, limits)
      const built: string[] = []
      // Each answer is 111 bytes: `{"data":"aaa…"}`.
      const build = (name: string) => async () => (built.push(name), { data: name.repeat(100), validUntil: Infinity })
      await cache.answer(1, 'a', build('a'))
      await cache.answer(2, 'b', build('b'))
      await cache.answer(1, 'a', build('a'))
      await cache.answer(3, 'c', build('c'))
      expect(cache.size.entries).toBe(2)
      expect(cache.size.bytes).toBeLessThanOrEqual(limits.bytes)
      await cache.answer(1, 'a', build('a'))
      await cache.answer(2, 'b', build('b'))
      expect(built).toEqual(['a', 'b', 'c', 'b'])
    }
    // An answer larger than half the budget is sent, never kept.
    const cache = new AnswerCache(ctx.testDb.db, { entries: 100, bytes: 250 })
    let builds = 0
    const big = async () => (builds++, { data: 'x'.repeat(200), validUntil: Infinity })
    await cache.answer(4, 'big', big)
    await cache.answer(4, 'big', big)
    expect(builds).toBe(2)
  })
})

describe('a kept answer over HTTP', () => {
  it('is compressed once per encoding and kept, with an ETag per encoding', async () => {
    const { Hono } = await import('hono')
    const zlib = await import('node:zlib')
    const { sendKeptAnswer } = await import('./answer-cache.server.ts')
    const json = JSON.stringify({ data: Array.from({ length: 300 }, (_, i) => ({ id: i, name: `Place ${i}` })) })
    const answer = { body: new TextEncoder().encode(json), etag: '"list"' }
    const app = new Hono().get('/list', (c) => sendKeptAnswer(c, answer))
    const br = await app.request('/list', { headers: { 'Accept-Encoding': 'gzip, br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('etag')).toBe('"list-br"')
    expect(br.headers.get('vary')).toBe('Accept-Encoding')
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(json)
    const kept = answer as { compressed?: { br?: Uint8Array } }
    const first = kept.compressed?.br
    expect(first).toBeDefined()
    await app.request('/list', { headers: { 'Accept-Encoding': 'br' } })
    // The same bytes: not compressed again.
    expect(kept.compressed?.br).toBe(first)
    expect((await app.request('/list', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': '"list-br"' } })).status).toBe(304)
    const gz = await app.request('/list', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(json)
    const plain = await app.request('/list')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('etag')).toBe('"list"')
    expect(await plain.text()).toBe(json)
  })
})
