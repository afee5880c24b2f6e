import type { Locale } from '#app/i18n/config.ts'
import type { RouteAccessibilityView } from '#app/modules/accessibility/accessibility-responses.schema.ts'
import type { OfflineSettings, TrailStopData } from '#app/visitor/trail-data.ts'
import type { NoticeDisplay } from '#app/components/public/route-notice.tsx'
import type { ContentLanguage, ContentLanguageLink } from '#app/components/public/content-languages.ts'

// What the route map page (/m) shows, cut from the route by its loader (app/routes/public/map.tsx).

interface TrailSecret {
  id: number
  title: string
  text: string
  /** The language it is written in: its tag (ADR 044), else found from its text (ADR 091). */
  lang: string
  dir: 'ltr' | 'rtl'
}

export interface TrailPlace extends TrailStopData {
  secrets: TrailSecret[]
  /** The stop's accessible-entrance note in the page's language, else a fallback's (ADR 027), with the language it is in. */
  entrance: { text: string; locale: string } | null
}

export interface TrailView {
  uuid: string
  slug: string
  version: string
  /** The page's interface language. */
  locale: Locale
  /** The language of the route's texts and their direction (ADR 043). */
  content: ContentLanguage
  /** `?lang=` as asked (kept by the page's own forms), else null. */
  langParam: string | null
  name: string
  subtitle: string | null
  isDraft: boolean
  isIndexed: boolean
  color: string
  distance: number
  duration: number
  places: TrailPlace[]
  /** The route's notice when active today. */
  notice: NoticeDisplay | null
  accessibility: RouteAccessibilityView
  paths: [number, number][][]
  /** ?place=: the stop shown first (a scanned plaque's). */
  focusId: number | null
  /** ?embed=1: the share-map iframe on another site. */
  embed: boolean
  /** Paths on the category's host, in the page's language (ADR 011). */
  mapPath: string
  landingPath: string
  /** The category's public home (its other walks, ADR 022). */
  home: { path: string; name: string }
  gpxPath: string
  canonicalUrl: string
  /** This map page in each content language (the language switch, ADR 043). */
  languages: ContentLanguageLink[]
  /** hreflang alternates. */
  alternates: { locale: string; url: string }[]
  tiles: { url: string; attribution: string; saving: boolean }
  offline: OfflineSettings
  /** "Report a problem here": the report page's path (the form without script) and the API's. */
  report: { action: string; api: string }
  /** Built scripts and styles of the page (hashed names). */
  assets: { script: string; styles: string[]; serviceWorker: string }
}
