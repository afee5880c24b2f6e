import { describe, expect, it } from 'vitest'
import type { User } from '#app/db/schema.ts'
import { insertWalk } from '#app/modules/stats/stats.test-fixtures.ts'
import { createCategory, createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { loader } from './print.tsx'

// The print kit's leaflet loader as React Router calls it: its canonical address, drafts, the
// stops' texts, and /r/{category}/print staying the landing page of a route named "print".

describe.each(testDialects)('route leaflet loader on %s', (dialect) => {
  const ctx = useTestApi(dialect)

  async function setup(status: 'draft' | 'published' = 'published') {
    const { services } = ctx.t
    const { user } = await createUser(services)
    const category = await createCategory(services, user, { fallback_locale: 'fr' })
    const walk = await insertWalk(ctx.testDb.db, category.id, { status, names: { fr: 'Vieille ville', en: 'Old town' } })
    const slug = (await ctx.testDb.db.selectFrom('walks').select('slug').where('id', '=', walk.id).executeTakeFirstOrThrow()).slug
    return { user, walk, category, slug }
  }

  const get = (path: string, params: Record<string, string | undefined>, options: { user?: User | null; categorySlug?: string | null } = {}) =>
    loader({
      context: { services: ctx.t.services, user: options.user ?? null, token: null, clientIp: '203.0.113.9', categorySlug: options.categorySlug ?? null },
      request: new Request(`http://localhost:3000${path}`),
      params,
    } as never)

  const outcome = async (promise: Promise<unknown>) => {
    try {
      return { status: 200, data: (await promise) as Awaited<ReturnType<typeof loader>> }
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('location') }
      return { status: (thrown as { init?: { status?: number } }).init?.status }
    }
  }

  it('answers the leaflet at its canonical address, in the page’s language, with the stops’ texts and the QR codes', async () => {
    const { category, slug, walk } = await setup()
    const place = await ctx.t.services.db
      .insertInto('places')
      .values({ category_id: category.id, name: 'Square', lat: 46.52, lng: 6.63, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await ctx.t.services.db.insertInto('walk_places').values({ walk_id: walk.id, place_id: place.id, sort_id: 1 }).execute()
    const now = new Date().toISOString()
    await ctx.t.services.db.insertInto('walk_qr_codes').values((['route', 'landing', 'map'] as const).map((kind) => ({ walk_id: walk.id, kind, created_at: now }))).execute()
    await ctx.t.services.db.insertInto('place_translations').values({ place_id: place.id, locale: 'de', name: 'Platz', description: 'Mit Brunnen' }).execute()
    const res = await outcome(get(`/de/r/${category.slug}/${slug}/print`, { lang: 'de', category: category.slug, slug }))
    expect(res.status).toBe(200)
    const view = res.data!.kind === 'print' ? res.data!.view : null
    expect(view).toMatchObject({
      size: 'a4',
      // No German name: the category's language (French).
      name: 'Vieille ville',
      stops: [{ number: 1, name: 'Platz', description: 'Mit Brunnen' }],
      landingUrl: `http://localhost:3000/r/${category.slug}/${slug}`,
      mapUrl: `http://localhost:3000/m/${category.slug}/${slug}`,
      paths: { a5: `/de/r/${category.slug}/${slug}/print?size=a5` },
    })
    expect(view!.landingQr).toMatch(/^\/api\/route-qr-codes\/\d+\/image\.svg$/)
  })

  it('redirects another address of the route (case, old slug) to the canonical leaflet, size kept', async () => {
    const { category, slug } = await setup()
    const res = await outcome(get(`/r/${category.slug.toUpperCase()}/${slug}/print?size=a5`, { category: category.slug.toUpperCase(), slug }))
    expect(res).toEqual({ status: 301, location: `/r/${category.slug}/${slug}/print?size=a5` })
  })

  it('hides a draft from visitors (404) and prints it for its members', async () => {
    const { category, slug, user } = await setup('draft')
    expect((await outcome(get(`/r/${category.slug}/${slug}/print`, { category: category.slug, slug }))).status).toBe(404)
    const member = await outcome(get(`/r/${category.slug}/${slug}/print`, { category: category.slug, slug }, { user }))
    expect(member.status).toBe(200)
  })

  it('keeps /r/{category}/print the landing page of a route whose slug is "print" on the base host', async () => {
    const { category, walk } = await setup()
    await ctx.t.services.db.updateTable('walks').set({ slug: 'print' }).where('id', '=', walk.id).execute()
    const res = await outcome(get(`/r/${category.slug}/print`, { slug: category.slug }))
    expect(res.status).toBe(200)
    expect(res.data!.kind).toBe('landing')
  })
})
