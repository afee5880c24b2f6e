import { describe, expect, it } from 'vitest'
import type { User } from '#app/db/schema.ts'
import { PageCache, type CacheTag } from '#app/platform/page-cache/page-cache.server.ts'
import { insertPlace, insertWalk } from '#app/modules/stats/stats.test-fixtures.ts'
import { createCategory, createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { loader } from './map.tsx'

// The route map page's loader: what the HTML holds, and the render cache's tag.

describe.each(testDialects)('route map page (loader) on %s', (dialect) => {
  const ctx = useTestApi(dialect)

  async function setup() {
    const { services } = ctx.t
    const { user } = await createUser(services)
    const category = await createCategory(services, user, { fallback_locale: 'en' })
    const db = ctx.testDb.db
    const walk = await insertWalk(db, category.id, { names: { en: 'Old town' } })
    const placeId = await insertPlace(db, category.id, 'Cathedral')
    await db.insertInto('walk_places').values({ walk_id: walk.id, place_id: placeId, sort_id: 1 }).execute()
    await db.insertInto('secrets').values({ place_id: placeId, author_id: null, title: 'The watchman', text: 'Calls the hours at night.', created_at: new Date().toISOString() }).execute()
    const slug = (await db.selectFrom('walks').select('slug').where('id', '=', walk.id).executeTakeFirstOrThrow()).slug
    return { user, category, walk, placeId, rest: `${category.slug}/${slug}` }
  }

  const call = async (path: string, rest: string, user: User | null = null) => {
    const context: Record<string, unknown> = { services: ctx.t.services, user, token: null, clientIp: '203.0.113.9', categorySlug: null }
    const page = await loader({ context, request: new Request(`http://localhost:3000${path}`), params: { '*': rest } } as never)
    return { page, tag: context.pageCacheTag as CacheTag | null | undefined }
  }

  it('holds the places with their secrets, the focused stop, the embed flag and a content version', async () => {
    const { category, placeId, rest } = await setup()
    const { page, tag } = await call(`/m/${rest}?place=${placeId}&embed=1`, rest)
    expect(page.view.places).toEqual([expect.objectContaining({ id: placeId, number: 1, name: 'Cathedral', secrets: [expect.objectContaining({ title: 'The watchman' })] })])
    expect(page.view.focusId).toBe(placeId)
    expect(page.view.embed).toBe(true)
    expect(page.view.landingPath).toBe(`/r/${rest}`)
    expect(page.view.alternates.map((a) => new URL(a.url).pathname)).toEqual([`/m/${rest}`, `/fr/m/${rest}`, `/de/m/${rest}`, `/it/m/${rest}`])
    expect(tag).toMatchObject({ categoryId: category.id })
    expect(tag?.view).toBeUndefined()
    const before = page.view.version
    // A new secret is a new version of the walk (a saved copy is replaced) and of the kept page.
    await ctx.testDb.db.insertInto('secrets').values({ place_id: placeId, author_id: null, title: 'Bells', text: 'Eight of them.', created_at: new Date().toISOString() }).execute()
    const again = await call(`/m/${rest}`, rest)
    expect(again.page.view.version).not.toBe(before)
    expect(again.tag!.category).toBeGreaterThan(tag!.category)
  })

  it('is never kept for a member, and keeps ?place= and ?embed= apart', async () => {
    const { user, rest } = await setup()
    expect((await call(`/m/${rest}`, rest, user)).tag).toBeNull()
    const cache = new PageCache(ctx.testDb.db)
    const key = (query: string) => cache.keyOf(new Request(`http://localhost:3000/m/${rest}${query}`, { headers: { host: 'localhost:3000' } }), false)
    expect(key('?place=12&embed=1')).toBe(`localhost:3000/m/${rest}?embed=1&place=12`)
    expect(key('?place=abc&fbclid=x')).toBe(`localhost:3000/m/${rest}`)
  })

  // A value is in the key exactly as the loader reads it, or it changes nothing (ADR 070): an
  // anonymous request must not choose the stop every later visitor's kept page opens on.
  it.each(['0{id}', '{id}.0', '+{id}', '%20{id}', '{id}%20', '0x{id}', '{id}e0'])('?place=%s is no stop, on the page and in the key', async (form) => {
    const { placeId, rest } = await setup()
    const cache = new PageCache(ctx.testDb.db)
    const query = `?place=${form.replaceAll('{id}', String(placeId))}`
    const key = cache.keyOf(new Request(`http://localhost:3000/m/${rest}${query}`, { headers: { host: 'localhost:3000' } }), false)
    const { page } = await call(`/m/${rest}${query}`, rest)
    expect(key).toBe(`localhost:3000/m/${rest}`)
    expect(page.view.focusId).toBeNull()
    // The canonical form is both the loader's stop and part of the key.
    const canonical = await call(`/m/${rest}?place=${placeId}&utm_source=x`, rest)
    expect(canonical.page.view.focusId).toBe(placeId)
    expect(cache.keyOf(new Request(`http://localhost:3000/m/${rest}?place=${placeId}&utm_source=x`, { headers: { host: 'localhost:3000' } }), false)).toBe(`localhost:3000/m/${rest}?place=${placeId}`)
  })
})
