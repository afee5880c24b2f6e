import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// `npm ci` (what CI runs) refuses a lock that lacks an entry for any optional dependency. The
// registry reachable here lacks some platform builds, so npm can leave them out: this test says
// so before CI does. The fix: node scripts/complete-lockfile.mjs
describe('package-lock.json', () => {
  it('has an entry for every optional dependency, so npm ci accepts it', () => {
    const lock = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../package-lock.json'), 'utf8')) as {
      packages: Record<string, { optionalDependencies?: Record<string, string> }>
    }
    const missing = Object.entries(lock.packages).flatMap(([at, meta]) =>
      Object.keys(meta.optionalDependencies ?? {}).filter(
        (dep) => !lock.packages[`${at ? `${at}/` : ''}node_modules/${dep}`] && !lock.packages[`node_modules/${dep}`],
      ),
    )
    expect(missing).toEqual([])
  })
})
