import fs from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { noticeLevels } from '#app/modules/walks/walk-notice.ts'
import { contrastRatio } from '#app/utils/contrast.ts'
import { noticeStyles } from './route-notice.tsx'

// The notice banners' colours: every level's text and icon on its background reach
// WCAG AA (4.5:1 for text, 3:1 for the icon), read from Tailwind's own palette.

const theme = fs.readFileSync(createRequire(import.meta.url).resolve('tailwindcss/theme.css'), 'utf8')
const palette = (name: string): string => {
  if (name === 'white') return '#ffffff'
  const value = new RegExp(`--color-${name}: (oklch\\([^)]+\\));`).exec(theme)?.[1]
  if (!value) throw new Error(`no colour ${name}`)
  return value
}
const colourOf = (classes: string, prefix: 'bg' | 'text') => palette(new RegExp(`(?:^| )${prefix}-([a-z]+(?:-\\d+)?)(?: |$)`).exec(classes)![1])

describe('notice banner colours', () => {
  it.each(noticeLevels)('%s: text and icon readable on the background (AA)', (level) => {
    const { box, icon } = noticeStyles[level]
    const background = colourOf(box, 'bg')
    expect(contrastRatio(colourOf(box, 'text'), background)).toBeGreaterThanOrEqual(4.5)
    expect(contrastRatio(colourOf(icon, 'text'), background)).toBeGreaterThanOrEqual(4.5)
  })
})
