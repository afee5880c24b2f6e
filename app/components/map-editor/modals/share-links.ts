// The links the share and mobile-map modals show. Pure functions: tested without a browser.

import { routeAddress, type Addressing, type RouteRef } from '#app/modules/addresses/route-address.ts'

export type SharedPage = 'map' | 'landing'

/** Lifetime of a temporary login token (the server's `tokenLifetimes.temp`). */
export const TEMP_TOKEN_LIFETIME_MS = 5 * 60_000

/**
 * The public URL of a route's page: its canonical address (ADR 011), unprefixed, so each visitor
 * gets their own language, as with the printed QR codes.
 */
export function publicPageUrl(page: SharedPage, addressing: Addressing, route: RouteRef): string {
  return routeAddress(addressing, page, route).url
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The iframe a site pastes to show the route's map (only `/m/*?embed=1` may be framed). */
export function mapEmbedCode(mapUrl: string, title: string): string {
  const url = new URL(mapUrl)
  url.searchParams.set('embed', '1')
  return `<iframe src="${escapeAttribute(url.toString())}" title="${escapeAttribute(title)}" width="100%" height="480" style="border:0" loading="lazy" allow="geolocation; fullscreen" referrerpolicy="strict-origin-when-cross-origin"></iframe>`
}

/** A link to the landing page, for a site that links rather than frames. */
export function pageLinkCode(pageUrl: string, text: string): string {
  const escapeText = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  return `<a href="${escapeAttribute(pageUrl)}" target="_blank" rel="noopener">${escapeText}</a>`
}

/** The QR image of a route page, from the route's own endpoint (same origin as the manager). */
export function routeQrImageUrls(qrId: number): { svg: string; png: string } {
  return { svg: `/api/route-qr-codes/${qrId}/image.svg`, png: `/api/route-qr-codes/${qrId}/image.png` }
}

/** The editor page, opened on this category and route. */
export function mapEditorPath(categoryId: number, routeUuid: string | null): string {
  const query = new URLSearchParams({ category: String(categoryId) })
  if (routeUuid) query.set('route', routeUuid)
  return `/map?${query.toString()}`
}

/** What the mobile-map QR code holds: a single-use login that lands on the editor page. */
export function tempLoginUrl(origin: string, token: string, redirectTo: string): string {
  return `${origin.replace(/\/+$/, '')}/auth/temp/${encodeURIComponent(token)}?redirectTo=${encodeURIComponent(redirectTo)}`
}

/** "4:05" for the time left; "0:00" once past. */
export function formatCountdown(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}
