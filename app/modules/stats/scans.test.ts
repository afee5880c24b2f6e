import { describe, expect, it } from 'vitest'
import type { EventRow } from './stats.repo.server.ts'
import { plaqueLabel, plaqueRows, rollUpScans } from './scans.ts'

const event = (qr: number | null, occurredAt: string, type: EventRow['type'] = 'place_visit'): EventRow => ({
  category_id: 7,
  walk_id: 3,
  place_id: 4,
  type,
  value: 1,
  visitor_hash: null,
  occurred_at: occurredAt,
  qr_code_id: qr,
})

describe('rollUpScans', () => {
  it('counts place visits naming a plaque, per plaque and day, with the latest scan; not the views they opened', () => {
    const { days, totals } = rollUpScans([
      event(12, '2026-05-02T10:00:00.000Z'),
      event(12, '2026-05-01T23:59:59.999Z'),
      event(12, '2026-05-02T08:00:00.000Z'),
      event(12, '2026-05-02T10:00:00.000Z', 'view'),
      event(3, '2026-05-01T09:00:00.000Z'),
      event(null, '2026-05-01T09:00:00.000Z'),
    ])
    expect(days).toEqual([
      { qr_code_id: 3, category_id: 7, day: '2026-05-01', scans: 1 },
      { qr_code_id: 12, category_id: 7, day: '2026-05-01', scans: 1 },
      { qr_code_id: 12, category_id: 7, day: '2026-05-02', scans: 2 },
    ])
    expect(totals).toEqual([
      { qr_code_id: 3, category_id: 7, scans: 1, last_scanned_at: '2026-05-01T09:00:00.000Z' },
      { qr_code_id: 12, category_id: 7, scans: 3, last_scanned_at: '2026-05-02T10:00:00.000Z' },
    ])
  })

  it('writes nothing for a batch without scans', () => {
    expect(rollUpScans([event(null, '2026-05-01T09:00:00.000Z'), event(5, '2026-05-01T09:00:00.000Z', 'view')])).toEqual({ days: [], totals: [] })
  })
})

describe('plaqueLabel', () => {
  it('is its name, else its place’s name, else its code', () => {
    expect(plaqueLabel({ code: 'AB12', name: 'North gate', place_name: 'Fountain' })).toBe('North gate')
    expect(plaqueLabel({ code: 'AB12', name: '  ', place_name: 'Fountain' })).toBe('Fountain')
    expect(plaqueLabel({ code: 'AB12', name: null, place_name: null })).toBe('AB12')
  })
})

describe('plaqueRows', () => {
  const plaque = (id: number, placeId: number | null) => ({ id, code: `C${id}`, name: null, place_id: placeId, place_name: placeId ? `Place ${placeId}` : null, last_scanned_at: null })

  it('lists scanned plaques and plaques on a place (silent: 0), most scanned first, with 12 monthly points', () => {
    const rows = plaqueRows(
      [plaque(1, 10), plaque(2, null), plaque(3, null), plaque(4, 11)],
      [
        { qr_code_id: 2, month: 3, scans: 2 },
        { qr_code_id: 2, month: 12, scans: 5 },
        { qr_code_id: 4, month: 1, scans: 7 },
      ],
    )
    expect(rows.map((r) => [r.qr_code_id, r.label, r.scans])).toEqual([
      [2, 'C2', 7],
      [4, 'Place 11', 7],
      [1, 'Place 10', 0],
    ])
    expect(rows[0].months).toHaveLength(12)
    expect(rows[0].months[2]).toEqual({ x: 3, y: 2 })
    expect(rows[0].months[11]).toEqual({ x: 12, y: 5 })
  })
})
