import { execSync } from 'node:child_process'
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
  project.provide('baseURL', server.url)
  project.provide('dataDir', server.dataDir)
}

export async function teardown() {
  await server?.stop()
}
