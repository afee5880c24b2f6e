import { locales, type Locale } from '#app/i18n/config.ts'
import { categoryHomeAddress, routeAddress, type Addressing } from '#app/modules/addresses/route-address.ts'
import type { RouteAccessibilityView } from '#app/modules/accessibility/accessibility-responses.schema.ts'
import type { PublicRouteView, RouteSummaryView, RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import { defaultRouteColor, routeColors, type RouteColor } from '#app/modules/walks/walks.schema.ts'
import { activeNotice } from '#app/modules/walks/walk-notice.ts'
import { shareImageUrl } from '#app/modules/discovery/share-image-address.ts'
import type { NoticeDisplay } from './route-notice.tsx'
import { contentAlternates, contentLanguage, contentLanguageLinks, type ContentLanguage, type ContentLanguageLink } from './content-languages.ts'

// What the landing page shows, cut from the full route view: only these fields reach the HTML.

/** What a route's card shows of it: on a landing page's "nearby routes" and on the category's home. */
export interface RouteCardFacts {
  name: string
  subtitle: string | null
  photo: string | null
  color: string
  /** Metres and seconds. */
  distance: number
  duration: number
  placesCount: number
}

type CardSource = Pick<RouteSummaryView, 'name' | 'slug' | 'subtitle' | 'photo' | 'color' | 'distance' | 'duration' | 'placesCount'>

/** A route's card facts: its name (its slug when it has none) and the colour as the page draws it. */
export function routeCardFacts(route: CardSource): RouteCardFacts {
  return {
    name: route.name ?? route.slug,
    subtitle: route.subtitle,
    photo: route.photo,
    color: colorHex(route.color),
    distance: route.distance,
    duration: route.duration,
    placesCount: route.placesCount,
  }
}

export interface NearbyCard extends RouteCardFacts {
  slug: string
  href: string
}

export interface LandingView {
  uuid: string
  slug: string
  isDraft: boolean
  isIndexed: boolean
  /** The page's interface language. */
  locale: Locale
  /** The language of the route's texts and their direction (ADR 043). */
  content: ContentLanguage
  /** The switcher: the category's content languages. */
  languages: ContentLanguageLink[]
  name: string
  subtitle: string | null
  description: string | null
  contentTitle: string | null
  contentText: string | null
  contentImage: string | null
  logoTitle: string | null
  photo: string | null
  color: string
  branding: { background: string | null; logo: string | null }
  logos: { id: number; url: string }[]
  distance: number
  duration: number
  placesCount: number
  accessibility: RouteAccessibilityView
  nearby: NearbyCard[]
  /** The route's notice when active today. */
  notice: NoticeDisplay | null
  /** Page paths on the category's host, in the page's language (ADR 011: they name the category). */
  pagePath: string
  mapPath: string
  /** The category's public home (its other walks), named when the route came with its category. */
  home: { path: string; name: string | null }
  /** Absolute canonical URLs for sharing and the social tags. */
  canonicalUrl: string
  /** The route's drawn picture, 1200 × 630 (ADR 121), then its photo when it has one. */
  shareImages: string[]
  /** The stops in order, for the structured data (schema.org TouristTrip). */
  stops: { name: string; lat: number; lng: number }[]
  alternates: { locale: string; url: string }[]
}

export const colorHex = (name: string): string => routeColors[name as RouteColor] ?? routeColors[defaultRouteColor]

/** A stored file's URL made absolute against BASE_URL (social cards need absolute URLs). */
const absoluteUrl = (url: string, baseUrl: string) => new URL(url, `${baseUrl.replace(/\/$/, '')}/`).toString()

function toNearbyCard(route: RouteSummaryView, locale: Locale, addressing: Addressing, category: string): NearbyCard {
  return {
    slug: route.slug,
    href: routeAddress(addressing, 'landing', { category, slug: route.slug }, { locale }).path,
    ...routeCardFacts(route),
  }
}

/** The landing page of a route of the category `category` (its slug), addressed as the installation does. */
export function toLandingView(route: RouteView | PublicRouteView, locale: Locale, addressing: Addressing, category: string, contentLocale?: string): LandingView {
  const ref = { category, slug: route.slug }
  const page = routeAddress(addressing, 'landing', ref, { locale })
  const offered = 'place_category' in route ? route.place_category.content_locales : [...locales]
  const addressOf = (ui: Locale, search: string) => routeAddress(addressing, 'landing', ref, { locale: ui, search })
  return {
    uuid: route.uuid,
    slug: route.slug,
    isDraft: route.status !== 'published',
    isIndexed: route.isIndexed,
    locale,
    content: contentLanguage(contentLocale ?? ('place_category' in route ? route.place_category.content_locale : locale)),
    languages: contentLanguageLinks(offered, addressOf),
    name: route.name ?? route.slug,
    subtitle: route.subtitle,
    description: route.description,
    contentTitle: route.content_title,
    contentText: route.content_text,
    contentImage: route.content_image,
    logoTitle: route.logo_title,
    photo: route.photo,
    color: colorHex(route.color),
    branding: {
      background: route.branding.is_bg_transparent ? null : route.branding.bg_color,
      logo: route.branding.logo_pro_url,
    },
    logos: route.logos,
    distance: route.distance,
    duration: route.duration,
    placesCount: route.placesCount,
    accessibility: route.accessibility,
    // Only published neighbours are linked for visitors (the service filters them for non-members);
    // they are of the route's own category.
    nearby: route.nearby_routes.map((r) => toNearbyCard(r, locale, addressing, category)),
    notice: activeNotice(route.notice),
    pagePath: page.path,
    mapPath: routeAddress(addressing, 'map', ref, { locale }).path,
    home: { path: categoryHomeAddress(addressing, category, { locale }).path, name: 'place_category' in route ? route.place_category.name : null },
    canonicalUrl: page.url,
    shareImages: [shareImageUrl(addressing, route, locale), ...(route.photo ? [absoluteUrl(route.photo, addressing.baseUrl)] : [])],
    stops: [...route.places].sort((a, b) => a.placeSortId - b.placeSortId).map((p) => ({ name: p.name, lat: p.lat, lng: p.lng })),
    alternates: contentAlternates(offered, addressOf),
  }
}
