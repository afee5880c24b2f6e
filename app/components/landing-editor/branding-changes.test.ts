import { describe, expect, it } from 'vitest'
import { brandingState, brandingUpdate } from './branding-changes.ts'

const texts = (logo_title: string | null) => ({ name: 'x', subtitle: null, description: null, content_title: null, content_text: null, logo_title })
const route = { branding: { bg_color: '#FFFFFF', is_bg_transparent: true }, color: 'bg-orange', translations: { fr: texts('Partenaires') } }

describe('brandingUpdate', () => {
  it('is null when nothing changed (hex case does not count)', () => {
    const edited = brandingState(route)
    edited.bgColor = '#ffffff'
    expect(brandingUpdate('u', brandingState(route), edited)).toBeNull()
  })

  it('sends only the changed branding fields, colour and logo titles', () => {
    const edited = brandingState(route)
    edited.bgColor = '#12ab34'
    edited.color = 'bg-violet'
    edited.logoTitles.de = 'Partner'
    expect(brandingUpdate('u', brandingState(route), edited)).toEqual({
      uuid: 'u',
      branding: { bg_color: '#12AB34' },
      color: 'bg-violet',
      translations: { de: { logo_title: 'Partner' } },
    })
  })

  it('sends the transparency alone when only it changed', () => {
    const edited = brandingState(route)
    edited.transparent = false
    expect(brandingUpdate('u', brandingState(route), edited)).toEqual({ uuid: 'u', branding: { is_bg_transparent: false } })
  })
})
