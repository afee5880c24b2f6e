import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { createTestApi } from '#tests/setup/test-app.ts'
import { createTestDb } from '#tests/setup/test-db.ts'

// /api/openapi.json as its users' tools read it (ADR 082): `redocly lint` with the recommended
// rules (redocly.yaml) finds nothing, neither error nor warning.

const root = path.resolve(import.meta.dirname, '../..')

interface LintReport {
  totals: { errors: number; warnings: number }
  problems: { ruleId: string; message: string; location: { pointer: string }[] }[]
}

describe('the OpenAPI document', () => {
  it('passes redocly lint with the recommended rules', { timeout: 120_000 }, async () => {
    const db = await createTestDb('sqlite')
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'))
    try {
      // A deployment's address: the rules refuse a server on localhost.
      const { api } = createTestApi(db, { BASE_URL: 'https://walks.trailguide.test' })
      const file = path.join(folder, 'openapi.json')
      fs.writeFileSync(file, await (await api.request('/openapi.json')).text())
      const bin = path.join(root, 'node_modules/.bin/redocly')
      const run = await promisify(execFile)(bin, ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'json', '--max-problems', '1000'], {
        cwd: folder,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 64 * 1024 * 1024,
      }).catch((failed: { stdout: string }) => failed)
      const report = JSON.parse(run.stdout) as LintReport
      expect(report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([])
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 })
    } finally {
      fs.rmSync(folder, { recursive: true, force: true })
      await db.destroy()
    }
  })
})
