// What the map page's HTML hands to its script (`data-trail` on the page's root, JSON): the
// script needs no other request. Shared by the server's view and the browser's script.

export interface TrailStopData {
  id: number
  number: number
  name: string
  lat: number
  lng: number
  /** The stop's recording in the page's language, else the category's fallback (ADR 122). */
  recording: { url: string; type: string } | null
}

export interface TrailData {
  uuid: string
  /** Changes whenever anything the saved walk holds changes: a saved copy older than it is replaced. */
  version: string
  name: string
  locale: string
  color: string
  places: TrailStopData[]
  /** The walked line as [lat, lng] paths; empty when hidden. */
  paths: [number, number][][]
  tiles: { url: string; attribution: string; saving: boolean }
  /** Stylesheets of the map (Leaflet's and ours), added by the script: the first paint does not wait for them. */
  styles: string[]
  /** Pages a saved walk keeps: this map page and the route's landing page, in this language. */
  pages: string[]
  /** The stop the page opened on (?place=), or null. */
  focus: number | null
  embed: boolean
  offline: OfflineSettings
  messages: TrailMessages
}

export interface OfflineSettings {
  budgetBytes: number
  zooms: number[]
  corridorM: number
}

/** The texts the script writes, in the page's language ({{name}} placeholders). */
export interface TrailMessages {
  notAvailable: string
  stop: string
  zoomIn: string
  zoomOut: string
  showPlaces: string
  hidePlaces: string
  listen: string
  stopListening: string
  arrived: string
  positionWaiting: string
  positionShow: string
  positionDenied: string
  positionUnavailable: string
  offline: {
    save: string
    estimating: string
    estimate: string
    estimateNoTiles: string
    overBudget: string
    download: string
    cancel: string
    progress: string
    saved: string
    updated: string
    failed: string
    tilesRefused: string
    remove: string
    savedList: string
    size: string
  }
}
