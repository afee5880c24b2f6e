// The production server as one plain JavaScript file (`npm run build` writes it beside the React
// Router build): node starts it without compiling TypeScript at every start, which halves the
// start time and the resident memory (see docs/performance.md). Packages stay in node_modules.
import path from 'node:path'
import { build } from 'esbuild'

const root = path.resolve(import.meta.dirname, '..')
// Beside client/ and server/ of the React Router build: server/main.ts finds the repository one level up.
const outfile = path.join(root, process.env.BUILD_DIR ?? 'build', 'server-main.js')

await build({
  entryPoints: [path.join(root, 'server/main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
})
console.log(`Server bundled: ${path.relative(root, outfile)}`)
