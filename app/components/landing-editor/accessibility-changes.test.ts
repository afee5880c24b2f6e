import { describe, expect, it } from 'vitest'
import { accessibilityErrors, accessibilityState, accessibilityUpdate } from './accessibility-changes.ts'

const route = {
  accessibility: { step_free: true, max_slope_pct: null, surface: 'paved' as const, stairs: null, stairs_count: null, benches: null, toilets: null, drinking_water: null, shade: null, pushchair: null, wheelchair: null, elevation: null },
  places: [{ id: 7, accessible_entrance: { fr: 'Porte latérale' } }],
}

describe('accessibility in the landing editor', () => {
  it('is no change until something is edited; "not known" is a change from "no"', () => {
    const saved = accessibilityState(route)
    expect(accessibilityUpdate(saved, accessibilityState(route))).toBeNull()
    expect(saved.entrances[7]).toEqual({ en: '', fr: 'Porte latérale', de: '', it: '' })
    const edited = accessibilityState(route)
    edited.facts.step_free = null
    edited.facts.wheelchair = false
    expect(accessibilityUpdate(saved, edited)).toEqual({ step_free: null, wheelchair: false })
  })

  it('sends only the changed notes, a cleared one as an empty string', () => {
    const saved = accessibilityState(route)
    const edited = accessibilityState(route)
    edited.entrances[7] = { ...edited.entrances[7], fr: '', de: 'Seitentür' }
    expect(accessibilityUpdate(saved, edited)).toEqual({ entrances: [{ place_id: 7, notes: { fr: '', de: 'Seitentür' } }] })
  })

  it('ignores kept work from before the section existed, and checks the API’s rules', () => {
    expect(accessibilityUpdate(accessibilityState(route), undefined)).toBeNull()
    expect(Object.keys(accessibilityErrors({ max_slope_pct: 150 }))).toEqual(['accessibility.max_slope_pct'])
    expect(accessibilityErrors({ max_slope_pct: 12 })).toEqual({})
  })
})
