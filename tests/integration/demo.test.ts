import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createDb } from '#app/db/db.server.ts'

const root = path.resolve(import.meta.dirname, '../..')
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-'))
const databaseUrl = path.join(dir, 'demo.sqlite')

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('npm run demo', () => {
  it('loads a town with places, routes, QR codes, secrets and two years of events, and can run again', async () => {
    for (let run = 0; run < 2; run++) {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/demo.ts'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dir, BASE_URL: 'http://localhost:3000' },
        encoding: 'utf8',
        timeout: 60_000,
      })
      expect(result.stderr).toBe('')
      expect(result.status).toBe(0)
      expect(result.stdout).toContain('demo@trailguide.test')
      // The canonical address names the category (ADR 011); running again gives the same one.
      expect(result.stdout).toContain('http://localhost:3000/r/lausanne/la-vieille-ville')
    }
    const db = createDb({ url: databaseUrl })
    try {
      const count = async (table: 'places' | 'walks' | 'secrets' | 'place_categories') =>
        Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
      expect(await count('place_categories')).toBe(1)
      expect(await count('places')).toBeGreaterThanOrEqual(25)
      expect(await count('secrets')).toBeGreaterThan(0)
      const statuses = (await db.selectFrom('walks').select('status').execute()).map((w) => w.status).sort()
      expect(statuses).toEqual(['draft', 'published', 'published', 'published'])
      const qr = await db.selectFrom('qr_codes').select(['place_id']).execute()
      expect(qr.some((q) => q.place_id !== null)).toBe(true)
      expect(qr.some((q) => q.place_id === null)).toBe(true)
      const span = await db.selectFrom('events').select((eb) => [eb.fn.min('occurred_at').as('first'), eb.fn.max('occurred_at').as('last')]).executeTakeFirstOrThrow()
      const years = (Date.parse(String(span.last)) - Date.parse(String(span.first))) / (365 * 24 * 3600 * 1000)
      expect(years).toBeGreaterThan(1.5)
      // A plaque's "since" is not the day of the demo load: no scan is older than its plaque.
      const plaques = await db
        .selectFrom('qr_codes')
        .leftJoin('events', 'events.qr_code_id', 'qr_codes.id')
        .select((eb) => ['qr_codes.code', 'qr_codes.created_at', 'qr_codes.activated_at', eb.fn.min('events.occurred_at').as('first_scan')])
        .groupBy(['qr_codes.code', 'qr_codes.created_at', 'qr_codes.activated_at'])
        .execute()
      const scanned = plaques.filter((p) => p.first_scan !== null)
      expect(scanned.length).toBeGreaterThan(0)
      for (const plaque of scanned) {
        expect(Date.parse(String(plaque.activated_at)), plaque.code).toBeLessThanOrEqual(Date.parse(String(plaque.first_scan)))
        expect(Date.parse(String(plaque.created_at)), plaque.code).toBeLessThanOrEqual(Date.parse(String(plaque.first_scan)))
      }
    } finally {
      await db.destroy()
    }
    // Two runs of the script, each allowed a minute (spawnSync's timeout above).
  }, 150_000)
})
