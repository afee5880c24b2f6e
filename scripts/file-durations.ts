// `npm run test:durations`: records each test file's duration in the last whole run
// (test-results/vitest.json) to tests/setup/file-durations.json, which the suite's sequencer
// reads to start the longest files first (tests/setup/sequencer.ts, docs/testing.md).
import fs from 'node:fs'
import path from 'node:path'
import { durationsFile } from '../tests/setup/sequencer.ts'

const root = path.resolve(import.meta.dirname, '..')
const report = JSON.parse(fs.readFileSync(path.join(root, 'test-results', 'vitest.json'), 'utf8')) as {
  testResults: { name: string; startTime: number; endTime: number }[]
}
const durations = Object.fromEntries(
  report.testResults
    .map((file) => [path.relative(root, file.name), Math.round((file.endTime - file.startTime) / 100) / 10] as const)
    .sort(([a], [b]) => a.localeCompare(b)),
)
fs.writeFileSync(durationsFile, `${JSON.stringify(durations, null, 2)}\n`)
console.log(`${Object.keys(durations).length} files' durations written to ${path.relative(root, durationsFile)}`)
