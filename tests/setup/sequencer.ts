import fs from 'node:fs'
import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Longest files first, whatever the project (the longest-processing-time rule): on a fresh
 * clone vitest knows no durations and orders the files by project, then by file size, so a
 * 76-line browser file that runs five minutes started last and ran alone at the end. The
 * durations are a committed record of a whole run (`tests/setup/file-durations.json`, seconds;
 * `npm run test:durations` writes it from test-results/vitest.json). A file it does not know
 * yet goes first, as vitest does with files it has never timed.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = readDurations()
    const expected = (spec: TestSpecification) => durations[path.relative(this.ctx.config.root, spec.moduleId)] ?? Number.POSITIVE_INFINITY
    return [...files].sort((a, b) => expected(b) - expected(a))
  }
}

export const durationsFile = path.join(import.meta.dirname, 'file-durations.json')

function readDurations(): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(durationsFile, 'utf8')) as Record<string, number>
  } catch {
    return {}
  }
}
