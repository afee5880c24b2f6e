import { data, redirect, type AppLoadContext } from 'react-router'
import type { CategoryHomeView } from '#app/components/category-home/category-home-view.ts'
import { localeFromParam, type Locale } from '#app/i18n/config.ts'
import { contentAlternates, contentLanguage, contentLanguageLinks } from '#app/components/public/content-languages.ts'
import { listOrder } from '#app/i18n/content-locales.ts'
import { readContentWish } from '#app/platform/locale/content-wish.ts'
import { readPageQuery } from '#app/utils/page-query.ts'
import { assertLocaleParam } from '#app/modules/auth/guards.ts'
import { addressingOf, categoryHomeAddress, routeAddress } from '#app/modules/addresses/route-address.ts'
import { routeCardFacts } from '#app/components/public/landing-view.ts'
import { serviceWorkerUrl, visitorAssets } from '#app/visitor/assets.ts'
import { matchesFilters, parseFilters } from '#app/visitor/category-filters.ts'
import { activeNotice } from '#app/modules/walks/walk-notice.ts'

interface HomeArgs {
  context: Pick<AppLoadContext, 'services' | 'user' | 'categorySlug' | 'pageCacheTag'>
  request: Request
  params: { lang?: string; category?: string }
}

const notFound = () => data(null, { status: 404, statusText: 'Not Found' })

/**
 * A category's public home (ADR 022): `/c/{category}`, or `/` of the category's
 * subdomain. Its published routes in the visitor's language, filtered as the query asks. An old
 * slug of the category, another case, or the base host with subdomain routing answer 301 to the
 * canonical address (ADR 011), language and query kept. Kept by the render cache for visitors.
 */
export async function loadCategoryHome(args: HomeArgs): Promise<{ view: CategoryHomeView; serviceWorker: string }> {
  assertLocaleParam(args.params)
  const { services, user } = args.context
  const asked = (args.params.category ?? args.context.categorySlug ?? '').toLowerCase()
  if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(asked)) throw notFound()
  const locale: Locale = localeFromParam(args.params.lang)
  const url = new URL(args.request.url)
  const versions = user ? null : await services.contentVersions.ofCategorySlug(asked)
  // The content language as the render cache's key reads it (ADR 043, ADR 070).
  const content = { lang: readPageQuery(url.searchParams).lang, wish: readContentWish(args.request.headers) }
  const home = await services.walks.publicCategory(asked, locale, content)
  if (!home) throw notFound()
  const addressing = addressingOf(services.config)
  const slug = home.category.slug
  const canonical = categoryHomeAddress(addressing, slug, { locale })
  const onCanonicalHost = !addressing.subdomains || args.context.categorySlug === slug
  if (url.pathname !== canonical.path || !onCanonicalHost) throw redirect((addressing.subdomains ? canonical.url : canonical.path) + url.search, 301)

  const addressOf = (ui: Locale, search: string) => categoryHomeAddress(addressing, slug, { locale: ui, search })
  const filters = parseFilters(url.searchParams)
  const facts = await services.accessibility.factsByUuid(home.routes.map((r) => r.uuid))
  const routes = home.routes.map((route) => {
    const accessibility = facts.get(route.uuid)!
    const ref = { category: slug, slug: route.slug }
    const card = routeCardFacts(route)
    return {
      uuid: route.uuid,
      ...card,
      locales: listOrder(home.category.content_locales).filter((l) => route.locales.includes(l)),
      landingPath: routeAddress(addressing, 'landing', ref, { locale }).path,
      mapPath: routeAddress(addressing, 'map', ref, { locale }).path,
      start: route.start,
      notice: activeNotice(route.notice),
      accessibility,
      hidden: !matchesFilters({ name: card.name, subtitle: route.subtitle, duration: route.duration, distance: route.distance, stepFree: accessibility.step_free }, filters),
    }
  })
  const config = services.config
  const validUntil = services.walks.noticesValidUntil(home.routes.map((r) => r.notice))
  args.context.pageCacheTag = versions ? { categoryId: home.category.id, category: versions.categories.get(home.category.id) ?? 0, slugs: versions.slugs, validUntil } : null
  return {
    serviceWorker: serviceWorkerUrl({ url: config.TILE_URL, saving: config.OFFLINE_TILES }),
    view: {
      category: { slug, name: home.category.name },
      locale,
      content: contentLanguage(home.category.content_locale),
      languages: contentLanguageLinks(home.category.content_locales, addressOf),
      routes,
      filters,
      path: canonical.path,
      canonicalUrl: canonical.url,
      alternates: contentAlternates(home.category.content_locales, addressOf),
      tiles: { url: config.TILE_URL, attribution: config.TILE_ATTRIBUTION },
      assets: { script: visitorAssets.categoryScript, styles: visitorAssets.mapStyles },
    },
  }
}
