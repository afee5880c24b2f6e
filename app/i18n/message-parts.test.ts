import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import en from '../../locales/en/translation.json'
import { MANAGER_GROUPS, partOf, pickMessages } from './message-parts.ts'

const appDir = path.resolve(import.meta.dirname, '..')

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(file)
    return /\.tsx?$/.test(entry.name) && !/\.(test|server)\.tsx?$/.test(entry.name) ? [file] : []
  })
}

/** Message groups a file names in `t('group.key')` calls and key strings. */
function groupsUsedBy(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8')
  return [...text.matchAll(/['"`]([a-zA-Z_]+)\.(?:[a-zA-Z_]|\$\{)/g)].map((m) => m[1]).filter((group) => group in en)
}

describe('message parts', () => {
  it('splits a language into disjoint parts that leave out only the server-rendered groups', () => {
    const base = pickMessages(en, 'base')
    const manager = pickMessages(en, 'manager')
    expect(Object.keys(base).some((group) => group in manager)).toBe(false)
    expect({ ...base, ...manager, mail: en.mail, categoryHome: en.categoryHome, visitorOffline: en.visitorOffline }).toEqual(en)
    expect(base).toHaveProperty('auth')
    expect(manager).toHaveProperty('statistics')
    expect(partOf('mail')).toBeNull()
    expect(partOf('categoryHome')).toBeNull()
    expect(partOf('visitorOffline')).toBeNull()
    expect(partOf('aBrandNewGroup')).toBe('base')
  })

  it('names only groups that exist', () => {
    for (const group of MANAGER_GROUPS) expect(en, group).toHaveProperty(group)
  })

  it('gives the pages outside the manager layout every group they use in the base part', () => {
    const outside = [
      'root.tsx',
      'routes/auth',
      'routes/public',
      'routes/layouts/guest.tsx',
      'routes/invitation.tsx',
      'routes/not-found.tsx',
      'components/public',
      'components/public-map',
      'components/shell',
      'components/error-page.tsx',
      'components/lazy-map.tsx',
      'components/language-switcher.tsx',
      'components/ui',
      'client/api-client.ts',
    ].flatMap((name) => {
      const full = path.join(appDir, name)
      return fs.statSync(full).isDirectory() ? sources(full) : [full]
    })
    const misplaced = outside.flatMap((file) => groupsUsedBy(file).filter((group) => partOf(group) !== 'base').map((group) => `${path.relative(appDir, file)}: ${group}`))
    expect(misplaced).toEqual([])
  })
})
