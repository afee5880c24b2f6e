import { execSync } from 'node:child_process'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
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

/** Builds the app as `npm start` would, and serves it for the browser tests. */
export async function setup(project: TestProject) {
  execSync('npx react-router build', { cwd: root, stdio: 'pipe' })
  tiles = await startTileServer()
  server = await startServer({ TILE_URL: tiles.url, TILE_ATTRIBUTION: 'Test tiles' })
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
}
