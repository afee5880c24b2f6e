import zlib from 'node:zlib'
import { describe, expect, it, vi } from 'vitest'
import type { User } from '#app/db/schema.ts'
import { LikeService } from '#app/modules/stats/likes.service.server.ts'
import { insertPlace, insertWalk } from '#app/modules/stats/stats.test-fixtures.ts'
import { loader } from '#app/routes/public/landing.tsx'
import { createCategory, createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { PageCache, readContentVersion, type CacheTag } from './page-cache.server.ts'

const phoneUa = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1'

describe.each(testDialects)('render cache of public pages on %s', (dialect) => {
  const ctx = useTestApi(dialect)

  async function setup(status: 'draft' | 'published' = 'published') {
    const { services } = ctx.t
    const { user } = await createUser(services)
    const category = await createCategory(services, user, { fallback_locale: 'en' })
    const walk = await insertWalk(ctx.testDb.db, category.id, { status, names: { en: 'Old town' } })
    const walkSlug = (await ctx.testDb.db.selectFrom('walks').select('slug').where('id', '=', walk.id).executeTakeFirstOrThrow()).slug
    // The rest of the page's canonical path, /r/{category}/{slug} (ADR 011).
    return { user, category, walk, walkSlug, slug: `${category.slug}/${walkSlug}` }
  }

  /** The landing loader as the server calls it (at /r/{slug}); answers the tag it left on the load context. */
  async function render(slug: string, options: { user?: User | null; query?: string } = {}) {
    const context: Record<string, unknown> = { services: ctx.t.services, user: options.user ?? null, token: null, clientIp: '203.0.113.9', categorySlug: null }
    const request = new Request(`http://localhost:3000/r/${slug}${options.query ?? ''}`, { headers: { 'user-agent': phoneUa, host: 'localhost:3000' } })
    const page = await loader({ context, request, params: { '*': slug } } as never)
    return { page, request, tag: context.pageCacheTag as CacheTag | null | undefined }
  }

  const keptTag = (entry: { tag: CacheTag }) => entry.tag

  const html = (name: string, nonce: string) => `<html><script nonce="${nonce}">x</script><h1>${name}</h1></html>`

  /** Renders and keeps the page like server/http-app.ts does; answers the cache and the key. */
  async function keep(slug: string, cache = new PageCache(ctx.testDb.db)) {
    const { page, request, tag } = await render(slug)
    const key = cache.keyOf(request, false)!
    const response = await cache.store(key, new Response(html(page.view.name, 'n1'), { headers: { 'content-type': 'text/html' } }), tag, 'n1')
    return { cache, key, response, tag: tag! }
  }

  it('keeps a visitor’s page, serves it again with a fresh nonce, and answers 304 to its ETag', async () => {
    const { walk, slug } = await setup()
    const { cache, key, response, tag } = await keep(slug)
    expect(tag.view).toEqual({ id: walk.id, uuid: walk.uuid })
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    const etag = response.headers.get('etag')!
    expect(etag).toMatch(/^".+"$/)

    const kept = await cache.lookup(key)
    expect(kept).not.toBeNull()
    const again = cache.answer(kept!, 'n2', null)
    expect(again.status).toBe(200)
    const body = await again.text()
    expect(body).toContain('nonce="n2"')
    expect(body).not.toContain('nonce="n1"')
    expect(again.headers.get('etag')).toBe(etag)
    expect(cache.answer(kept!, 'n3', etag).status).toBe(304)
    expect(cache.answer(kept!, 'n3', `W/${etag}`).status).toBe(304)
    expect(cache.answer(kept!, 'n3', '"other"').status).toBe(200)
  })

  it('keeps the page gzipped: an answer with a new nonce is valid gzip, with its own ETag, and is not compressed again', async () => {
    const { slug } = await setup()
    const { cache, key } = await keep(slug)
    const kept = (await cache.lookup(key))!
    // Long enough that the compressed parts matter, with several nonces.
    const plain = cache.answer(kept, 'n2', null)
    const identityEtag = plain.headers.get('etag')!
    const expected = await plain.text()
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toContain('Accept-Encoding')

    const gz = cache.answer(kept, 'n2', null, 'gzip, deflate, br')
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gz.headers.get('etag')).toBe(identityEtag.replace(/"$/, '-gz"'))
    const body = Buffer.from(await gz.arrayBuffer())
    expect(zlib.gunzipSync(body).toString()).toBe(expected)
    expect(cache.answer(kept, 'n3', gz.headers.get('etag'), 'gzip').status).toBe(304)
    expect(cache.answer(kept, 'n3', identityEtag, 'gzip').status).toBe(200)

    // A long page with nonces all through it decodes exactly, and its static parts are deflated once.
    const long = Array.from({ length: 50 }, (_, i) => `<script nonce="k1">window.x${i}=1</script><p>${'Old town walk '.repeat(200)}</p>`).join('')
    const cache2 = new PageCache(ctx.testDb.db)
    await cache2.store('k', new Response(long, { headers: { 'content-type': 'text/html' } }), keptTag(kept), 'k1')
    const deflate = vi.spyOn(zlib, 'deflateRawSync')
    const answer = cache2.answer((await cache2.lookup('k'))!, 'k2', null, 'gzip')
    const compressed = Buffer.from(await answer.arrayBuffer())
    // Only the nonce attribute is deflated for an answer.
    expect(deflate.mock.calls.every(([input]) => Buffer.byteLength(input as Buffer) < 32)).toBe(true)
    deflate.mockRestore()
    expect(zlib.gunzipSync(compressed).toString()).toBe(long.replaceAll('nonce="k1"', 'nonce="k2"'))
    expect(compressed.length).toBeLessThan(long.length / 20)
  })

  it('drops the kept page after a change of the route, its texts, its places, a like or the category', async () => {
    const { user, category, walk, slug } = await setup()
    const { db } = ctx.testDb
    const { services } = ctx.t
    const placeId = await insertPlace(db, category.id, 'Cathedral')
    const changes: [string, () => Promise<unknown>][] = [
      ['route saved through the service', () => services.walks.update(user, { uuid: walk.uuid, name: 'Old town, new name', places: [{ id: placeId }] }, 'en')],
      ['a text row', () => db.updateTable('walk_translations').set({ subtitle: 'New' }).where('walk_id', '=', walk.id).execute()],
      ['a place renamed', () => services.places.update(user, placeId, { name: 'Cathédrale' })],
      ['a like', () => new LikeService({ db, stats: services.stats }).like(walk.uuid, { ip: '198.51.100.4', userAgent: phoneUa })],
      ['the category renamed', () => services.categories.update(user, category.id, { name: 'Renamed' })],
    ]
    for (const [what, change] of changes) {
      const { cache, key } = await keep(slug)
      expect(await cache.lookup(key), what).not.toBeNull()
      await change()
      expect(await cache.lookup(key), what).toBeNull()
    }
  })

  it('keeps the page through another category’s change and through views, and counts each view', async () => {
    const { slug } = await setup()
    const other = await setup()
    const { cache, key } = await keep(slug)
    const before = await readContentVersion(ctx.testDb.db, other.category.id)
    await ctx.testDb.db.updateTable('walk_translations').set({ subtitle: 'x' }).where('walk_id', '=', other.walk.id).execute()
    expect((await readContentVersion(ctx.testDb.db, other.category.id)).category).toBeGreaterThan(before.category)
    await render(slug)
    expect(await cache.lookup(key)).not.toBeNull()
  })

  it('drops the kept page when a slug moves (the path may name another page now)', async () => {
    const { user, walk, slug } = await setup()
    const other = await setup()
    const { cache, key } = await keep(slug)
    await ctx.t.services.walks.update(other.user, { uuid: other.walk.uuid, slug: `${other.walkSlug}-moved` }, 'en')
    expect(await cache.lookup(key)).toBeNull()
    const kept = await keep(slug)
    await ctx.t.services.walks.update(user, { uuid: walk.uuid, status: 'draft' }, 'en')
    expect(await kept.cache.lookup(kept.key)).toBeNull()
  })

  it('never keeps a member’s view (drafts), nor the page after a like, nor a signed-in request', async () => {
    const { user, slug } = await setup('draft')
    const cache = new PageCache(ctx.testDb.db)
    const { request, tag } = await render(slug, { user })
    expect(tag).toBeNull()
    expect(cache.keyOf(request, true)).toBeNull()
    expect(cache.keyOf(new Request(request.url, { method: 'HEAD' }), false)).toBeNull()
    const answer = await cache.store('localhost:3000/r/x', new Response('draft'), tag, 'n1')
    expect(answer.headers.get('cache-control')).toBe('private, no-store')
    expect(await cache.lookup('localhost:3000/r/x')).toBeNull()

    const published = await setup()
    const afterLike = await render(published.slug, { query: '?liked=1' })
    expect(afterLike.tag).toBeNull()
    expect(cache.keyOf(afterLike.request, false)).toBeNull()
    // A page that never opts in passes untouched.
    const plain = new Response('plain')
    expect(await cache.store('localhost:3000/auth/login', plain, undefined, 'n1')).toBe(plain)
  })

  it('keys by host and path, and forgets the least recently used page over its limits', async () => {
    const { slug } = await setup()
    const cache = new PageCache(ctx.testDb.db, { entries: 1, bytes: 1_000_000 })
    const { page, tag } = await render(slug)
    const on = (host: string) => new Request(`http://${host}/r/${slug}`, { headers: { host } })
    const a = cache.keyOf(on('a.example'), false)!
    const b = cache.keyOf(on('b.example'), false)!
    expect(a).not.toBe(b)
    await cache.store(a, new Response(page.view.name), tag, undefined)
    await cache.store(b, new Response(page.view.name), tag, undefined)
    expect(cache.size.entries).toBe(1)
    expect(await cache.lookup(a)).toBeNull()
    expect(await cache.lookup(b)).not.toBeNull()
  })

  it('stops serving a kept page at its validUntil (a dated route notice turns at midnight, ADR 026)', async () => {
    const { slug } = await setup()
    let now = 1_000
    const cache = new PageCache(ctx.testDb.db, undefined, () => now)
    const { page, request, tag } = await render(slug)
    const key = cache.keyOf(request, false)!
    await cache.store(key, new Response(page.view.name), { ...tag!, validUntil: 2_000 }, undefined)
    now = 1_999
    expect(await cache.lookup(key)).not.toBeNull()
    now = 2_000
    expect(await cache.lookup(key)).toBeNull()
    expect(cache.size.entries).toBe(0)
  })
})
