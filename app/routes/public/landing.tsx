import { isbot } from 'isbot'
import { data, redirect, type MetaDescriptor } from 'react-router'
import { LandingPage } from '#app/components/public/landing-page.tsx'
import { toLandingView } from '#app/components/public/landing-view.ts'
import { localeFromParam } from '#app/i18n/config.ts'
import { assertLocaleParam } from '#app/modules/auth/guards.ts'
import { readRouteSlugVersions } from '#app/modules/page-cache/page-cache.server.ts'
import { LikeService } from '#app/modules/stats/likes.service.server.ts'
import type { Visitor } from '#app/modules/stats/stats.service.server.ts'
import type { Services } from '#app/services.server.ts'
import type { Route } from './+types/landing'

// The route landing page (/r/{slug}): complete as HTML, no framework runtime in the browser;
// public/landing.js (a few KB, no framework) enhances the like button, sharing and time on page.
export const handle = { hydrate: false, colorMode: 'light' }

const notFound = () => data(null, { status: 404, statusText: 'Not Found' })

/** "/r/old-town/" and "/r/old-town" are one page; anything with a further slash is not a slug. */
function slugOf(params: Route.LoaderArgs['params']): string | null {
  const slug = (params['*'] ?? '').replace(/\/+$/, '')
  return slug && !slug.includes('/') ? slug : null
}

function visitorOf(request: Request, clientIp: string): Visitor {
  return { ip: clientIp, userAgent: request.headers.get('user-agent') ?? '' }
}

const likesOf = (services: Services) => new LikeService({ db: services.db, stats: services.stats })

export async function loader({ context, request, params }: Route.LoaderArgs) {
  assertLocaleParam(params)
  const slug = slugOf(params)
  if (!slug) throw notFound()
  const { services } = context
  const locale = localeFromParam(params.lang)
  const url = new URL(request.url)
  // A visitor's page is the same for every visitor: it may be kept by the render cache. The
  // content versions are read BEFORE the data, so a write in between makes the kept page stale
  // at once rather than never.
  const cacheable = !context.user && !url.searchParams.has('liked')
  const versions = cacheable ? await readRouteSlugVersions(services.db, slug) : null
  const route = await services.walks.publicBySlug(slug, { categorySlug: context.categorySlug ?? undefined, locale, viewer: context.user })
  if (!route) throw notFound()
  const view = toLandingView(route, locale, services.config.BASE_URL)
  const visitor = visitorOf(request, context.clientIp)
  // A view is counted when the page is served (by the cache too); not for bots, drafts, or the page shown after a like.
  if (!view.isDraft && !url.searchParams.has('liked')) {
    await services.stats.ingest({ type: 'view', route_uuid: view.uuid }, visitor).catch((error: unknown) => {
      services.logger.warn('landing view not recorded', { error: String(error) })
    })
  }
  const published = versions && !view.isDraft ? await likesOf(services).total(view.uuid) : null
  if (versions && published) {
    // The like count is on the page (its changes raise the version); "liked" is the visitor's
    // own, so the kept page says "not yet" and public/landing.js restores it from localStorage.
    const categoryId = route.place_category.id
    const counted = { id: published.walkId, uuid: view.uuid }
    context.pageCacheTag = { categoryId, category: versions.categories.get(categoryId) ?? 0, slugs: versions.slugs, view: counted }
    return { view, like: { likes: published.likes, liked: false } }
  }
  context.pageCacheTag = null
  const like = await likesOf(services).state(view.uuid, visitor)
  return { view, like }
}

/** The like button's form post (it works without script): records the like, then back to the page. */
export async function action({ context, request, params }: Route.ActionArgs) {
  assertLocaleParam(params)
  const slug = slugOf(params)
  if (!slug) throw notFound()
  const { services } = context
  const locale = localeFromParam(params.lang)
  const route = await services.walks.publicBySlug(slug, { categorySlug: context.categorySlug ?? undefined, locale, viewer: null })
  if (!route) throw notFound()
  const form = await request.formData()
  if (form.get('intent') !== 'like') throw data(null, { status: 400, statusText: 'Bad Request' })
  const visitor = visitorOf(request, context.clientIp)
  if (!isbot(visitor.userAgent)) await likesOf(services).like(route.uuid, visitor)
  return redirect(`${toLandingView(route, locale, services.config.BASE_URL).pagePath}?liked=1`, 303)
}

export function meta({ loaderData }: Route.MetaArgs): MetaDescriptor[] {
  if (!loaderData) return []
  const { view } = loaderData
  const description = view.description ?? view.subtitle ?? view.name
  const tags: MetaDescriptor[] = [
    { title: `${view.name} · Trailguide` },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: view.canonicalUrl },
    ...view.alternates.map((a) => ({ tagName: 'link', rel: 'alternate', hrefLang: a.locale, href: a.url })),
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'Trailguide' },
    { property: 'og:title', content: view.name },
    { property: 'og:description', content: description },
    { property: 'og:url', content: view.canonicalUrl },
    { property: 'og:locale', content: view.locale },
    { name: 'twitter:card', content: view.shareImage ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: view.name },
    { name: 'twitter:description', content: description },
  ]
  if (view.shareImage) {
    tags.push({ property: 'og:image', content: view.shareImage }, { name: 'twitter:image', content: view.shareImage })
  }
  if (!view.isIndexed || view.isDraft) tags.push({ name: 'robots', content: 'noindex' })
  return tags
}

export default function Landing({ loaderData }: Route.ComponentProps) {
  return <LandingPage view={loaderData.view} like={loaderData.like} />
}
