// What the printed route leaflet shows (/r/{category}/{slug}/print): cut from the public route.

export type PrintSize = 'a4' | 'a5'

interface PrintStop {
  number: number
  name: string
  description: string | null
  lat: number
  lng: number
}

export interface PrintView {
  size: PrintSize
  locale: string
  isDraft: boolean
  categoryName: string
  name: string
  subtitle: string | null
  color: string
  distance: number
  duration: number
  stops: PrintStop[]
  lines: { lat: number; lng: number }[][]
  /** The public addresses the QR codes encode (ADR 011), shown under them. */
  landingUrl: string
  mapUrl: string
  /** The route's own QR code images (same-origin paths). */
  landingQr: string | null
  mapQr: string | null
  /** This leaflet's path in each size, and the landing page's, for the screen's toolbar. */
  paths: { a4: string; a5: string; landing: string }
}
