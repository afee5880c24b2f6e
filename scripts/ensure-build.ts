import { execSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

// `npm start` builds when there is no build yet, or when a source file is newer than it; the
// browser tests' global set-up does the same, so a run after an unchanged one builds nothing.
const root = path.resolve(import.meta.dirname, '..')

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full))
    else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, fs.statSync(full).mtimeMs)
  }
  return newest
}

/** Builds into BUILD_DIR (default build/) unless its bundle is newer than every source. Answers whether it built. */
export function ensureBuild(options: { quiet?: boolean } = {}): boolean {
  const buildDir = path.join(root, process.env.BUILD_DIR ?? 'build')
  // One build (ADR 036): the browser assets, and the server bundle with its starter (`npm start` runs it with node).
  const built = path.join(buildDir, 'server/main.js')
  const sources = ['app', 'server', 'locales', 'public'].map((d) => path.join(root, d)).filter((d) => fs.existsSync(d))
  const configFiles = ['vite.config.ts', 'react-router.config.ts', 'package-lock.json'].map((f) => path.join(root, f))
  const sourceTime = Math.max(...sources.map(newestMtime), ...configFiles.filter(fs.existsSync).map((f) => fs.statSync(f).mtimeMs))
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= sourceTime) return false
  if (!options.quiet) console.log('Building the app (first start or changed sources)...')
  // NODE_ENV production: the build `npm start` serves, never one with React's development code
  // (under vitest NODE_ENV is "test").
  execSync('npx react-router build', { cwd: root, stdio: options.quiet ? 'pipe' : 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  return true
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) ensureBuild()
