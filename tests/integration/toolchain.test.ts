import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

// `typescript` (5.9, for the tools that load its API) and `typescript-go` (typescript@7, the
// project's compiler) both declare `tsc`; the postinstall script points the command at
// TypeScript 7 whatever npm linked first (ADR 086).
const root = path.resolve(import.meta.dirname, '../..')
const temporary: string[] = []
afterAll(() => temporary.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

describe('the TypeScript commands', () => {
  it('runs TypeScript 7 as `npx tsc`, and gives the tools TypeScript 5 as `typescript`', () => {
    expect(execFileSync(path.join(root, 'node_modules/.bin/tsc'), ['--version'], { encoding: 'utf8' })).toMatch(/^Version 7\./)
    expect((createRequire(path.join(root, 'package.json'))('typescript') as { version: string }).version).toMatch(/^5\./)
  })

  it('re-points a `tsc` that npm linked to TypeScript 5', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'link-tsc-'))
    temporary.push(dir)
    for (const pkg of ['typescript', 'typescript-go']) {
      fs.mkdirSync(path.join(dir, 'node_modules', pkg, 'bin'), { recursive: true })
      fs.writeFileSync(path.join(dir, 'node_modules', pkg, 'bin', 'tsc'), '')
    }
    fs.mkdirSync(path.join(dir, 'node_modules/.bin'))
    fs.symlinkSync('../typescript/bin/tsc', path.join(dir, 'node_modules/.bin/tsc'))
    fs.mkdirSync(path.join(dir, 'scripts'))
    fs.copyFileSync(path.join(root, 'scripts/link-tsc.mjs'), path.join(dir, 'scripts/link-tsc.mjs'))
    const packageJson = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }

    execFileSync('sh', ['-c', packageJson.scripts.postinstall!], { cwd: dir })

    expect(fs.readlinkSync(path.join(dir, 'node_modules/.bin/tsc'))).toBe('../typescript-go/bin/tsc')
  })
})
