import fs from 'node:fs'
import path from 'node:path'

// Two packages declare the `tsc` command: `typescript` (5.9, kept for the tools that load its API:
// typescript-eslint, React Router's type generation) and `typescript-go` (the alias of
// typescript@7, the compiler `npm run typecheck` runs). npm links node_modules/.bin/tsc to the one
// it links first: by path on a fresh install (5.9), by what was there before on a partial one.
// Run after every install (`postinstall`), this points it at TypeScript 7, so `npx tsc` is the
// project's compiler whatever the install's history (ADR 086). On Windows npm writes .cmd shims
// instead of links: nothing to do there.
const root = path.resolve(import.meta.dirname, '..')
const target = path.join(root, 'node_modules', 'typescript-go', 'bin', 'tsc')
const link = path.join(root, 'node_modules', '.bin', 'tsc')
if (process.platform !== 'win32' && fs.existsSync(target)) {
  const wanted = path.relative(path.dirname(link), target)
  let current = null
  try {
    current = fs.readlinkSync(link)
  } catch {
    // missing, or a file rather than a link: replaced below
  }
  if (current !== wanted) {
    fs.rmSync(link, { force: true })
    fs.mkdirSync(path.dirname(link), { recursive: true })
    fs.symlinkSync(wanted, link)
  }
}
