import { describe, expect, it } from 'vitest'
import { routeColors } from '#app/modules/walks/walks.schema.ts'
import { contrastRatio, textColorOn } from './contrast.ts'

describe('contrast', () => {
  it('computes the WCAG ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
  })

  it('reads Tailwind’s OKLCH colours as the browser shows them', () => {
    // green-600 is #00a63e, green-400 #05df72 (Tailwind 4's palette): white on them 3.2:1 and 1.8:1.
    expect(contrastRatio('oklch(62.7% 0.194 149.214)', '#ffffff')).toBeCloseTo(contrastRatio('#00a63e', '#ffffff'), 1)
    expect(contrastRatio('oklch(79.2% 0.209 151.711)', '#ffffff')).toBeCloseTo(1.78, 1)
    expect(contrastRatio('oklch(100% 0 0)', '#ffffff')).toBeCloseTo(1, 3)
  })

  it('picks a text colour with at least 4.5:1 on every route colour', () => {
    for (const color of Object.values(routeColors)) expect(contrastRatio(textColorOn(color), color)).toBeGreaterThanOrEqual(4.5)
    expect(textColorOn('#000000')).toBe('#ffffff')
    expect(textColorOn('#FF8A00')).toBe('#000000')
  })
})
