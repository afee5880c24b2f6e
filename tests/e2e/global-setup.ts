import { execSync } from 'node:child_process'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startFakeGeocoder, type FakeGeocoder } from '../../app/modules/geocoding/geocoding.test-fixtures.ts'
import { root, startServer, startTileServer, type RunningServer, type TileServer } from './server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    dataDir: string
    tileURL: string
  }
}

let server: RunningServer | undefined
let tiles: TileServer | undefined
let geocoder: FakeGeocoder | undefined

/** Builds the app as `npm start` would, and serves it for the browser tests. */
export async function setup(project: TestProject) {
  // NODE_ENV is "test" under vitest: the build must be the production one `npm start` serves
  // (and `npm run bench` reuses), not one with React's development code.
  execSync('npx react-router build', { cwd: root, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } })
  tiles = await startTileServer()
  // The address search asks a local stand-in speaking Nominatim's protocol, never the internet.
  geocoder = await startFakeGeocoder()
  server = await startServer({ TILE_URL: tiles.url, TILE_ATTRIBUTION: 'Test tiles', GEOCODER: 'nominatim', NOMINATIM_URL: geocoder.baseUrl })
  // The demo (npm run demo) in the served database: screens are tested on realistic data.
  execSync('npx tsx scripts/demo.ts', {
    cwd: root,
    stdio: 'pipe',
    env: { ...process.env, DATABASE_URL: path.join(server.dataDir, 'trailguide.sqlite'), DATA_DIR: server.dataDir, BASE_URL: server.url },
  })
  project.provide('baseURL', server.url)
  project.provide('dataDir', server.dataDir)
  project.provide('tileURL', tiles.url)
}

export async function teardown() {
  await server?.stop()
  await tiles?.stop()
  await geocoder?.close()
}
