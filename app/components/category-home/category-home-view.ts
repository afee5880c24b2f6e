import type { Locale } from '#app/i18n/config.ts'
import type { AccessibilityFacts } from '#app/modules/accessibility/accessibility-responses.schema.ts'
import type { RouteFilters } from '#app/visitor/category-filters.ts'
import type { NoticeDisplay } from '#app/components/public/route-notice.tsx'
import type { RouteCardFacts } from '#app/components/public/landing-view.ts'
import type { ContentLanguage, ContentLanguageLink } from '#app/components/public/content-languages.ts'

// What a category's public home shows, cut by its loader (app/routes/public/category-home.server.ts).

export interface CategoryRouteCard extends RouteCardFacts {
  uuid: string
  /** Languages the route's texts are written in. */
  locales: string[]
  landingPath: string
  mapPath: string
  start: { lat: number; lng: number } | null
  /** The route's notice when active today. */
  notice: NoticeDisplay | null
  accessibility: AccessibilityFacts
  /** Not matching the filters asked for (without script, the page is filtered as served). */
  hidden: boolean
}

export interface CategoryHomeView {
  category: { slug: string; name: string }
  /** The interface language. */
  locale: Locale
  /** The language of the routes' texts and their direction (ADR 043). */
  content: ContentLanguage
  /** The switcher: the category's content languages. */
  languages: ContentLanguageLink[]
  routes: CategoryRouteCard[]
  filters: RouteFilters
  /** The home's path in this language (the filter form's action) and its canonical URL. */
  path: string
  canonicalUrl: string
  alternates: { locale: string; url: string }[]
  tiles: { url: string; attribution: string }
  assets: { script: string; styles: string[] }
}

/** What the category home's script reads from `data-category-home` (JSON). */
export interface CategoryHomeData {
  locale: string
  tiles: { url: string; attribution: string }
  styles: string[]
  routes: { uuid: string; name: string; subtitle: string | null; color: string; distance: number; duration: number; stepFree: boolean | null; start: { lat: number; lng: number } | null; landingPath: string }[]
  messages: { zoomIn: string; zoomOut: string; count: string; countOne: string; none: string }
}
