import { describe, expect, it } from 'vitest'
import type { Walk } from '#app/db/schema.ts'
import { derivedMeasures } from './walk-changes.ts'
import { resolveTexts, toPlaceViews } from './walk-serializer.server.ts'
import type { TranslationRow } from './walks.repo.server.ts'

const row = (locale: string, texts: Partial<TranslationRow>): TranslationRow => ({
  walk_id: 1,
  locale,
  name: null,
  subtitle: null,
  description: null,
  content_title: null,
  content_text: null,
  logo_title: null,
  ...texts,
})

describe('resolveTexts', () => {
  const rows = [row('fr', { name: 'Balade', description: 'Texte' }), row('en', { name: 'Walk', description: '  ' }), row('de', { subtitle: 'Untertitel' })]

  it('takes each text from the wanted language, else the fallback, else any language', () => {
    expect(resolveTexts(rows, 'en', 'fr')).toMatchObject({ name: 'Walk', description: 'Texte', subtitle: 'Untertitel', logo_title: null })
    expect(resolveTexts(rows, null, 'fr')).toMatchObject({ name: 'Balade', description: 'Texte' })
    expect(resolveTexts(rows, 'it', 'de')).toMatchObject({ name: 'Walk', subtitle: 'Untertitel' })
  })

  it('has no name when every name is blank', () => {
    expect(resolveTexts([row('en', { name: ' ' })], 'en', 'en').name).toBeNull()
  })
})

describe('toPlaceViews', () => {
  it('drops places without both coordinates and numbers the rest from 1', () => {
    const places = toPlaceViews([
      { place_id: 1, sort_id: 1, name: 'A', lat: 46, lng: 6 },
      { place_id: 2, sort_id: 2, name: 'B', lat: null, lng: 6 },
      { place_id: 3, sort_id: 3, name: 'C', lat: 46.1, lng: 6.1 },
    ])
    expect(places).toEqual([
      { id: 1, placeSortId: 1, name: 'A', lat: 46, lng: 6, accessible_entrance: {} },
      { id: 3, placeSortId: 2, name: 'C', lat: 46.1, lng: 6.1, accessible_entrance: {} },
    ])
  })
})

describe('derivedMeasures', () => {
  const walk = { features_collection: null } as Walk
  const places = [
    { lat: 46.5, lng: 6.6 },
    { lat: null, lng: null },
    { lat: 46.51, lng: 6.6 },
  ]

  it('leaves distance and duration alone when neither the path nor the places change', () => {
    expect(derivedMeasures({ uuid: 'x', name: 'n' }, walk, places)).toEqual({})
  })

  it('measures straight legs between the places with coordinates, at 1.4 m/s', () => {
    expect(derivedMeasures({ uuid: 'x', places: [] }, walk, places)).toEqual({ distance: 1112, duration: 794 })
  })

  it('keeps what the client sends, deriving only the missing duration', () => {
    expect(derivedMeasures({ uuid: 'x', places: [], distance: 140 }, walk, places)).toEqual({ duration: 100 })
    expect(derivedMeasures({ uuid: 'x', places: [], distance: 140, duration: 5 }, walk, places)).toEqual({})
  })
})
