import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { contrastRatio } from '#app/utils/contrast.ts'
import { routeColors } from '#app/modules/walks/walks.schema.ts'
import { buttonVariants } from './button.tsx'
import { SWATCH_EDGE } from './swatch.tsx'

// Issue 18 item 7: the button styles checked against the colour tokens they name (Tailwind's
// palette, with the app's own in app/styles/app.css), with the WCAG ratio of app/utils/contrast.ts.

const root = path.resolve(import.meta.dirname, '../../..')

/** Every `--color-*` token, resolved to a colour (`var(--color-…)` followed). */
function colorTokens(): Map<string, string> {
  const css = ['node_modules/tailwindcss/theme.css', 'app/styles/app.css'].map((f) => fs.readFileSync(path.join(root, f), 'utf8')).join('\n')
  const raw = new Map<string, string>()
  for (const [, name, value] of css.matchAll(/--color-([\w-]+):\s*([^;]+);/g)) raw.set(name, value.trim())
  const resolve = (value: string): string => {
    const ref = /^var\(--color-([\w-]+)\)$/.exec(value)
    return ref ? resolve(raw.get(ref[1])!) : value
  }
  return new Map([...raw].map(([name, value]) => [name, resolve(value)]))
}
const tokens = colorTokens()
const color = (name: string) => {
  const value = tokens.get(name)
  if (!value) throw new Error(`no colour token ${name}`)
  return value
}

/** The background and text colour a class list gives in a state (`''`, `hover:`, `disabled:`, `dark:`, `dark:disabled:`). */
function colorsOf(classes: string, state: string, fallback = { bg: 'white', text: 'gray-900' }) {
  const list = classes.split(/\s+/)
  const pick = (kind: 'bg' | 'text', prefixes: string[]) => {
    for (const prefix of prefixes) {
      const found = list.find((c) => c.startsWith(`${prefix}${kind}-`) && tokens.has(c.slice(prefix.length + kind.length + 1)))
      if (found) return found.slice(prefix.length + kind.length + 1)
    }
    return null
  }
  // A state's class wins; else the dark base (in dark mode); else the base.
  const chain = state === 'dark:disabled:' ? ['dark:disabled:', 'disabled:', 'dark:', ''] : state === 'dark:' ? ['dark:', ''] : [state, '']
  return { bg: color(pick('bg', chain) ?? fallback.bg), text: color(pick('text', chain) ?? fallback.text) }
}

describe('button colours', () => {
  it('gives primary and danger buttons at least 4.5:1, hovered too', () => {
    for (const variant of ['primary', 'danger'] as const) {
      for (const state of ['', 'hover:', 'dark:']) {
        const { bg, text } = colorsOf(buttonVariants[variant], state)
        expect(contrastRatio(bg, text), `${variant} ${state || 'enabled'}`).toBeGreaterThanOrEqual(4.5)
      }
    }
  })

  it('makes a disabled button less prominent than an enabled one, in light and dark mode', () => {
    const page = { light: color('white'), dark: color('gray-900') }
    for (const variant of Object.keys(buttonVariants) as (keyof typeof buttonVariants)[]) {
      for (const [mode, enabledState, disabledState] of [['light', '', 'disabled:'], ['dark', 'dark:', 'dark:disabled:']] as const) {
        const fallback = mode === 'dark' ? { bg: 'gray-900', text: 'gray-100' } : { bg: 'white', text: 'gray-900' }
        const enabled = colorsOf(buttonVariants[variant], enabledState, fallback)
        const disabled = colorsOf(buttonVariants[variant], disabledState, fallback)
        const label = `${variant} ${mode}`
        // Dimmer label, and a face that stands out from the page no more than the enabled one.
        expect(contrastRatio(disabled.bg, disabled.text), label).toBeLessThan(contrastRatio(enabled.bg, enabled.text))
        expect(contrastRatio(disabled.bg, page[mode]), label).toBeLessThanOrEqual(contrastRatio(enabled.bg, page[mode]))
      }
    }
  })

  it('puts white text only on colours that reach 4.5:1, anywhere in the app', () => {
    const offenders: string[] = []
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) walk(full)
        else if (/\.tsx$/.test(entry.name) && !entry.name.endsWith('.test.tsx')) {
          for (const [literal] of fs.readFileSync(full, 'utf8').matchAll(/'[^'\n]*'|"[^"\n]*"|`[^`]*`/g)) {
            const classes = literal.slice(1, -1).split(/\s+/)
            if (!classes.includes('text-white')) continue
            for (const bg of classes.filter((c) => /^(hover:)?bg-[a-z]+-\d+$/.test(c))) {
              const name = bg.replace(/^hover:/, '').slice(3)
              if (tokens.has(name) && contrastRatio(color(name), '#ffffff') < 4.5) offenders.push(`${path.relative(root, full)}: ${bg}`)
            }
          }
        }
      }
    }
    walk(path.join(root, 'app'))
    expect(offenders).toEqual([])
  })

  it('gives every route-colour dot an edge that shows on a dark page (3:1, as WCAG asks of graphics)', () => {
    const page = color('gray-900')
    const edge = colorsOf(SWATCH_EDGE.replace(/ring-/g, 'bg-'), 'dark:').bg
    for (const [name, fill] of Object.entries(routeColors)) {
      expect(Math.max(contrastRatio(fill, page), contrastRatio(edge, page)), name).toBeGreaterThanOrEqual(3)
    }
  })
})
