import { data, redirect, type AppLoadContext } from 'react-router'
import { localeFromParam, type Locale } from '#app/i18n/config.ts'
import { assertLocaleParam } from '#app/modules/auth/guards.ts'
import { addressingOf, parseRoutePath, routeAddress, type AskedAddress, type RoutePage, type RouteRef } from '#app/modules/addresses/route-address.ts'
import type { PublicRouteView } from '#app/modules/walks/walk-responses.schema.ts'
import { readContentWish } from '#app/platform/locale/content-wish.ts'
import { readPageQuery } from '#app/utils/page-query.ts'

// The route pages' address rules (ADR 011), shared by /r/* and /m/*: which route a path names,
// and the permanent redirect of every other address of it to its canonical one.

export const notFound = () => data(null, { status: 404, statusText: 'Not Found' })

interface PageArgs {
  context: Pick<AppLoadContext, 'services' | 'user' | 'categorySlug'>
  request: Request
  params: { lang?: string; '*'?: string }
}

/**
 * The address a page request names: "{category}/{slug}" in the path, or "{slug}" on a category's
 * host (subdomain routing), or a bare "{slug}" on the base host: an address printed before
 * addresses named their category. Null when the path cannot name a route.
 */
export function askedAddress(args: Pick<PageArgs, 'context' | 'params'>): AskedAddress | null {
  const asked = parseRoutePath(args.params['*'] ?? '')
  if (asked && asked.category === null && args.context.categorySlug) return { category: args.context.categorySlug, slug: asked.slug }
  return asked
}

/**
 * The route of a public page, or a 404 (unknown, or a draft for a visitor). A GET or HEAD of any
 * address but the canonical one (an old slug, an old category slug, a category-less address, the
 * base host with subdomain routing) is answered 301 to the canonical one, with its language
 * prefix and query string. Writes (the like form) are answered where they are sent.
 */
export async function findPublicRoute(args: PageArgs, page: RoutePage): Promise<{ route: PublicRouteView; ref: RouteRef; locale: Locale }> {
  assertLocaleParam(args.params)
  const { services, user } = args.context
  const asked = askedAddress(args)
  if (!asked) throw notFound()
  const locale = localeFromParam(args.params.lang)
  // The content language from ?lang=, the visitor's wishes, the page's language, the category's
  // offer (ADR 043), read as the render cache's key reads them (ADR 070).
  const content = { lang: readPageQuery(new URL(args.request.url).searchParams).lang, wish: readContentWish(args.request.headers) }
  const route = await services.walks.publicRoute(asked, { locale, viewer: user, content })
  if (!route) throw notFound()
  const ref = { category: route.place_category.slug, slug: route.slug }
  const addressing = addressingOf(services.config)
  const canonical = routeAddress(addressing, page, ref, { locale })
  const url = new URL(args.request.url)
  const onCanonicalHost = !addressing.subdomains || args.context.categorySlug === ref.category
  const read = args.request.method === 'GET' || args.request.method === 'HEAD'
  if (read && (url.pathname !== canonical.path || !onCanonicalHost)) {
    throw redirect((addressing.subdomains ? canonical.url : canonical.path) + url.search, 301)
  }
  return { route, ref, locale }
}
