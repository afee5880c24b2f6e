import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

describe('server start', () => {
  it.each([
    ['missing', undefined],
    ['empty', ''],
  ])('stops with "BASE_URL is not defined" when BASE_URL is %s', (_case, value) => {
    const env: Record<string, string | undefined> = { ...process.env, BASE_URL: value, DATABASE_URL: ':memory:' }
    if (value === undefined) delete env.BASE_URL
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, encoding: 'utf8', timeout: 20_000 })
    expect(result.status).toBe(1)
    expect(result.stderr.trim()).toBe('BASE_URL is not defined')
  })
})
