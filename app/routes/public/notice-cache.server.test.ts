import { afterEach, describe, expect, it, vi } from 'vitest'
import { PageCache, type CacheTag } from '#app/platform/page-cache/page-cache.server.ts'
import { manager, storeRoute } from '#app/modules/walks/walks.test-fixtures.ts'
import type { ApiBody } from '#app/client/api-contract.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { loader as homeLoader } from './category-home.tsx'
import { loader as landingLoader } from './landing.tsx'
import { loader as mapLoader } from './map.tsx'

// Route notices and the render cache (ADR 026): a changed notice shows at once (its
// write raises the content version), and a dated one appears and goes on its days with no write
// (a page showing one is kept until the day ends in TIME_ZONE, Europe/Zurich by default here).

type Loader = (args: never) => Promise<unknown>
const pages: Record<string, { loader: Loader; path: (category: string, slug: string) => string; params: (category: string, slug: string) => Record<string, string> }> = {
  '/r': { loader: landingLoader as Loader, path: (c, s) => `/r/${c}/${s}`, params: (c, s) => ({ '*': `${c}/${s}` }) },
  '/m': { loader: mapLoader as Loader, path: (c, s) => `/m/${c}/${s}`, params: (c, s) => ({ '*': `${c}/${s}` }) },
  '/c': { loader: homeLoader as Loader, path: (c) => `/c/${c}`, params: (c) => ({ category: c }) },
}

/** The notice a page's loader data shows (the home: on the route's card). */
function noticeOf(data: any): { level: string; text: string | null } | null {
  return data.view.notice !== undefined ? data.view.notice : data.view.routes[0].notice
}

describe.each(testDialects)('route notices and the render cache on %s', (dialect) => {
  const { t } = useTestApi(dialect)
  afterEach(() => vi.useRealTimers())

  async function publishedRoute(notice: ApiBody<'/routes/update', 'PUT'>['notice']) {
    const { token, category } = await manager(t, { fallback_locale: 'en' })
    const route = await storeRoute(t, token, category.id)
    const res = await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, status: 'published', notice } })
    expect(res.status, JSON.stringify(res.json)).toBe(200)
    return { token, category, route }
  }

  /** A visitor's request of the page: the loader's data and the cache tag it leaves. */
  async function render(page: string, category: string, slug: string) {
    const { loader, path, params } = pages[page]
    const context: Record<string, unknown> = { services: t.services, user: null, token: null, clientIp: '203.0.113.9', categorySlug: null }
    const data = await loader({ context, request: new Request(`http://localhost:3000${path(category, slug)}`), params: params(category, slug) } as never)
    return { data, tag: context.pageCacheTag as CacheTag }
  }

  /** Renders the page and keeps it as the HTTP layer does (the HTML holds the notice shown). */
  async function renderAndKeep(cache: PageCache, page: string, category: string, slug: string) {
    const { data, tag } = await render(page, category, slug)
    expect(tag).toBeTruthy()
    const key = `localhost:3000${pages[page].path(category, slug)}`
    const html = `<main>${JSON.stringify(noticeOf(data))}</main>`
    await cache.store(key, new Response(html, { status: 200, headers: { 'Content-Type': 'text/html' } }), tag, undefined)
    return { key, notice: noticeOf(data), tag }
  }

  for (const page of Object.keys(pages)) {
    it(`${page}: a changed notice is shown at once`, async () => {
      const { token, category, route } = await publishedRoute({ level: 'warning', texts: { en: 'Slippery after rain' } })
      const cache = new PageCache(t.services.db)
      const first = await renderAndKeep(cache, page, category.slug, route.slug)
      expect(first.notice).toMatchObject({ level: 'warning', text: 'Slippery after rain' })
      // No dates: nothing changes by itself, the page is kept until a write.
      expect(first.tag.validUntil).toBe(Infinity)
      expect(await cache.lookup(first.key)).not.toBeNull()

      await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, notice: { level: 'closed', texts: { en: 'Bridge washed away' } } } })
      expect(await cache.lookup(first.key)).toBeNull()
      const second = await renderAndKeep(cache, page, category.slug, route.slug)
      expect(second.notice).toMatchObject({ level: 'closed', text: 'Bridge washed away' })

      await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, notice: null } })
      expect(await cache.lookup(second.key)).toBeNull()
      expect(noticeOf((await render(page, category.slug, route.slug)).data)).toBeNull()
    })

    it(`${page}: a dated notice appears on its first day and goes after its last, with no write`, async () => {
      const { category, route } = await publishedRoute({ level: 'closed', starts_on: '2026-12-01', ends_on: '2026-12-01', texts: { en: 'Race day' } })
      const at = (instant: string) => {
        vi.useFakeTimers({ toFake: ['Date'] })
        vi.setSystemTime(new Date(instant))
      }
      const cache = new PageCache(t.services.db)
      // 30 November, 23:59:59 in Zurich: not yet; the page is kept until midnight there.
      at('2026-11-30T22:59:59Z')
      const before = await renderAndKeep(cache, page, category.slug, route.slug)
      expect(before.notice).toBeNull()
      expect(before.tag.validUntil).toBe(Date.parse('2026-11-30T23:00:00Z'))
      expect(await cache.lookup(before.key)).not.toBeNull()
      // Midnight: the kept page is not served any more, and the page rendered anew shows it.
      at('2026-11-30T23:00:00Z')
      expect(await cache.lookup(before.key)).toBeNull()
      const during = await renderAndKeep(cache, page, category.slug, route.slug)
      expect(during.notice).toMatchObject({ level: 'closed', text: 'Race day' })
      at('2026-12-01T22:59:59Z')
      expect(await cache.lookup(during.key)).not.toBeNull()
      // The day after its last: gone.
      at('2026-12-01T23:00:00Z')
      expect(await cache.lookup(during.key)).toBeNull()
      expect((await renderAndKeep(cache, page, category.slug, route.slug)).notice).toBeNull()
    })
  }
})
