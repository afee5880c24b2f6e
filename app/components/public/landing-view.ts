import { locales, type Locale } from '#app/i18n/config.ts'
import { routeAddress, type Addressing } from '#app/modules/addresses/route-address.ts'
import type { RouteAccessibilityView } from '#app/modules/accessibility/accessibility-responses.schema.ts'
import type { RouteSummaryView, RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import { defaultRouteColor, routeColors, type RouteColor } from '#app/modules/walks/walks.schema.ts'
import { activeNotice } from '#app/modules/walks/walk-notice.ts'
import type { NoticeDisplay } from './route-notice.tsx'

// What the landing page shows, cut from the full route view: only these fields reach the HTML.

export interface NearbyCard {
  slug: string
  href: string
  name: string
  subtitle: string | null
  photo: string | null
  color: string
  distance: number
  duration: number
  placesCount: number
}

export interface LandingView {
  uuid: string
  slug: string
  isDraft: boolean
  isIndexed: boolean
  /** Language the texts were asked in (the page's). */
  locale: Locale
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
  /** The route's notice when active today (issue 15). */
  notice: NoticeDisplay | null
  /** Page paths on the category's host, in the page's language (ADR 011: they name the category). */
  pagePath: string
  mapPath: string
  /** Absolute canonical URLs for sharing and the social tags. */
  canonicalUrl: string
  shareImage: string | null
  alternates: { locale: Locale; url: string }[]
}

export const colorHex = (name: string): string => routeColors[name as RouteColor] ?? routeColors[defaultRouteColor]

/** A stored file's URL made absolute against BASE_URL (social cards need absolute URLs). */
const absoluteUrl = (url: string, baseUrl: string) => new URL(url, `${baseUrl.replace(/\/$/, '')}/`).toString()

function toNearbyCard(route: RouteSummaryView, locale: Locale, addressing: Addressing, category: string): NearbyCard {
  return {
    slug: route.slug,
    href: routeAddress(addressing, 'landing', { category, slug: route.slug }, { locale }).path,
    name: route.name ?? route.slug,
    subtitle: route.subtitle,
    photo: route.photo,
    color: colorHex(route.color),
    distance: route.distance,
    duration: route.duration,
    placesCount: route.placesCount,
  }
}

/** The landing page of a route of the category `category` (its slug), addressed as the installation does. */
export function toLandingView(route: RouteView, locale: Locale, addressing: Addressing, category: string): LandingView {
  const ref = { category, slug: route.slug }
  const page = routeAddress(addressing, 'landing', ref, { locale })
  return {
    uuid: route.uuid,
    slug: route.slug,
    isDraft: route.status !== 'published',
    isIndexed: route.isIndexed,
    locale,
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
    canonicalUrl: page.url,
    shareImage: route.photo ? absoluteUrl(route.photo, addressing.baseUrl) : null,
    alternates: locales.map((l) => ({ locale: l, url: routeAddress(addressing, 'landing', ref, { locale: l }).url })),
  }
}
