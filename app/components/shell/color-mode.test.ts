import { afterEach, describe, expect, it, vi } from 'vitest'
import { colorModeScript, isColorModePreference, resolveForcedColorMode } from './color-mode.tsx'

describe('resolveForcedColorMode', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('accepts light and dark without warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(resolveForcedColorMode('light')).toBe('light')
    expect(resolveForcedColorMode('dark')).toBe('dark')
    expect(warn).not.toHaveBeenCalled()
  })

  it('rejects system with the exact warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(resolveForcedColorMode('system')).toBeUndefined()
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith('You cannot force the colorMode to system at the page level.')
  })

  it('ignores anything else silently', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    for (const value of [undefined, null, '', 'DARK', 'blue', 1, {}]) {
      expect(resolveForcedColorMode(value)).toBeUndefined()
    }
    expect(warn).not.toHaveBeenCalled()
  })
})

describe('isColorModePreference', () => {
  it('knows the three preferences', () => {
    expect(['system', 'light', 'dark'].every(isColorModePreference)).toBe(true)
    expect(isColorModePreference('auto')).toBe(false)
  })
})

/** Runs the inline head script against minimal fakes of document, localStorage and matchMedia. */
function runScript(options: { stored?: string | null; systemDark?: boolean; forced?: string | null; storageThrows?: boolean; initialClass?: string[] }) {
  const classes = new Set(options.initialClass ?? [])
  const root = {
    style: { colorScheme: '' },
    classList: {
      add: (name: string) => void classes.add(name),
      remove: (name: string) => void classes.delete(name),
    },
    getAttribute: (name: string) => (name === 'data-force-color-mode' ? (options.forced ?? null) : null),
  }
  const localStorage = {
    getItem: (key: string) => {
      if (options.storageThrows) throw new Error('denied')
      return key === 'color-mode' ? (options.stored ?? null) : null
    },
  }
  const window = {
    matchMedia: (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && Boolean(options.systemDark) }),
  }
  new Function('document', 'localStorage', 'window', colorModeScript)({ documentElement: root }, localStorage, window)
  return { classes: [...classes].sort(), colorScheme: root.style.colorScheme }
}

describe('colorModeScript', () => {
  it('follows the system when nothing is stored', () => {
    expect(runScript({ systemDark: true })).toEqual({ classes: ['dark'], colorScheme: 'dark' })
    expect(runScript({ systemDark: false })).toEqual({ classes: ['light'], colorScheme: 'light' })
    expect(runScript({ stored: 'system', systemDark: true })).toEqual({ classes: ['dark'], colorScheme: 'dark' })
  })

  it('uses the stored preference over the system', () => {
    expect(runScript({ stored: 'light', systemDark: true, initialClass: ['dark'] })).toEqual({ classes: ['light'], colorScheme: 'light' })
    expect(runScript({ stored: 'dark', systemDark: false })).toEqual({ classes: ['dark'], colorScheme: 'dark' })
  })

  it('lets a forced page mode win, and ignores a forced system', () => {
    expect(runScript({ forced: 'dark', stored: 'light' })).toEqual({ classes: ['dark'], colorScheme: 'dark' })
    expect(runScript({ forced: 'light', systemDark: true })).toEqual({ classes: ['light'], colorScheme: 'light' })
    expect(runScript({ forced: 'system', systemDark: true })).toEqual({ classes: ['dark'], colorScheme: 'dark' })
  })

  it('survives storage that throws', () => {
    expect(runScript({ storageThrows: true, systemDark: true })).toEqual({ classes: ['dark'], colorScheme: 'dark' })
  })
})
