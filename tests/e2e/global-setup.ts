import { execSync } from 'node:child_process'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { root, startServer, type RunningServer } from './server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    dataDir: string
  }
}

let server: RunningServer | undefined

/** Builds the app as `npm start` would, and serves it for the browser tests. */
export async function setup(project: TestProject) {
  execSync('npx react-router build', { cwd: root, stdio: 'pipe' })
  server = await startServer()
  // The demo (npm run demo) in the served database: screens are tested on realistic data.
  execSync('npx tsx scripts/demo.ts', {
    cwd: root,
    stdio: 'pipe',
    env: { ...process.env, DATABASE_URL: path.join(server.dataDir, 'trailguide.sqlite'), DATA_DIR: server.dataDir, BASE_URL: server.url },
  })
  project.provide('baseURL', server.url)
  project.provide('dataDir', server.dataDir)
}

export async function teardown() {
  await server?.stop()
}
