import { describe, expect, it } from 'vitest'
import { PageCache } from '#app/platform/page-cache/page-cache.server.ts'
import { contentChoiceCookie } from '#app/platform/locale/content-wish.ts'
import { insertWalk } from '#app/modules/stats/stats.test-fixtures.ts'
import { createCategory, createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { loader as landing } from './landing.tsx'
import { loader as map } from './map.tsx'

// A visitor page's content language (ADR 043): from ?lang=, the kept choice, Accept-Language, the
// page's language, the fallback; the render cache's key follows exactly what the loader reads (ADR 070).

const phoneUa = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1'
const names = { fr: 'Vieille ville', es: 'Ciudad vieja', ar: 'المدينة القديمة' }

describe.each(testDialects)('content language of the visitor pages on %s', (dialect) => {
  const ctx = useTestApi(dialect)

  async function setup() {
    const { services } = ctx.t
    const { user } = await createUser(services)
    const category = await createCategory(services, user, { fallback_locale: 'fr' })
    await services.categories.update(user, category.id, { content_locales: ['es', 'ar'] })
    const walk = await insertWalk(ctx.testDb.db, category.id, { names })
    const walkSlug = (await ctx.testDb.db.selectFrom('walks').select('slug').where('id', '=', walk.id).executeTakeFirstOrThrow()).slug
    return { rest: `${category.slug}/${walkSlug}` }
  }

  const request = (path: string, headers: Record<string, string> = {}) => new Request(`http://localhost:3000${path}`, { headers: { 'user-agent': phoneUa, ...headers } })
  const context = () => ({ services: ctx.t.services, user: null, token: null, clientIp: '203.0.113.9', categorySlug: null })
  const landingView = async (path: string, rest: string, headers: Record<string, string> = {}, lang?: string) =>
    (await landing({ context: context(), request: request(path, headers), params: { '*': rest, ...(lang ? { lang } : {}) } } as never)).view
  const mapView = async (path: string, rest: string, headers: Record<string, string> = {}) => (await map({ context: context(), request: request(path, headers), params: { '*': rest } } as never)).view
  const keyOf = (path: string, headers: Record<string, string> = {}) => new PageCache(ctx.t.services.db).keyOf(request(path, headers), false)

  it('a Spanish visitor gets the Spanish texts with the interface in English; Arabic is right to left', async () => {
    const { rest } = await setup()
    const spanish = await landingView(`/r/${rest}`, rest, { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' })
    expect(spanish).toMatchObject({ name: names.es, locale: 'en', content: { locale: 'es', dir: 'ltr' } })
    expect(spanish.languages.map((l) => [l.locale, l.path])).toEqual([
      ['fr', `/fr/r/${rest}?lang=fr`],
      ['es', `/r/${rest}?lang=es`],
      ['ar', `/r/${rest}?lang=ar`],
    ])
    expect(spanish.alternates.map((a) => [a.locale, new URL(a.url).pathname + new URL(a.url).search])).toEqual([
      ['fr', `/fr/r/${rest}`],
      ['es', `/r/${rest}?lang=es`],
      ['ar', `/r/${rest}?lang=ar`],
    ])
    const arabic = await mapView(`/m/${rest}?lang=ar`, rest)
    expect(arabic).toMatchObject({ name: names.ar, locale: 'en', content: { locale: 'ar', dir: 'rtl' }, langParam: 'ar' })
    // The kept choice (cookie) beats Accept-Language; ?lang= beats both.
    expect((await landingView(`/r/${rest}`, rest, { cookie: 'content_lang=ar', 'accept-language': 'es' })).content.locale).toBe('ar')
    expect((await landingView(`/r/${rest}?lang=es`, rest, { cookie: 'content_lang=ar' })).content.locale).toBe('es')
    // No wish the category offers: the page's language when offered, else the fallback.
    expect((await landingView(`/fr/r/${rest}`, rest, { 'accept-language': 'ja' }, 'fr')).name).toBe(names.fr)
    expect((await landingView(`/r/${rest}`, rest, { 'accept-language': 'ja' })).content.locale).toBe('fr')
  })

  it('the render cache keys on the content language exactly as the loader reads it', async () => {
    const { rest } = await setup()
    const cases: [string, Record<string, string>][] = [
      [`/r/${rest}`, {}],
      [`/r/${rest}`, { 'accept-language': 'es' }],
      [`/r/${rest}`, { 'accept-language': 'es-ES,es;q=0.9' }],
      [`/r/${rest}`, { cookie: 'content_lang=ar' }],
      [`/r/${rest}?lang=ar`, {}],
      // Not canonical: no language asked, on the page and in the key alike.
      [`/r/${rest}?lang=AR`, {}],
      [`/r/${rest}?lang=zz-!!`, {}],
    ]
    const seen = new Map<string, string>()
    for (const [path, headers] of cases) {
      const key = keyOf(path, headers)!
      const shown = (await landingView(path, rest, headers)).content.locale
      // One key never holds two languages.
      if (seen.has(key)) expect(shown, `${path} ${JSON.stringify(headers)}`).toBe(seen.get(key))
      seen.set(key, shown)
    }
    expect(keyOf(`/r/${rest}?lang=AR`)).toBe(keyOf(`/r/${rest}`))
    expect(keyOf(`/r/${rest}`, { 'accept-language': 'es-ES,es;q=0.9' })).toBe(keyOf(`/r/${rest}`, { 'accept-language': 'es' }))
    expect(keyOf(`/r/${rest}`, { 'accept-language': 'es' })).not.toBe(keyOf(`/r/${rest}`))
  })

  it('keeps the choice of a page read with ?lang= in a cookie', () => {
    const config = { BASE_URL: 'http://localhost:3000', SUBDOMAIN_ROUTING: false }
    const get = (url: string, cookie?: string) => ({ url, method: 'GET', headers: new Headers(cookie ? { cookie } : {}) })
    expect(contentChoiceCookie(get('http://localhost:3000/m/a/b?lang=ar'), config)).toBe('content_lang=ar; Max-Age=31536000; Path=/; SameSite=Lax')
    expect(contentChoiceCookie(get('http://localhost:3000/m/a/b?lang=ar', 'content_lang=ar'), config)).toBeUndefined()
    expect(contentChoiceCookie(get('http://localhost:3000/m/a/b?lang=AR'), config)).toBeUndefined()
    expect(contentChoiceCookie(get('http://localhost:3000/m/a/b'), config)).toBeUndefined()
  })
})
