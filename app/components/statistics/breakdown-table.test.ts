import { describe, expect, it } from 'vitest'
import { type BreakdownRow, sortRows } from './breakdown-table.tsx'

const row = (id: number, name: string | null, views: number): BreakdownRow => ({
  id,
  name,
  views,
  sessions: 0,
  total_time: 0,
  averageTimePerSession: 0,
  likes: 0,
  contributions: 0,
  place_visits: 0,
  audio_plays: 0,
})

describe('sortRows', () => {
  const collator = new Intl.Collator('fr', { sensitivity: 'base' })
  const rows = [row(1, 'La vieille ville', 5), row(2, null, 9), row(3, 'Au bord du lac', 1), row(4, '', 3)]

  it('sorts an unnamed row by the label the table shows for it, not as an empty name', () => {
    const names = sortRows(rows, { key: 'name', descending: false }, collator, 'Parcours sans nom').map((r) => r.name || 'Parcours sans nom')
    expect(names).toEqual(['Au bord du lac', 'La vieille ville', 'Parcours sans nom', 'Parcours sans nom'])
  })

  it('sorts a number column biggest first, ties by id', () => {
    expect(sortRows(rows, { key: 'views', descending: true }, collator, '').map((r) => r.id)).toEqual([2, 1, 4, 3])
  })
})
