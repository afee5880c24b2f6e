// The starter (ADR 036). It imports no module of the app itself: the app, its API, its services
// and React Router's server build are ONE module graph, loaded here once.
// - production (`npm start`: node runs this file as build/server/main.js, bundled beside the app):
//   the bundle build/server/index.js;
// - development (`npm run dev`: tsx runs this file): server/app.ts through Vite in middleware mode.
// First, before React loads (it reads the property once): see the file.
import './array-buffer-detached.ts'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type * as AppModule from './app.ts'

type App = typeof AppModule

const here = import.meta.dirname

if (process.env.NODE_ENV === 'development') {
  const { createServer } = await import('vite')
  const vite = await createServer({ root: path.resolve(here, '..'), server: { middlewareMode: true } })
  const app = (await vite.ssrLoadModule('/server/app.ts')) as App
  await app.startServer({ vite })
} else {
  // Bundled, this file sits beside the bundle; from the sources (tsx), the bundle is in BUILD_DIR.
  const serverDir = fs.existsSync(path.join(here, 'index.js')) ? here : path.resolve(here, '..', process.env.BUILD_DIR ?? 'build', 'server')
  const app = (await import(pathToFileURL(path.join(serverDir, 'index.js')).href)) as App
  await app.startServer({ clientDir: path.relative(process.cwd(), path.resolve(serverDir, '../client')) })
}
