import type { Addressing } from '#app/modules/addresses/route-address.ts'
import type { PlaceSummary } from '#app/modules/places/places.schema.ts'
import type { QrCodeView } from '#app/modules/qr-codes/qr-codes.schema.ts'
import type { RouteSummaryView, RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import type { LatLng } from '#app/modules/geo/geo.ts'

// What the map editor page (/map) hands to its route toolbar (route lifecycle modals) and its
// QR code panel. The page owns the editor state and the data loading; the toolbar and panel own
// their dialogs and their API calls, and tell the page what changed.

export interface EditorCategory {
  id: number
  name: string
  slug: string
  /** Its fallback language and content languages, the fallback first (ADR 043). */
  fallbackLocale: string
  contentLocales: string[]
}

/** The kernel's (app/modules/geo/geo.ts): one meaning of a position. */
export type { LatLng }

export interface RouteToolbarProps {
  category: EditorCategory
  /** The category's routes (summaries), in the order the API lists them. */
  routes: RouteSummaryView[]
  /** The route open in the editor, as last loaded or saved; null when the category has none. */
  route: RouteView | null
  /** The editor holds changes to `route` that are not saved yet. */
  isDirty: boolean
  /** The user picked another route (select routes modal); the page runs the unsaved-changes flow. */
  onSelectRoute(uuid: string): void
  /** A route was created (new route modal); the page opens it. */
  onRouteCreated(route: { uuid: string; slug: string }): void
  /** The open route went to the trash (`trashId` restores it, ADR 110); the page opens the category's next route (or none). */
  onRouteDeleted(uuid: string, trashId: number): void
  /**
   * The open route's name, colour, url (slug) or status were saved by a modal
   * (`PUT /api/routes/update` with only those fields); the page merges them without losing
   * its unsaved place edits.
   */
  onRouteUpdated(route: RouteView): void
  /** The open route was saved as it was in a revision (History, ADR 111): the page starts from it, unsaved edits dropped. */
  onRouteRestored(route: RouteView): void
  /** REVISIONS_DAYS: how long the History keeps a save. */
  revisionsDays: number
  /** How public pages are addressed (BASE_URL, subdomain routing): the share links name the category (ADR 011). */
  addressing: Addressing
}

export interface QrPanelProps {
  category: EditorCategory
  /** The category's QR codes (from `fetch-qr-codes`). */
  qrCodes: QrCodeView[]
  /** The category's places, for linking a code to one. */
  places: PlaceSummary[]
  /** The map's current centre (activate "at the map position"); null before the map is ready. */
  getMapCenter(): LatLng | null
  /** Codes or places changed on the server (activation, link, unlink): the page reloads its data. */
  onChanged(): void
  /** Show this position on the map (a code's place). */
  onFocus(position: LatLng): void
}
