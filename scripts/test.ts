// `npm test`: the type check, the lint and every test, side by side rather than one after the
// other (the type check and the lint use one core each, the tests wait on Chromium and databases
// much of their time). The checks run at a lower priority so the tests' timing is the tests'.
// Prints each stage's wall time; fails when any stage fails. Arguments go to vitest.
// The per-file report of the tests is test-results/vitest.json (docs/testing.md).
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const cache = path.join(root, 'node_modules', '.cache')
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name)

interface Stage {
  name: string
  command: string[]
  /** Output shown as it comes (the tests), or kept and shown at the end (the checks). */
  live: boolean
  nice: boolean
}

const stages: Stage[] = [
  {
    name: 'typecheck',
    // typegen first: the route types tsc reads. TypeScript 7's native compiler (the `typescript-go`
    // alias; `typescript` stays 5.x for the tools that load its API): ~19 s where tsc 5 took 82.
    // Incremental: a second run checks only what changed.
    command: ['sh', '-c', `"${bin('react-router')}" typegen && node "${path.join(root, 'node_modules', 'typescript-go', 'bin', 'tsc')}" --incremental --tsBuildInfoFile "${path.join(cache, 'tsc', 'tsbuildinfo')}"`],
    live: false,
    nice: true,
  },
  {
    name: 'lint',
    command: [bin('eslint'), '.', '--max-warnings', '0', '--cache', '--cache-location', path.join(cache, 'eslint') + path.sep],
    live: false,
    nice: true,
  },
  {
    name: 'tests',
    command: [bin('vitest'), 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json', ...process.argv.slice(2)],
    live: true,
    nice: false,
  },
]

interface Result {
  name: string
  code: number
  seconds: number
  output: string
}

function run(stage: Stage): Promise<Result> {
  const started = performance.now()
  const [command, ...args] = stage.nice ? ['nice', '-n', '10', ...stage.command] : stage.command
  const child = spawn(command!, args, { cwd: root, stdio: stage.live ? 'inherit' : ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  return new Promise((resolve) => {
    child.on('close', (code, signal) => resolve({ name: stage.name, code: code ?? (signal ? 1 : 0), seconds: (performance.now() - started) / 1000, output }))
  })
}

fs.mkdirSync(path.join(root, 'test-results'), { recursive: true })
const started = performance.now()
const results = await Promise.all(stages.map(run))
for (const result of results) {
  if (!result.output.trim()) continue
  console.log(`\n── ${result.name} ${result.code === 0 ? 'passed' : 'FAILED'} ──\n${result.output.trimEnd()}`)
}
console.log('\nStage       Result   Wall time')
for (const { name, code, seconds } of results) console.log(`${name.padEnd(11)} ${(code === 0 ? 'passed' : 'FAILED').padEnd(8)} ${seconds.toFixed(1)} s`)
console.log(`${'npm test'.padEnd(11)} ${''.padEnd(8)} ${((performance.now() - started) / 1000).toFixed(1)} s`)
process.exit(results.some((r) => r.code !== 0) ? 1 : 0)
