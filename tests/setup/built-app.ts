import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type * as App from '../../server/app.ts'

/**
 * The production bundle (`npm run build`, ADR 036): React Router's server build, and the app's
 * own copies of what a test builds an app from. A test that renders the built pages takes its
 * services, API and HTTP app from the bundle too, as the server does: one module graph, so an
 * AppError a service throws is the one a route module checks for.
 */
export type BuiltApp = typeof App

export async function importBuiltApp(): Promise<BuiltApp> {
  const root = path.resolve(import.meta.dirname, '../..')
  return (await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)) as BuiltApp
}
