import type { Walk, WalkQrKind } from '#app/db/schema.ts'
import { locales } from '#app/i18n/config.ts'
import type { EntranceRow, FactsRow } from '#app/modules/accessibility/accessibility.repo.server.ts'
import { notesByPlace, routeAccessibility } from '#app/modules/accessibility/accessibility-view.ts'
import { routeAddress, type Addressing, type RouteRef } from '#app/modules/addresses/route-address.ts'
import { hasCoordinates } from '#app/modules/geo/geo.ts'
import type { FeatureCollection } from '#app/modules/geo/geojson.schema.ts'
import type { RouteNotice } from './walk-responses.schema.ts'
import type { CategoryRef, LogoRow, QrRow, RoutePlaceRow, SummaryWalk, TranslationRow } from './walks.repo.server.ts'
import { walkTextFields, type WalkTexts } from './walks.schema.ts'
import type { RouteQrCodeView, RoutePlaceView, RouteSummaryView, RouteView } from './walk-responses.schema.ts'

// Turns loaded rows into the spec's Route (section 3). No I/O here: the service loads, this shapes.

export interface UrlContext extends Addressing {
  /** BASE_URL, without a trailing slash. */
  baseUrl: string
  /** The public URL of a stored file key. */
  fileUrl: (key: string) => string
}

export interface SummaryBundle {
  walk: SummaryWalk
  /** The slug of the route's category (its public addresses name it). */
  categorySlug: string
  translations: TranslationRow[]
  placesCount: number
  fallbackLocale: string
  notice?: RouteNotice | null
}

export interface WalkBundle {
  walk: Walk
  category: CategoryRef
  translations: TranslationRow[]
  places: RoutePlaceRow[]
  nearby: SummaryBundle[]
  logos: LogoRow[]
  qrCodes: QrRow[]
  notice?: RouteNotice | null
  accessibility: { facts: FactsRow | undefined; entrances: EntranceRow[] }
}

const blankTexts = (): WalkTexts => Object.fromEntries(walkTextFields.map((f) => [f, null])) as WalkTexts
const present = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== ''

/**
 * Each text in the wanted language, else the category's fallback language, else the first
 * language that has it: a route named only in German still has a name in French.
 */
export function resolveTexts(rows: TranslationRow[], wanted: string | null, fallback: string): WalkTexts {
  const order = [wanted, fallback, ...locales, ...rows.map((r) => r.locale)].filter((l): l is string => !!l)
  const byLocale = new Map(rows.map((r) => [r.locale, r]))
  const texts = blankTexts()
  for (const field of walkTextFields) {
    for (const locale of order) {
      const value = byLocale.get(locale)?.[field]
      if (present(value)) {
        texts[field] = value
        break
      }
    }
  }
  return texts
}

function translationsObject(rows: TranslationRow[]): Record<string, WalkTexts> {
  const result: Record<string, WalkTexts> = {}
  for (const row of [...rows].sort((a, b) => a.locale.localeCompare(b.locale))) {
    const texts = blankTexts()
    for (const field of walkTextFields) texts[field] = present(row[field]) ? row[field] : null
    result[row.locale] = texts
  }
  return result
}

/** What a route QR code of this kind encodes: the canonical, unprefixed address of the page. */
export const qrTargetUrl = (ctx: UrlContext, kind: WalkQrKind, route: RouteRef) => routeAddress(ctx, kind === 'map' ? 'map' : 'landing', route).url

export function toQrCodeView(ctx: UrlContext, qr: { id: number; kind: WalkQrKind }, route: RouteRef): RouteQrCodeView {
  return {
    id: qr.id,
    kind: qr.kind,
    url: qrTargetUrl(ctx, qr.kind, route),
    qr_code_image_svg_url: `${ctx.baseUrl}/api/route-qr-codes/${qr.id}/image.svg`,
  }
}

/** Places without coordinates cannot be walked to: dropped, the rest numbered from 1. */
export function toPlaceViews(rows: RoutePlaceRow[], notes = new Map<number, Record<string, string>>()): RoutePlaceView[] {
  return rows
    .filter(hasCoordinates)
    .map((row, i) => ({ id: row.place_id, placeSortId: i + 1, lat: row.lat, lng: row.lng, name: row.name, accessible_entrance: notes.get(row.place_id) ?? {} }))
}

export function toSummary(ctx: UrlContext, bundle: SummaryBundle, wanted: string | null): RouteSummaryView {
  const { walk } = bundle
  const texts = resolveTexts(bundle.translations, wanted, bundle.fallbackLocale)
  return {
    uuid: walk.uuid,
    place_category_id: walk.category_id,
    slug: walk.slug,
    url: routeAddress(ctx, 'landing', { category: bundle.categorySlug, slug: walk.slug }).url,
    status: walk.status,
    color: walk.color,
    name: texts.name,
    subtitle: texts.subtitle,
    photo: walk.photo_path ? ctx.fileUrl(walk.photo_path) : null,
    distance: walk.distance,
    duration: walk.duration,
    isIndexed: walk.is_indexed === 1,
    is_modified: walk.is_modified === 1,
    placesCount: bundle.placesCount,
    notice: bundle.notice ?? null,
  }
}

export function toRouteView(ctx: UrlContext, bundle: WalkBundle, wanted: string | null): RouteView {
  const { walk, category } = bundle
  const places = toPlaceViews(bundle.places, notesByPlace(bundle.accessibility.entrances))
  const features = walk.features_collection ? (JSON.parse(walk.features_collection) as FeatureCollection) : null
  const ref = { category: category.slug, slug: walk.slug }
  const qr = (kind: WalkQrKind) => bundle.qrCodes.filter((q) => q.kind === kind).map((q) => toQrCodeView(ctx, q, ref))
  return {
    uuid: walk.uuid,
    place_category_id: walk.category_id,
    status: walk.status,
    branding: {
      bg_color: walk.bg_color,
      is_bg_transparent: walk.is_bg_transparent === 1,
      logo_pro_url: walk.logo_pro_path ? ctx.fileUrl(walk.logo_pro_path) : null,
    },
    color: walk.color,
    url: routeAddress(ctx, 'landing', ref).url,
    slug: walk.slug,
    ...resolveTexts(bundle.translations, wanted, category.fallback_locale),
    photo: walk.photo_path ? ctx.fileUrl(walk.photo_path) : null,
    content_image: walk.content_image_path ? ctx.fileUrl(walk.content_image_path) : null,
    logos: bundle.logos.map((logo) => ({ id: logo.id, url: ctx.fileUrl(logo.path) })),
    distance: walk.distance,
    duration: walk.duration,
    isIndexed: walk.is_indexed === 1,
    features_collection: features,
    places,
    nearby_routes: bundle.nearby.map((n) => toSummary(ctx, n, wanted)),
    route_qr_code: qr('route')[0] ?? null,
    route_landing_page_qr_codes: qr('landing'),
    route_map_page_qr_codes: qr('map'),
    isPathVisible: walk.is_path_visible === 1,
    isSpacePlacesVisible: walk.is_space_places_visible === 1,
    is_modified: walk.is_modified === 1,
    placesCount: places.length,
    notice: bundle.notice ?? null,
    accessibility: routeAccessibility(bundle.accessibility.facts, features),
    locale: wanted ?? category.fallback_locale,
    translations: translationsObject(bundle.translations),
    created_at: walk.created_at,
    updated_at: walk.updated_at,
  }
}
