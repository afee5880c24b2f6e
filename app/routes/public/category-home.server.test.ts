import { describe, expect, it } from 'vitest'
import type { User } from '#app/db/schema.ts'
import { PageCache, type CacheTag } from '#app/platform/page-cache/page-cache.server.ts'
import { insertWalk } from '#app/modules/stats/stats.test-fixtures.ts'
import { createCategory, createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { loader } from './category-home.tsx'

// The category home's loader as React Router calls it, over a test database.

describe.each(testDialects)('category home (loader) on %s', (dialect) => {
  const ctx = useTestApi(dialect)

  async function setup() {
    const { services } = ctx.t
    const { user } = await createUser(services)
    const category = await createCategory(services, user, { fallback_locale: 'fr' })
    const db = ctx.testDb.db
    const short = await insertWalk(db, category.id, { names: { fr: 'Vieille ville', en: 'Old town', de: 'Altstadt' } })
    const long = await insertWalk(db, category.id, { names: { fr: 'Tour du lac' } })
    const draft = await insertWalk(db, category.id, { status: 'draft', names: { fr: 'Les musées' } })
    await db.updateTable('walks').set({ distance: 1500, duration: 18 * 60 }).where('id', '=', short.id).execute()
    await db.updateTable('walks').set({ distance: 12_000, duration: 150 * 60 }).where('id', '=', long.id).execute()
    return { user, category, short, long, draft }
  }

  const call = async (path: string, params: Record<string, string>, options: { user?: User | null; categorySlug?: string | null } = {}) => {
    const context: Record<string, unknown> = { services: ctx.t.services, user: options.user ?? null, token: null, clientIp: '203.0.113.9', categorySlug: options.categorySlug ?? null }
    const request = new Request(`http://localhost:3000${path}`)
    const page = await loader({ context, request, params } as never)
    return { page, tag: context.pageCacheTag as CacheTag | null | undefined, request }
  }
  const thrown = async (promise: Promise<unknown>) => {
    try {
      await promise
    } catch (error) {
      if (error instanceof Response) return [error.status, error.headers.get('location')]
      return [(error as { init?: { status?: number } }).init?.status, null]
    }
    return [200, null]
  }

  it('lists the published routes in the visitor’s language with their languages, never a draft, even to a member', async () => {
    const { user, category, short } = await setup()
    const { page, tag } = await call(`/de/c/${category.slug}`, { lang: 'de', category: category.slug })
    expect(page.view.category.name).toBe(category.name)
    expect(page.view.routes.map((r) => r.name)).toEqual(['Altstadt', 'Tour du lac'])
    expect(page.view.routes[0].locales).toEqual(['en', 'fr', 'de'])
    expect(page.view.routes[0].landingPath).toMatch(new RegExp(`^/de/r/${category.slug}/walk-`))
    expect(page.view.routes[0].mapPath).toMatch(new RegExp(`^/de/m/${category.slug}/walk-`))
    expect(page.view.routes[0].uuid).toBe(short.uuid)
    // A visitor's home may be kept; a member's is not (the cache never serves signed-in requests).
    expect(tag).toMatchObject({ categoryId: category.id })
    const member = await call(`/de/c/${category.slug}`, { lang: 'de', category: category.slug }, { user })
    expect(member.page.view.routes.map((r) => r.name)).toEqual(['Altstadt', 'Tour du lac'])
    expect(member.tag).toBeNull()
  })

  it('marks the routes the filters leave out (the page without script is filtered as served)', async () => {
    const { category } = await setup()
    const visible = async (query: string) => (await call(`/fr/c/${category.slug}${query}`, { lang: 'fr', category: category.slug })).page.view.routes.filter((r) => !r.hidden).map((r) => r.name)
    expect(await visible('?duration=30')).toEqual(['Vieille ville'])
    expect(await visible('?distance=more')).toEqual(['Tour du lac'])
    expect(await visible('?q=LAC')).toEqual(['Tour du lac'])
    expect(await visible('?duration=nonsense')).toEqual(['Vieille ville', 'Tour du lac'])
    // Filters are part of the kept page's key; a search is not kept.
    const cache = new PageCache(ctx.testDb.db)
    const key = (query: string) => cache.keyOf(new Request(`http://localhost:3000/fr/c/${category.slug}${query}`, { headers: { host: 'localhost:3000' } }), false)
    expect(key('?duration=30&utm_source=x')).toBe(`localhost:3000/fr/c/${category.slug}?duration=30`)
    expect(key('?q=lac')).toBeNull()
  })

  it('sends an old slug, another case and the base host with subdomain routing to the canonical address; 404 for an unknown category', async () => {
    const { user, category } = await setup()
    const renamed = `${category.slug}-new`
    await ctx.t.services.categories.update(user, category.id, { slug: renamed })
    expect(await thrown(call(`/fr/c/${category.slug}?duration=30`, { lang: 'fr', category: category.slug }))).toEqual([301, `/fr/c/${renamed}?duration=30`])
    expect(await thrown(call(`/c/${renamed.toUpperCase()}`, { category: renamed.toUpperCase() }))).toEqual([301, `/c/${renamed}`])
    expect(await thrown(call('/c/no-such-category', { category: 'no-such-category' }))).toEqual([404, null])
  })
})
