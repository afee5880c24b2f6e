// Scans per plaque (ADR 025): the pure parts, tested without a database.

import type { EventRow } from './stats.repo.server.ts'
import type { QrDayRow, QrTotalRow } from './scans.repo.server.ts'
import type { PlaqueStat } from './stats.schema.ts'

/** A scan is a plaque's place visit; the route view it opened carries the plaque too but is no scan. */
const isScan = (row: Pick<EventRow, 'type' | 'qr_code_id'>) => row.type === 'place_visit' && row.qr_code_id != null

/**
 * What a batch of events adds to the plaque roll-ups: one day row per (plaque, day) and one
 * total per plaque with its latest scan. Sorted, so concurrent batches lock rows in one order.
 */
export function rollUpScans(rows: EventRow[]): { days: QrDayRow[]; totals: QrTotalRow[] } {
  const days = new Map<string, QrDayRow>()
  const totals = new Map<number, QrTotalRow>()
  for (const row of rows) {
    if (!isScan(row)) continue
    const qrCodeId = row.qr_code_id!
    const at = row.occurred_at
    const day = at.slice(0, 10)
    const key = `${String(qrCodeId).padStart(12, '0')}|${day}`
    const dayRow = days.get(key) ?? { qr_code_id: qrCodeId, category_id: row.category_id, day, scans: 0 }
    dayRow.scans += 1
    days.set(key, dayRow)
    const total = totals.get(qrCodeId) ?? { qr_code_id: qrCodeId, category_id: row.category_id, scans: 0, last_scanned_at: at }
    total.scans += 1
    if (at > (total.last_scanned_at ?? '')) total.last_scanned_at = at
    totals.set(qrCodeId, total)
  }
  return {
    days: [...days.keys()].sort().map((key) => days.get(key)!),
    totals: [...totals.values()].sort((a, b) => a.qr_code_id - b.qr_code_id),
  }
}

/** A plaque as people know it: its own name, else its place's name, else its code. */
export function plaqueLabel(plaque: { code: string; name: string | null; place_name: string | null }): string {
  return plaque.name?.trim() || plaque.place_name?.trim() || plaque.code
}

interface PlaqueRow {
  id: number
  code: string
  name: string | null
  place_id: number | null
  place_name: string | null
  last_scanned_at: string | null
}

/**
 * The "by plaque" table of a period: every plaque scanned in it, and every plaque on a place
 * (a silent one shows 0), most scanned first; each with its 12 monthly points (a year: January
 * to December; all years: each calendar month summed, as `visits`).
 */
export function plaqueRows(plaques: PlaqueRow[], months: Array<{ qr_code_id: number; month: number; scans: number }>): PlaqueStat[] {
  const byPlaque = new Map<number, number[]>()
  for (const row of months) {
    const points = byPlaque.get(row.qr_code_id) ?? Array.from({ length: 12 }, () => 0)
    points[row.month - 1] += row.scans
    byPlaque.set(row.qr_code_id, points)
  }
  return plaques
    .filter((p) => p.place_id !== null || byPlaque.has(p.id))
    .map((p) => {
      const points = byPlaque.get(p.id) ?? Array.from({ length: 12 }, () => 0)
      return {
        qr_code_id: p.id,
        code: p.code,
        name: p.name,
        place_id: p.place_id,
        place_name: p.place_name,
        label: plaqueLabel(p),
        scans: points.reduce((sum, n) => sum + n, 0),
        last_scanned_at: p.last_scanned_at,
        months: points.map((y, i) => ({ x: i + 1, y })),
      }
    })
    .sort((a, b) => b.scans - a.scans || a.qr_code_id - b.qr_code_id)
}
