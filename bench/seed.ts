import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from '#app/db/sqlite-driver.server.ts'
import { loadConfig } from '#app/config/config.server.ts'
import { createDb } from '#app/db/db.server.ts'
import { migrateToLatest } from '#app/db/migrate.server.ts'
import { createServices } from '#app/services.server.ts'
import { createLogger } from '#app/platform/observability/logger.server.ts'
import { root } from './server.ts'

/** One seeded category of the bench, at one of the two sizes. */
export interface SeededCategory {
  id: number
  slug: string
  routes: number
  places: number
  events: number
  /** Uuid of a route whose save is timed, and the ids of 50 of the category's places. */
  saveRouteUuid: string
  savePlaceIds: number[]
}

export interface BenchData {
  dir: string
  databaseUrl: string
  /** A manager's session token (Bearer) for the API rows. */
  token: string
  small: SeededCategory
  large: SeededCategory
  seedMs: number
}

/**
 * The demo database: data/trailguide.sqlite after `npm run demo` (or BENCH_DEMO_DB); when there
 * is none, the demo is loaded into a temporary folder first.
 */
function demoDatabase(tmp: string): string {
  const given = process.env.BENCH_DEMO_DB ?? path.join(root, 'data', 'trailguide.sqlite')
  if (fs.existsSync(given)) return given
  const target = path.join(tmp, 'demo.sqlite')
  console.log(`No demo database at ${path.relative(root, given)}: loading the demo into a temporary folder...`)
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/demo.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: target, DATA_DIR: tmp, BASE_URL: 'http://localhost:3000', RATE_LIMIT_REGISTER: '1000/60' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return target
}

/** A small seeded generator: the same data every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const LOREM =
  'A walk through the old streets, past the market and the cathedral, with views over the lake. Each stop tells a story of the town and its people.'

/**
 * Routes, places and events straight into SQLite in one transaction (the bench measures reads,
 * not the seeding); the day roll-ups are then built by the app's own rebuild.
 */
function seedBulk(file: string, categoryId: number, size: { routes: number; places: number; events: number }, seed: number) {
  const db = new SQLite(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = OFF')
  const rand = random(seed)
  const now = new Date().toISOString()
  const placeIds: number[] = []
  const walkIds: number[] = []
  let saveRouteUuid = ''
  db.transaction(() => {
    const insertPlace = db.prepare('insert into places (category_id, name, lat, lng, created_at, updated_at) values (?, ?, ?, ?, ?, ?)')
    for (let i = 0; i < size.places; i++) {
      const info = insertPlace.run(categoryId, `Place ${i + 1}`, 46.5 + rand() * 0.05, 6.6 + rand() * 0.05, now, now)
      placeIds.push(Number(info.lastInsertRowid))
    }
    const insertWalk = db.prepare(
      `insert into walks (uuid, category_id, slug, status, distance, duration, features_collection, created_at, updated_at)
       values (?, ?, ?, 'published', ?, ?, ?, ?, ?)`,
    )
    const insertText = db.prepare('insert into walk_translations (walk_id, locale, name, subtitle, description) values (?, ?, ?, ?, ?)')
    const insertStop = db.prepare('insert into walk_places (walk_id, place_id, sort_id) values (?, ?, ?)')
    const perRoute = Math.max(1, Math.round(size.places / size.routes))
    for (let r = 0; r < size.routes; r++) {
      const uuid = randomUUID()
      if (r === 0) saveRouteUuid = uuid
      const line = { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: Array.from({ length: 40 }, () => [6.6 + rand() * 0.05, 46.5 + rand() * 0.05]) } }] }
      const info = insertWalk.run(uuid, categoryId, `route-${r + 1}`, 2000 + rand() * 8000, 1800 + rand() * 7200, JSON.stringify(line), now, now)
      const walkId = Number(info.lastInsertRowid)
      walkIds.push(walkId)
      for (const locale of ['en', 'fr']) insertText.run(walkId, locale, `Route ${r + 1} (${locale})`, 'An old-town walk', LOREM)
      for (let s = 0; s < perRoute; s++) insertStop.run(walkId, placeIds[(r * perRoute + s) % placeIds.length], s + 1)
    }
    // Two years of events, spread over the routes and places.
    const insertEvent = db.prepare('insert into events (category_id, walk_id, place_id, type, value, visitor_hash, occurred_at) values (?, ?, ?, ?, ?, ?, ?)')
    const start = Date.UTC(new Date().getUTCFullYear() - 1, 0, 1)
    const span = Date.now() - start
    for (let e = 0; e < size.events; e++) {
      const at = new Date(start + rand() * span).toISOString()
      const pick = rand()
      const walkId = walkIds[Math.floor(rand() * walkIds.length)]
      if (pick < 0.55) insertEvent.run(categoryId, walkId, null, 'view', 1, `v${e % 5000}`, at)
      else if (pick < 0.85) insertEvent.run(categoryId, walkId, null, 'time', Math.round(40 + rand() * 600), `v${e % 5000}`, at)
      else if (pick < 0.9) insertEvent.run(categoryId, walkId, null, 'like', 1, `v${e % 5000}`, at)
      else insertEvent.run(categoryId, null, placeIds[Math.floor(rand() * placeIds.length)], 'place_visit', 1, null, at)
    }
  })()
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  return { saveRouteUuid, savePlaceIds: placeIds.slice(0, 50) }
}

/** A copy of the demo database with two bench categories (small and large) and a manager's token. */
export async function prepareData(sizes: { small: Size; large: Size }): Promise<BenchData> {
  const started = performance.now()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trailguide-bench-'))
  const source = demoDatabase(dir)
  const databaseUrl = path.join(dir, 'bench.sqlite')
  // The backup API copies a consistent snapshot, WAL included.
  const demo = new SQLite(source, { readonly: true })
  await demo.backup(databaseUrl)
  demo.close()

  const config = loadConfig({ BASE_URL: 'http://localhost:3000', DATABASE_URL: databaseUrl, DATA_DIR: dir, RATE_LIMIT_REGISTER: '1000/60' })
  const db = createDb({ url: databaseUrl })
  await migrateToLatest(db)
  const services = createServices({ config, db, logger: createLogger('warn') })
  const token = await services.auth.register({ name: 'Bench Manager', email: `bench-${Date.now()}@trailguide.test`, password: 'bench-password-1', locale: 'en' }, 'bench')
  const manager = (await services.auth.userForSession(token))!
  const small = await services.categories.create(manager, { name: 'Bench small', slug: `bench-small-${Date.now()}`, fallback_locale: 'en' })
  const large = await services.categories.create(manager, { name: 'Bench large', slug: `bench-large-${Date.now()}`, fallback_locale: 'en' })
  await db.destroy()

  const smallSeed = seedBulk(databaseUrl, small.id, sizes.small, 1)
  const largeSeed = seedBulk(databaseUrl, large.id, sizes.large, 2)

  const db2 = createDb({ url: databaseUrl })
  const services2 = createServices({ config, db: db2, logger: createLogger('warn') })
  await services2.stats.rebuild(small.id)
  await services2.stats.rebuild(large.id)
  await db2.destroy()
  return {
    dir,
    databaseUrl,
    token,
    small: { id: small.id, slug: small.slug, ...sizes.small, ...smallSeed },
    large: { id: large.id, slug: large.slug, ...sizes.large, ...largeSeed },
    seedMs: performance.now() - started,
  }
}

export interface Size {
  routes: number
  places: number
  events: number
}
