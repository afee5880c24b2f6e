// Puts the French messages in French typography (app/i18n/french-typography.ts, ADR 104): the
// no-break space before ":", the narrow one before ";", "?", "!" and inside « ». Rewrites
// locales/fr/translation.json in place and prints each message it changed.
// Usage: npx tsx scripts/french-typography.ts
import fs from 'node:fs'
import path from 'node:path'
import { withFrenchTypography } from '#app/i18n/french-typography.ts'

type Tree = { [key: string]: string | Tree }
const file = path.join(import.meta.dirname, '..', 'locales', 'fr', 'translation.json')
const tree = JSON.parse(fs.readFileSync(file, 'utf8')) as Tree
let changed = 0

function fix(node: Tree, prefix: string) {
  for (const [key, value] of Object.entries(node)) {
    if (typeof value !== 'string') {
      fix(value, `${prefix}${key}.`)
      continue
    }
    const fixed = withFrenchTypography(value)
    if (fixed === value) continue
    node[key] = fixed
    changed++
    console.log(`${prefix}${key}: ${JSON.stringify(fixed)}`)
  }
}

fix(tree, '')
fs.writeFileSync(file, `${JSON.stringify(tree, null, 2)}\n`)
console.log(`${changed} messages changed`)
