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

function newestSourceTime(): number {
  const sources = ['app', 'server', 'locales', 'public'].map((d) => path.join(root, d)).filter((d) => fs.existsSync(d))
  const configFiles = ['vite.config.ts', 'react-router.config.ts', 'package-lock.json'].map((f) => path.join(root, f))
  return Math.max(...sources.map(newestMtime), ...configFiles.filter(fs.existsSync).map((f) => fs.statSync(f).mtimeMs))
}

/**
 * Builds into BUILD_DIR (default build/) unless its bundle is newer than every source. Answers whether it built.
 * The build is made beside it and put in place whole (rename), so a server never starts on a
 * browser bundle and a server bundle of two different builds (every hydration then fails with
 * React #418); a source changed during the build leaves the new build stale, to be made again.
 */
export function ensureBuild(options: { quiet?: boolean } = {}): boolean {
  const buildDirName = process.env.BUILD_DIR ?? 'build'
  const buildDir = path.join(root, buildDirName)
  // One build (ADR 036): the browser assets, and the server bundle with its starter (`npm start` runs it with node).
  const built = path.join(buildDir, 'server/main.js')
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= newestSourceTime()) return false
  if (!options.quiet) console.log('Building the app (first start or changed sources)...')
  const startedAt = Date.now()
  const next = `${buildDirName}.next-${process.pid}`
  fs.rmSync(path.join(root, next), { recursive: true, force: true })
  try {
    // NODE_ENV production: the build `npm start` serves, never one with React's development code
    // (under vitest NODE_ENV is "test").
    execSync('npx react-router build', { cwd: root, stdio: options.quiet ? 'pipe' : 'inherit', env: { ...process.env, NODE_ENV: 'production', BUILD_DIR: next } })
    if (newestSourceTime() > startedAt) {
      // Built from sources that changed meanwhile: older than them, so the next start builds again.
      const before = new Date(startedAt - 1000)
      fs.utimesSync(path.join(root, next, 'server/main.js'), before, before)
    }
    const old = `${buildDir}.old-${process.pid}`
    if (fs.existsSync(buildDir)) fs.renameSync(buildDir, old)
    fs.renameSync(path.join(root, next), buildDir)
    fs.rmSync(old, { recursive: true, force: true })
  } finally {
    fs.rmSync(path.join(root, next), { recursive: true, force: true })
  }
  return true
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) ensureBuild()
