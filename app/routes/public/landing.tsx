import { isbot } from 'isbot'
import { data, redirect, type AppLoadContext, type MetaDescriptor } from 'react-router'
import { LandingPage, type LandingRecordings } from '#app/components/public/landing-page.tsx'
import { toLandingView } from '#app/components/public/landing-view.ts'
import { contentLanguage } from '#app/components/public/content-languages.ts'
import type { PublicSecret } from '#app/modules/places/story-languages.ts'
import { addressingOf } from '#app/modules/addresses/route-address.ts'
import { touristTrip } from '#app/modules/discovery/structured-data.ts'
import { isPageView, uncounted } from '#app/modules/stats/page-view.ts'
import { serviceWorkerUrl, visitorAssets } from '#app/visitor/assets.ts'
import type { Route } from './+types/landing'
import { askedAddress, findPublicRoute } from './route-address.server.ts'

/** The services the load context carries (app/load-context.ts), typed without importing the server module. */
type Services = AppLoadContext['services']

// The route landing page (/r/{category}/{slug}, or /r/{slug} on the category's host; ADR 011):
// complete as HTML, no framework runtime in the browser; public/landing.js (a few KB, no
// framework) enhances the like button, sharing and time on page.
export const handle = { hydrate: false, colorMode: 'light' }

function visitorOf(request: Request, clientIp: string) {
  return { ip: clientIp, userAgent: request.headers.get('user-agent') ?? '' }
}

/** The visitors' service worker (ADR 021): public/landing.js registers it, so the page opens offline once visited. */
const serviceWorkerOf = (config: Services['config']) => serviceWorkerUrl({ url: config.TILE_URL, saving: config.OFFLINE_TILES })

type PublicRoute = Awaited<ReturnType<typeof findPublicRoute>>['route']

/**
 * The stops with a recording in the page's content language, else the category's fallback (the
 * map page's rule, ADR 122), in the route's order, each with its stories in the recording's
 * language as the transcript (ADR 123, 044).
 */
async function recordingsOf(services: Services, route: PublicRoute): Promise<LandingRecordings> {
  const ids = route.places.map((p) => p.id)
  const fallback = route.place_category.fallback_locale
  const found = await services.recordings.forStops(ids, route.place_category.content_locale, fallback)
  const heard = route.places.filter((p) => found.has(p.id)).sort((a, b) => a.placeSortId - b.placeSortId)
  const secrets: Record<number, PublicSecret[]> = {}
  // One read per language heard: the page's, and the fallback's for stops recorded only in it.
  for (const locale of new Set(heard.map((p) => found.get(p.id)!.locale))) {
    Object.assign(secrets, await services.publicPlaces.secretsByPlace(heard.filter((p) => found.get(p.id)!.locale === locale).map((p) => p.id), { locale, fallback }))
  }
  return {
    stops: heard.map((p) => {
      const recording = found.get(p.id)!
      return {
        id: p.id,
        number: p.placeSortId,
        name: p.name,
        recording: { url: recording.url, type: recording.contentType },
        transcript: (secrets[p.id] ?? []).map(({ title, text }) => ({ title, text })),
        language: contentLanguage(recording.locale),
      }
    }),
    script: visitorAssets.landingAudioScript,
  }
}

export async function loader(args: Route.LoaderArgs) {
  const { context, request } = args
  const { services } = context
  const url = new URL(request.url)
  // A visitor's page is the same for every visitor: it may be kept by the render cache. The
  // content versions are read BEFORE the data, so a write in between makes the kept page stale
  // at once rather than never. Only a canonical address is kept (any other is redirected), and
  // it names its category.
  const cacheable = !context.user && !url.searchParams.has('liked')
  const named = askedAddress(args)?.category
  const versions = cacheable && named ? await services.contentVersions.ofCategorySlug(named) : null
  const { route, ref, locale } = await findPublicRoute(args, 'landing')
  const view = toLandingView(route, locale, addressingOf(services.config), ref.category)
  const recordings = await recordingsOf(services, route)
  const visitor = visitorOf(request, context.clientIp)
  // A view is counted when the page is served (by the cache too); not for bots, drafts, or the page shown after a like.
  if (!view.isDraft && !url.searchParams.has('liked') && isPageView(request.headers.get('sec-fetch-mode'))) {
    await services.stats.ingest({ type: 'view', route_uuid: view.uuid }, visitor).catch(uncounted(services.logger, 'landing view not recorded'))
  }
  const published = versions && !view.isDraft ? await services.likes.total(view.uuid) : null
  if (versions && published) {
    // The like count is on the page (its changes raise the version); "liked" is the visitor's
    // own, so the kept page says "not yet" and public/landing.js restores it from localStorage.
    const categoryId = route.place_category.id
    const counted = { id: published.walkId, uuid: view.uuid }
    const validUntil = services.walks.noticesValidUntil([route.notice])
    context.pageCacheTag = { categoryId, category: versions.categories.get(categoryId) ?? 0, slugs: versions.slugs, view: counted, validUntil }
    return { view, recordings, like: { likes: published.likes, liked: false }, serviceWorker: serviceWorkerOf(services.config) }
  }
  context.pageCacheTag = null
  const like = await services.likes.state(view.uuid, visitor)
  return { view, recordings, like, serviceWorker: serviceWorkerOf(services.config) }
}

/**
 * The like button's form post (it works without script): records the like (or, pressed again,
 * undoes it), then back to the page. Over the client's like limit (RATE_LIMIT_LIKES, per address) nothing is counted and the
 * page says so, with 429.
 */
export async function action(args: Route.ActionArgs) {
  const { context, request } = args
  const { services } = context
  const { route, ref, locale } = await findPublicRoute({ ...args, context: { ...context, user: null } }, 'landing')
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent !== 'like' && intent !== 'unlike') throw data(null, { status: 400, statusText: 'Bad Request' })
  const visitor = visitorOf(request, context.clientIp)
  const { likes } = services
  const result = isbot(visitor.userAgent) ? null : intent === 'like' ? await likes.like(route.uuid, visitor) : await likes.unlike(route.uuid, visitor)
  if (result?.limited) return data({ limited: true }, { status: 429, headers: { 'Retry-After': String(result.limited.retryAfterSeconds) } })
  const page = toLandingView(route, locale, addressingOf(services.config), ref.category).pagePath
  return redirect(intent === 'like' ? `${page}?liked=1` : page, 303)
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
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: view.name },
    { name: 'twitter:description', content: description },
    { tagName: 'link', rel: 'manifest', href: '/manifest.webmanifest' },
    // A draft (shown to members only) names no worker: nothing of it is kept on the device.
    ...(view.isDraft ? [] : [{ name: 'trailguide:service-worker', content: loaderData.serviceWorker }]),
    // The drawn picture first (1200 × 630, ADR 121): messengers take the first one.
    { property: 'og:image', content: view.shareImages[0] },
    { property: 'og:image:type', content: 'image/png' },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { property: 'og:image:alt', content: view.name },
    ...view.shareImages.slice(1).map((url) => ({ property: 'og:image', content: url })),
    { name: 'twitter:image', content: view.shareImages[0] },
    {
      'script:ld+json': touristTrip({ name: view.name, description, url: view.canonicalUrl, locale: view.locale, images: view.shareImages, stops: view.stops }),
    },
  ]
  if (!view.isIndexed || view.isDraft) tags.push({ name: 'robots', content: 'noindex' })
  return tags
}

export default function Landing({ loaderData, actionData }: Route.ComponentProps) {
  return <LandingPage view={loaderData.view} like={loaderData.like} likeLimited={actionData?.limited === true} recordings={loaderData.recordings} />
}
