import { describe, expect, it } from 'vitest'
import type { User } from '#app/db/schema.ts'
import { insertWalk } from '#app/modules/stats/stats.test-fixtures.ts'
import { createCategory, createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { action, loader } from './landing.tsx'

// The landing page's loader and action called as React Router calls them, over a test database.

const phoneUa = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1'
const botUa = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

describe.each(testDialects)('route landing page (loader and action) on %s', (dialect) => {
  const ctx = useTestApi(dialect)

  async function setup(status: 'draft' | 'published' = 'published') {
    const { services } = ctx.t
    const { user } = await createUser(services)
    const category = await createCategory(services, user, { fallback_locale: 'fr' })
    const walk = await insertWalk(ctx.testDb.db, category.id, { status, names: { fr: 'Vieille ville', en: 'Old town' } })
    const walkSlug = (await ctx.testDb.db.selectFrom('walks').select('slug').where('id', '=', walk.id).executeTakeFirstOrThrow()).slug
    // `slug` is the rest of the canonical path: /r/{category}/{slug} (ADR 011).
    return { user, walk, category, walkSlug, slug: `${category.slug}/${walkSlug}` }
  }

  const context = (options: { user?: User | null; ip?: string } = {}) => ({
    services: ctx.t.services,
    user: options.user ?? null,
    token: null,
    clientIp: options.ip ?? '203.0.113.9',
    categorySlug: null,
  })

  const get = (path: string, params: Record<string, string>, options: { ua?: string; user?: User | null; ip?: string; fetchMode?: string } = {}) =>
    loader({
      context: context(options),
      request: new Request(`http://localhost:3000${path}`, { headers: { 'user-agent': options.ua ?? phoneUa, ...(options.fetchMode ? { 'sec-fetch-mode': options.fetchMode } : {}) } }),
      params,
    } as never)

  const postLike = (path: string, params: Record<string, string>, options: { ua?: string; ip?: string; intent?: string } = {}) =>
    action({
      context: context(options),
      request: new Request(`http://localhost:3000${path}`, {
        method: 'POST',
        headers: { 'user-agent': options.ua ?? phoneUa, 'content-type': 'application/x-www-form-urlencoded' },
        body: `intent=${options.intent ?? 'like'}`,
      }),
      params,
    } as never)

  const events = (walkId: number, type: 'view' | 'like') =>
    ctx.testDb.db.selectFrom('events').select('visitor_hash').where('walk_id', '=', walkId).where('type', '=', type).execute()

  const status = async (promise: Promise<unknown>) => {
    try {
      await promise
      return 200
    } catch (thrown) {
      if (thrown instanceof Response) return thrown.status
      return (thrown as { init?: { status?: number } }).init?.status
    }
  }

  /** The redirect a loader throws: its status and Location. */
  const redirected = async (promise: Promise<unknown>) => {
    try {
      await promise
    } catch (thrown) {
      if (thrown instanceof Response) return [thrown.status, thrown.headers.get('location')]
      throw thrown
    }
    return [200, null]
  }

  it('answers the page in the visitor’s language and counts a view, with the like state', async () => {
    const { walk, slug } = await setup()
    const page = await get(`/fr/r/${slug}`, { lang: 'fr', '*': slug })
    expect(page.view.name).toBe('Vieille ville')
    expect(page.view.mapPath).toBe(`/fr/m/${slug}`)
    expect(page.view.canonicalUrl).toBe(`http://localhost:3000/fr/r/${slug}`)
    expect(page.view.pagePath).toBe(`/fr/r/${slug}`)
    expect(page.like).toEqual({ likes: 0, liked: false })
    const views = await events(walk.id, 'view')
    expect(views).toHaveLength(1)
    expect(views[0].visitor_hash).toMatch(/^[0-9a-f]{64}$/)
    expect((await get(`/r/${slug}`, { '*': slug })).view.name).toBe('Old town')
  })

  it('does not count a bot’s view, nor the page shown after a like', async () => {
    const { walk, slug } = await setup()
    await get(`/r/${slug}`, { '*': slug }, { ua: botUa })
    await get(`/r/${slug}?liked=1`, { '*': slug })
    expect(await events(walk.id, 'view')).toHaveLength(0)
  })

  it('counts a page load, not the copy the visitors’ service worker or a saved walk fetches to keep (ADR 090)', async () => {
    const { walk, slug } = await setup()
    await get(`/r/${slug}`, { '*': slug }, { fetchMode: 'cors' })
    await get(`/r/${slug}`, { '*': slug }, { fetchMode: 'same-origin' })
    expect(await events(walk.id, 'view')).toHaveLength(0)
    await get(`/r/${slug}`, { '*': slug }, { fetchMode: 'navigate' })
    expect(await events(walk.id, 'view')).toHaveLength(1)
  })

  it('records one like per visitor and day, and redirects back with 303', async () => {
    const { walk, slug } = await setup()
    const first = (await postLike(`/fr/r/${slug}`, { lang: 'fr', '*': slug })) as Response
    expect(first.status).toBe(303)
    expect(first.headers.get('location')).toBe(`/fr/r/${slug}?liked=1`)
    await postLike(`/fr/r/${slug}`, { lang: 'fr', '*': slug })
    expect(await events(walk.id, 'like')).toHaveLength(1)
    // The page after the like shows the visitor's own state; the page kept for every visitor
    // shows the count only (public/landing.js restores "liked" from localStorage).
    expect((await get(`/r/${slug}?liked=1`, { '*': slug })).like).toEqual({ likes: 1, liked: true })
    expect((await get(`/r/${slug}`, { '*': slug })).like).toEqual({ likes: 1, liked: false })

    await postLike(`/r/${slug}`, { '*': slug }, { ip: '198.51.100.1' })
    expect(await events(walk.id, 'like')).toHaveLength(2)
    expect((await get(`/r/${slug}`, { '*': slug }, { ip: '198.51.100.77' })).like).toEqual({ likes: 2, liked: false })
  })

  it('undoes a like pressed again by the same visitor the same day, and only that visitor’s', async () => {
    const { walk, category, slug } = await setup()
    await postLike(`/r/${slug}`, { '*': slug })
    await postLike(`/r/${slug}`, { '*': slug }, { ip: '198.51.100.1' })
    expect((await get(`/r/${slug}`, { '*': slug })).like.likes).toBe(2)
    // Another visitor's undo takes nothing back.
    const stranger = (await postLike(`/r/${slug}`, { '*': slug }, { ip: '198.51.100.9', intent: 'unlike' })) as Response
    expect(stranger.status).toBe(303)
    expect(await events(walk.id, 'like')).toHaveLength(2)
    // The visitor's own undo: the event and its count are gone, back to the page without "liked".
    const undone = (await postLike(`/fr/r/${slug}`, { lang: 'fr', '*': slug }, { intent: 'unlike' })) as Response
    expect(undone.status).toBe(303)
    expect(undone.headers.get('location')).toBe(`/fr/r/${slug}`)
    expect(await events(walk.id, 'like')).toHaveLength(1)
    expect((await get(`/r/${slug}`, { '*': slug })).like).toEqual({ likes: 1, liked: false })
    const month = await ctx.testDb.db.selectFrom('stat_months').select('likes').where('category_id', '=', category.id).execute()
    expect(month.reduce((sum, row) => sum + Number(row.likes), 0)).toBe(1)
    // Undone twice is still one undo; liked again, it counts again.
    await postLike(`/r/${slug}`, { '*': slug }, { intent: 'unlike' })
    expect((await get(`/r/${slug}`, { '*': slug })).like.likes).toBe(1)
    await postLike(`/r/${slug}`, { '*': slug })
    expect((await get(`/r/${slug}`, { '*': slug })).like.likes).toBe(2)
  })

  it('refuses an unknown intent with 400 and records nothing', async () => {
    const { walk, slug } = await setup()
    await expect(postLike(`/r/${slug}`, { '*': slug }, { intent: 'hate' })).rejects.toMatchObject({ init: { status: 400 } })
    expect(await events(walk.id, 'like')).toHaveLength(0)
  })

  it('ignores a bot’s like', async () => {
    const { walk, slug } = await setup()
    expect(((await postLike(`/r/${slug}`, { '*': slug }, { ua: botUa })) as Response).status).toBe(303)
    expect(await events(walk.id, 'like')).toHaveLength(0)
  })

  it('answers 404 for a draft to a visitor and to a non-member, and shows it to a member', async () => {
    const { user, walk, slug } = await setup('draft')
    expect(await status(get(`/r/${slug}`, { '*': slug }))).toBe(404)
    const { user: stranger } = await createUser(ctx.t.services)
    expect(await status(get(`/r/${slug}`, { '*': slug }, { user: stranger }))).toBe(404)
    const page = await get(`/r/${slug}`, { '*': slug }, { user })
    expect(page.view.isDraft).toBe(true)
    // A draft is never counted nor liked.
    expect(await status(postLike(`/r/${slug}`, { '*': slug }))).toBe(404)
    expect(await events(walk.id, 'view')).toHaveLength(0)
    expect(await events(walk.id, 'like')).toHaveLength(0)
  })

  it('answers 404 for an unknown slug, a nested path and an unknown language prefix', async () => {
    const { slug, category } = await setup()
    expect(await status(get(`/r/${category.slug}/nothing-here`, { '*': `${category.slug}/nothing-here` }))).toBe(404)
    expect(await status(get(`/r/${slug}/more`, { '*': `${slug}/more` }))).toBe(404)
    expect(await status(get(`/xx/r/${slug}`, { lang: 'xx', '*': slug }))).toBe(404)
  })

  it('answers 404 for a bare slug without a claim, whichever route has it now (ADR 011)', async () => {
    const { walkSlug } = await setup()
    expect(await status(get(`/r/${walkSlug}`, { '*': walkSlug }))).toBe(404)
  })

  it('redirects (301) a claimed bare slug, an old slug and a case variant to the canonical address, keeping language and query', async () => {
    const { user, walk, walkSlug, category, slug } = await setup()
    // The claim the migration gives a route that existed before ADR 011.
    await ctx.testDb.db.insertInto('walk_legacy_slugs').values({ slug: walkSlug, walk_id: walk.id }).execute()
    expect(await redirected(get(`/fr/r/${walkSlug}?utm=plaque`, { lang: 'fr', '*': walkSlug }))).toEqual([301, `/fr/r/${slug}?utm=plaque`])
    expect(await redirected(get(`/r/${slug.toUpperCase()}/`, { '*': `${slug.toUpperCase()}/` }))).toEqual([301, `/r/${slug}`])
    await ctx.t.services.walks.update(user, { uuid: walk.uuid, slug: 'renamed' }, 'en')
    expect(await redirected(get(`/r/${slug}`, { '*': slug }))).toEqual([301, `/r/${category.slug}/renamed`])
    expect(await redirected(get(`/r/${walkSlug}`, { '*': walkSlug }))).toEqual([301, `/r/${category.slug}/renamed`])
    // Nothing is counted on the way: the view is the canonical page's.
    expect(await events(walk.id, 'view')).toHaveLength(0)
  })

  // 500 posts one after another: ~5 s on SQLite, up to 25 s on a loaded machine's PostgreSQL.
  it('counts at most RATE_LIMIT_LIKES of 500 likes from one address rotating its user agent (429 over it)', async () => {
    const { walk, slug } = await setup()
    const { limit } = ctx.t.config.RATE_LIMIT_LIKES
    const answers: number[] = []
    for (let i = 0; i < 500; i++) {
      const answer = await postLike(`/r/${slug}`, { '*': slug }, { ua: `${phoneUa} rotation/${i}`, ip: '198.51.100.200' })
      answers.push(answer instanceof Response ? answer.status : (answer as { init?: { status?: number } }).init!.status!)
    }
    expect(await events(walk.id, 'like')).toHaveLength(limit)
    expect(answers.filter((s) => s === 303)).toHaveLength(limit)
    expect(answers.filter((s) => s === 429)).toHaveLength(500 - limit)
    // Another address is not held back.
    await postLike(`/r/${slug}`, { '*': slug }, { ip: '198.51.100.201' })
    expect(await events(walk.id, 'like')).toHaveLength(limit + 1)
  }, 60_000)
})
