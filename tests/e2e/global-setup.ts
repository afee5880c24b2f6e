import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startFakeGeocoder, type FakeGeocoder } from '../../app/modules/geocoding/geocoding.test-fixtures.ts'
import { ensureBuild } from '../../scripts/ensure-build.ts'
import { testWorkers } from '../setup/workers.ts'
import { root, startServer, startTileServer, type RunningServer, type TileServer } from './server.ts'

/** A server the browser tests share, as `sharedServer()` (shared-server.ts) hands it to a test file. */
export interface SharedServer {
  baseURL: string
  dataDir: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker, each with its own copy of the demo: a file has one to itself while it runs. */
    servers: SharedServer[]
    /** A data folder holding the demo (`npm run demo`), for a test's own server to start from. */
    demoDataDir: string
    tileURL: string
    /** Where the workers claim the page states axe has checked (axe.ts): each is checked once per run. */
    axeStateDir: string
  }
}

let servers: RunningServer[] = []
let tiles: TileServer | undefined
let geocoder: FakeGeocoder | undefined
let demoDataDir: string | undefined
let axeStateDir: string | undefined

/**
 * Builds the app as `npm start` would (only when a source changed since the last build), loads
 * the demo once, and serves a copy of it to each worker: files run side by side, each against a
 * server no other file uses meanwhile, as if they ran one after another.
 */
export async function setup(project: TestProject) {
  ensureBuild({ quiet: true })
  tiles = await startTileServer()
  // The address search asks a local stand-in speaking Nominatim's protocol, never the internet.
  geocoder = await startFakeGeocoder()
  // The demo (npm run demo), loaded once: screens are tested on realistic data. Its BASE_URL is
  // the one `npm run demo` takes by default; nothing it stores depends on it.
  demoDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trailguide-demo-'))
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/demo.ts'], {
    cwd: root,
    stdio: 'pipe',
    env: { ...process.env, DATABASE_URL: path.join(demoDataDir, 'trailguide.sqlite'), DATA_DIR: demoDataDir, BASE_URL: 'http://localhost:3000' },
  })
  const env = { TILE_URL: tiles.url, TILE_ATTRIBUTION: 'Test tiles', GEOCODER: 'nominatim', NOMINATIM_URL: geocoder.baseUrl }
  servers = await Promise.all(Array.from({ length: testWorkers }, () => startServer(env, { copyDataFrom: demoDataDir })))
  project.provide('servers', servers.map((s) => ({ baseURL: s.url, dataDir: s.dataDir })))
  project.provide('demoDataDir', demoDataDir)
  project.provide('tileURL', tiles.url)
  axeStateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trailguide-axe-'))
  project.provide('axeStateDir', axeStateDir)
}

export async function teardown() {
  await Promise.all(servers.map((s) => s.stop()))
  await tiles?.stop()
  await geocoder?.close()
  if (demoDataDir) fs.rmSync(demoDataDir, { recursive: true, force: true })
  if (axeStateDir) fs.rmSync(axeStateDir, { recursive: true, force: true })
}
