import { describe, expect, it } from 'vitest'
import { slugFromName, slugify, uniqueSlug } from './slug.ts'

describe('slugify', () => {
  it.each([
    ['Tour du lac', 'tour-du-lac'],
    ["Château d'Œx – Tour", 'chateau-d-oex-tour'],
    ['Straße über Brücken', 'strasse-uber-brucken'],
    ['  --Hello,   World!--  ', 'hello-world'],
    ['Łódź & Ærø', 'lodz-aero'],
    ['Città 2026', 'citta-2026'],
    ['Москва – прогулка', 'moskva-progulka'],
    ['Αθήνα', 'athina'],
    ['Київ', 'kiiv'],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug)
  })

  it('keeps slugs within 80 characters, never ending with a hyphen', () => {
    const slug = slugify(`${'a'.repeat(79)} b`)
    expect(slug.length).toBeLessThanOrEqual(80)
    expect(slug).not.toMatch(/-$/)
  })

  it('gives "route" for a name with no Latin spelling (Chinese, Japanese) or no letter at all', () => {
    expect(slugFromName('東京')).toBe('route')
    expect(slugFromName('!!!')).toBe('route')
  })
})

describe('uniqueSlug', () => {
  it('answers the base when free, else the first free numbered version', () => {
    expect(uniqueSlug('tour', [])).toBe('tour')
    expect(uniqueSlug('tour', ['tour'])).toBe('tour-2')
    expect(uniqueSlug('tour', ['tour', 'tour-2', 'tour-3'])).toBe('tour-4')
    expect(uniqueSlug('tour', ['tour', 'tour-3'])).toBe('tour-2')
  })

  it('shortens a long base to make room for the suffix', () => {
    const base = 'a'.repeat(80)
    const slug = uniqueSlug(base, [base])
    expect(slug).toBe(`${'a'.repeat(78)}-2`)
  })

  it('keeps a category slug within its own limit (a DNS label: 63)', () => {
    const base = 'a'.repeat(63)
    expect(uniqueSlug(base, [base], 63)).toBe(`${'a'.repeat(61)}-2`)
  })
})
