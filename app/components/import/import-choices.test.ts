import { describe, expect, it } from 'vitest'
import type { ImportAnswer } from '#app/modules/transfer/transfer.schema.ts'
import { actionOf, importOptions, initialChoices, plannedCounts } from './import-choices.ts'

const place = (row: number, status: 'new' | 'existing') => ({ row, status, name: `P${row}`, lat: 1, lng: 2, description: null, existing: null, action: 'create' as const })
const preview = {
  places: [place(2, 'new'), place(3, 'existing'), place(4, 'existing')],
  routes: [{ row: 5, status: 'existing' }, { row: 6, status: 'new' }],
  summary: { errors: 2 },
} as unknown as ImportAnswer

describe('import choices', () => {
  it('skips rows that are already there unless told otherwise, for all or per row', () => {
    const choices = initialChoices()
    expect(preview.places.map((p) => actionOf(p, choices))).toEqual(['create', 'skip', 'skip'])
    const linked = { ...choices, all: 'link' as const, rows: { 4: 'create' as const, 2: 'skip' as const } }
    expect(preview.places.map((p) => actionOf(p, linked))).toEqual(['skip', 'link', 'create'])
    expect(plannedCounts(preview, linked)).toEqual({ create: 1, link: 1, skip: 1, routes: 1, errors: 2 })
  })

  it('sends the choices and the column mapping as the import options', () => {
    expect(importOptions(initialChoices())).toEqual({ duplicates: 'skip' })
    expect(importOptions({ all: 'create', rows: { 3: 'link' }, mapping: { name: 'Nom', lat: null } })).toEqual({
      duplicates: 'create',
      rows: { '3': 'link' },
      mapping: { name: 'Nom', lat: null },
    })
  })
})
