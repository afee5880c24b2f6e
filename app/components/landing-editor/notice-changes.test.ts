import { locales } from '#app/i18n/config.ts'
import { describe, expect, it } from 'vitest'
import { landingErrors, landingState, landingUpdate } from './landing-changes.ts'
import { previewNotice } from './notice-changes.ts'

const texts = { name: 'Tour', subtitle: null, description: null, content_title: null, content_text: null, logo_title: null }
const notice = { level: 'warning' as const, text: 'Works', texts: { en: 'Works' }, starts_on: null, ends_on: '2026-12-24', active: true }
const route = { translations: { en: texts }, isIndexed: true, status: 'published', notice }

describe('the landing editor’s notice', () => {
  it('sends nothing when unchanged (whitespace included), the whole notice when changed, null when removed', () => {
    const saved = landingState(route, locales)
    const edited = landingState(route, locales)
    edited.notice.texts.en = ' Works  '
    expect(landingUpdate('u', saved, edited)).toBeNull()
    edited.notice.texts.de = 'Bauarbeiten'
    edited.notice.starts_on = '2026-12-01'
    expect(landingUpdate('u', saved, edited)).toEqual({ uuid: 'u', notice: { level: 'warning', starts_on: '2026-12-01', ends_on: '2026-12-24', texts: { en: 'Works', de: 'Bauarbeiten' } } })
    expect(landingUpdate('u', saved, { ...edited, notice: { ...edited.notice, enabled: false } })).toEqual({ uuid: 'u', notice: null })
  })

  it('adds one to a route without, and checks it as the API does', () => {
    const saved = landingState({ ...route, notice: null }, locales)
    const edited = landingState({ ...route, notice: null }, locales)
    edited.notice = { ...edited.notice, enabled: true, level: 'closed', starts_on: '2026-12-05', ends_on: '2026-12-01' }
    const update = landingUpdate('u', saved, edited)!
    expect(update.notice).toEqual({ level: 'closed', starts_on: '2026-12-05', ends_on: '2026-12-01', texts: {} })
    expect(landingErrors(update)).toEqual({ 'notice.ends_on': [{ key: 'notices.errors.ends_before_start', values: { attribute: 'ends on' } }] })
  })

  it('previews the draft in the language edited, else another written one', () => {
    const draft = landingState(route, locales).notice
    expect(previewNotice(draft, 'fr')).toMatchObject({ level: 'warning', text: 'Works', active: true })
    expect(previewNotice({ ...draft, enabled: false }, 'fr')).toBeNull()
  })
})
