// Filtering and links of the QR code panel and its print sheet. Pure: tested without a browser.

import { normalizeQrCode } from '#app/modules/qr-codes/qr-codes.schema.ts'

export interface QrLike {
  code: string
  name: string | null
  place: { name: string } | null
}

export type QrStateFilter = 'all' | 'active' | 'inactive'

/** A code is active once it is linked to a place (docs/spec.md §4: linking sets place and date). */
export const isActive = (qr: { place: unknown }) => qr.place !== null

const fold = (s: string) => s.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '')

/** By state, then by a case- and accent-insensitive match on the code, its name or its place. */
export function filterQrCodes<C extends QrLike>(codes: C[], state: QrStateFilter, query: string): C[] {
  const q = fold(query.trim())
  return codes.filter((c) => {
    if (state === 'active' && !isActive(c)) return false
    if (state === 'inactive' && isActive(c)) return false
    if (!q) return true
    return [c.code, c.name ?? '', c.place?.name ?? ''].some((text) => fold(text).includes(q))
  })
}

/** `?codes=a,b,c` keeps those codes in that order (unknown ones dropped); without it, every code. */
export function pickCodes<C extends { code: string }>(all: C[], param: string | null): C[] {
  if (param === null || param.trim() === '') return all
  const byCode = new Map(all.map((c) => [c.code, c]))
  // Codes are found in any case, as everywhere (stored in their normal form).
  const wanted = [...new Set(param.split(',').map((c) => normalizeQrCode(c.trim())).filter(Boolean))]
  return wanted.map((c) => byCode.get(c)).filter((c): c is C => c !== undefined)
}

/** The print sheet of these codes (none: the whole category). Codes may hold commas: those are left out of the list. */
export function printSheetPath(categoryId: number, codes: string[] | null): string {
  const query = new URLSearchParams({ category: String(categoryId) })
  if (codes && codes.length > 0) query.set('codes', codes.filter((c) => !c.includes(',')).join(','))
  return `/qr-codes/print?${query.toString()}`
}

/** The app's own images of a code (a code's image_url may point elsewhere). */
export function qrImageUrls(code: string): { svg: string; png: string } {
  const base = `/api/qr-codes/${encodeURIComponent(code)}`
  return { svg: `${base}/image.svg`, png: `${base}/image.png` }
}

export const qrSorts = ['created', 'mostScans', 'fewestScans', 'lastScan'] as const
export type QrSort = (typeof qrSorts)[number]

interface Scanned {
  id: number
  scans: number
  last_scanned_at: string | null
}

/**
 * The panel's order: as created (the API's), by counted scans (most or fewest first: the silent
 * plaques), or by the last scan (never scanned last). Ties keep the creation order.
 */
export function sortQrCodes<C extends Scanned>(codes: C[], sort: QrSort): C[] {
  const byCreation = (a: C, b: C) => a.id - b.id
  const compare: Record<QrSort, (a: C, b: C) => number> = {
    created: byCreation,
    mostScans: (a, b) => b.scans - a.scans || byCreation(a, b),
    fewestScans: (a, b) => a.scans - b.scans || byCreation(a, b),
    // ISO timestamps sort as text; a code never scanned ('') goes after every scanned one.
    lastScan: (a, b) => (b.last_scanned_at ?? '').localeCompare(a.last_scanned_at ?? '') || byCreation(a, b),
  }
  return [...codes].sort(compare[sort])
}
