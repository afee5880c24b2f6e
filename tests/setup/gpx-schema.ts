import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

// Every GPX the app writes is checked against the GPX 1.1 schema (tests/fixtures/gpx-1.1.xsd)
// by xmllint (Debian: libxml2-utils), not by a reading of our own.

const SCHEMA = path.resolve(import.meta.dirname, '../fixtures/gpx-1.1.xsd')

/** Throws with xmllint's messages unless the text is valid GPX 1.1. */
export function assertValidGpx(xml: string): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpx-'))
  const file = path.join(dir, 'file.gpx')
  try {
    fs.writeFileSync(file, xml)
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', SCHEMA, file], { stdio: 'pipe' })
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error)
    throw new Error(`not valid GPX 1.1:\n${stderr}`)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
