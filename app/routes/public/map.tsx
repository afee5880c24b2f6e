import { createHash } from 'node:crypto'
import type { MetaDescriptor } from 'react-router'
import { TrailPage } from '#app/components/trail/trail-page.tsx'
import type { TrailView } from '#app/components/trail/trail-view.ts'
import { isLocale, localizePath, type Locale } from '#app/i18n/config.ts'
import { contentAlternates, contentLanguage, contentLanguageLinks } from '#app/components/public/content-languages.ts'
import { languageOf } from '#app/i18n/text-language.ts'
import { textDirection } from '#app/i18n/content-locales.ts'
import type { PublicSecret } from '#app/modules/places/story-languages.ts'
import { addressingOf, categoryHomeAddress, routeAddress } from '#app/modules/addresses/route-address.ts'
import { shareImageUrl } from '#app/modules/discovery/share-image-address.ts'
import { noteWithLocale } from '#app/modules/accessibility/accessibility.schema.ts'
import { linePaths } from '#app/modules/geo/geojson.schema.ts'
import type { PublicRouteView } from '#app/modules/walks/walk-responses.schema.ts'
import { routeColors, type RouteColor } from '#app/modules/walks/walks.schema.ts'
import { activeNotice } from '#app/modules/walks/walk-notice.ts'
import { readPageQuery } from '#app/utils/page-query.ts'
import { serviceWorkerUrl, visitorAssets } from '#app/visitor/assets.ts'
import type { Route } from './+types/map'
import { askedAddress, findPublicRoute } from './route-address.server.ts'

// The route map page (/m/{category}/{slug}, or /m/{slug} on the category's host; ADR 011): what
// a QR plaque opens. Complete as HTML, no framework runtime in the browser (ADR 021): a small
// script of ours with Leaflet (app/visitor/trail-page.client.ts) draws the map, follows the
// position and saves the walk for offline. Kept by the render cache like the landing page.
export const handle = { hydrate: false, colorMode: 'light' }

type Tuple = [number, number]

/** The drawn path when there is one, else straight legs between the stops; nothing when hidden. */
function walkedPaths(route: PublicRouteView): Tuple[][] {
  if (!route.isPathVisible) return []
  const drawn = route.features_collection ? linePaths(route.features_collection).filter((p) => p.length >= 2) : []
  const paths = drawn.length > 0 ? drawn : [route.places]
  return paths.map((path) => path.map((p): Tuple => [p.lat, p.lng]))
}

export async function loader(args: Route.LoaderArgs) {
  const { context, request } = args
  const { services } = context
  const config = services.config
  // The stop and the embed flag as the render cache's key reads them (ADR 070).
  const query = readPageQuery(new URL(request.url).searchParams)
  // As the landing page: the same page for every visitor, so the render cache may keep it (per
  // ?place= and ?embed=, see PageCache.keyOf); versions read BEFORE the data.
  const named = !context.user ? askedAddress(args)?.category : null
  const versions = named ? await services.contentVersions.ofCategorySlug(named) : null
  const { route, ref, locale } = await findPublicRoute(args, 'map')
  // The stories and recordings in the page's content language, else the fallback's (ADR 044, 122).
  const languages = { locale: route.place_category.content_locale, fallback: route.place_category.fallback_locale }
  const secrets = await services.publicPlaces.secretsByPlace(route.places.map((p) => p.id), languages)
  const recordings = await services.recordings.forStops(route.places.map((p) => p.id), languages.locale, languages.fallback)
  const addressing = addressingOf(config)
  // A story written before stories had a language: found from its text (ADR 091), "Listen" reads
  // it with its own voice; a tagged one is in its tag.
  const written = isLocale(route.place_category.fallback_locale) ? route.place_category.fallback_locale : locale
  const storyLang = (s: PublicSecret) => s.locale ?? languageOf(`${s.title}. ${s.text}`, written)
  const places = route.places.map((p) => ({
    id: p.id,
    number: p.placeSortId,
    name: p.name,
    lat: p.lat,
    lng: p.lng,
    secrets: (secrets[p.id] ?? []).map((s) => ({ id: s.id, title: s.title, text: s.text, lang: storyLang(s), dir: textDirection(storyLang(s)) })),
    entrance: noteWithLocale(p.accessible_entrance, locale, route.place_category.fallback_locale),
    recording: recordingOf(recordings.get(p.id)),
  }))
  const addressOf = (ui: Locale, search: string) => routeAddress(addressing, 'map', ref, { locale: ui, search })
  const content = {
    uuid: route.uuid,
    slug: route.slug,
    locale,
    content: contentLanguage(route.place_category.content_locale),
    name: route.name ?? route.slug,
    subtitle: route.subtitle,
    isDraft: route.status !== 'published',
    isIndexed: route.isIndexed,
    color: routeColors[route.color as RouteColor] ?? routeColors['bg-orange'],
    distance: route.distance,
    duration: route.duration,
    places,
    notice: activeNotice(route.notice),
    accessibility: route.accessibility,
    paths: walkedPaths(route),
  }
  const view: TrailView = {
    ...content,
    // A saved walk is replaced when this changes: the map page's content and the landing page's (photos, texts).
    version: createHash('sha1').update(JSON.stringify([content, route.updated_at, route.photo, route.content_image, route.logos, route.branding])).digest('base64url').slice(0, 16),
    focusId: places.some((p) => p.id === query.place) ? query.place : null,
    embed: query.embed,
    langParam: query.lang,
    mapPath: routeAddress(addressing, 'map', ref, { locale }).path,
    landingPath: routeAddress(addressing, 'landing', ref, { locale }).path,
    home: { path: categoryHomeAddress(addressing, ref.category, { locale }).path, name: route.place_category.name },
    gpxPath: `/api/routes/${route.uuid}/gpx`,
    canonicalUrl: routeAddress(addressing, 'map', ref, { locale }).url,
    languages: contentLanguageLinks(route.place_category.content_locales, addressOf),
    alternates: contentAlternates(route.place_category.content_locales, addressOf),
    tiles: { url: config.TILE_URL, attribution: config.TILE_ATTRIBUTION, saving: config.OFFLINE_TILES },
    // A walk with recordings takes them along: its budget grows by OFFLINE_PACK_AUDIO_MB (ADR 122).
    offline: { budgetBytes: (config.OFFLINE_PACK_MB + (recordings.size > 0 ? config.OFFLINE_PACK_AUDIO_MB : 0)) * 1024 * 1024, zooms: [12, 13, 14, 15, 16, 17], corridorM: 150 },
    report: { action: localizePath('/report', locale), api: `/api/public/reports?locale=${locale}` },
    assets: { script: visitorAssets.trailScript, styles: visitorAssets.mapStyles, serviceWorker: visitorAssets.serviceWorker },
  }
  const categoryId = route.place_category.id
  const validUntil = services.walks.noticesValidUntil([route.notice])
  context.pageCacheTag = versions && !view.isDraft ? { categoryId, category: versions.categories.get(categoryId) ?? 0, slugs: versions.slugs, validUntil } : null
  return { view, shareImage: shareImageUrl(addressing, route, locale) }
}

const recordingOf = (found: { url: string; contentType: string } | undefined) => (found ? { url: found.url, type: found.contentType } : null)

export function meta({ loaderData }: Route.MetaArgs): MetaDescriptor[] {
  if (!loaderData) return []
  const { view } = loaderData
  return [
    { title: `${view.name} · Trailguide` },
    { tagName: 'link', rel: 'canonical', href: view.canonicalUrl },
    // The map's stylesheets, fetched beside the page's script: the script links them when it
    // starts (they do not block the first paint), and then waits on no round trip for them.
    ...view.assets.styles.map((href) => ({ tagName: 'link', rel: 'preload', as: 'style', href })),
    ...view.alternates.map((a) => ({ tagName: 'link', rel: 'alternate', hrefLang: a.locale, href: a.url })),
    // The embed lives in another site's page: no installing, no worker there.
    // A draft (shown to members only) names no worker: nothing of it is kept on the device.
    ...(view.embed || view.isDraft ? [] : [{ tagName: 'link', rel: 'manifest', href: '/manifest.webmanifest' }, { name: 'trailguide:service-worker', content: serviceWorkerUrl(view.tiles) }]),
    ...(view.subtitle ? [{ name: 'description', content: view.subtitle }] : [{ name: 'description', content: view.name }]),
    // A shared map link shows the walk too (ADR 121).
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: view.name },
    { property: 'og:url', content: view.canonicalUrl },
    { property: 'og:image', content: loaderData.shareImage },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { name: 'twitter:card', content: 'summary_large_image' },
    ...(view.isIndexed && !view.isDraft ? [] : [{ name: 'robots', content: 'noindex' }]),
  ]
}

export default function RouteMapPage({ loaderData }: Route.ComponentProps) {
  return <TrailPage view={loaderData.view} />
}
