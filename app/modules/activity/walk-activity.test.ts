import { describe, expect, it } from 'vitest'
import { walkSaveActions } from './walk-activity.ts'

// What a save of a route is, in the activity log (ADR 115).

describe('walkSaveActions', () => {
  it('a change of status is a publish or an unpublish; the same status again is nothing', () => {
    expect(walkSaveActions({ status: 'published' }, [], 'draft')).toEqual(['route.published'])
    expect(walkSaveActions({ status: 'draft' }, [], 'published')).toEqual(['route.unpublished'])
    expect(walkSaveActions({ status: 'published' }, [], 'published')).toEqual([])
  })

  it('a restore from History is one entry that says so, beside a change of status', () => {
    expect(walkSaveActions({ places: [], features_collection: null }, ['name', 'subtitle'], 'draft', true)).toEqual(['route.version_restored'])
    expect(walkSaveActions({ status: 'draft', places: [] }, ['subtitle'], 'published', true)).toEqual(['route.unpublished', 'route.version_restored'])
  })

  it('the map editor’s save is an edit; the branding editor’s a branding change; the landing editor’s a landing change', () => {
    expect(walkSaveActions({ places: [], distance: 10, duration: 7, features_collection: null, isPathVisible: true, isSpacePlacesVisible: false }, [], 'draft')).toEqual(['route.edited'])
    expect(walkSaveActions({}, ['name'], 'draft')).toEqual(['route.edited'])
    expect(walkSaveActions({ branding: { bg_color: '#FFFFFF' } }, [], 'draft')).toEqual(['branding.changed'])
    expect(walkSaveActions({ color: 'red' }, ['logo_title'], 'draft')).toEqual(['branding.changed'])
    expect(walkSaveActions({}, ['subtitle', 'content_text'], 'draft')).toEqual(['landing.changed'])
    expect(walkSaveActions({ notice: null }, [], 'draft')).toEqual(['landing.changed'])
    expect(walkSaveActions({ isIndexed: false }, [], 'draft')).toEqual(['landing.changed'])
  })

  it('one save may be several entries; a save that changes nothing is none', () => {
    expect(walkSaveActions({ status: 'published', places: [] }, ['description'], 'draft')).toEqual(['route.published', 'route.edited', 'landing.changed'])
    expect(walkSaveActions({ branding: {} }, [], 'draft')).toEqual([])
  })
})
