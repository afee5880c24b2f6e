// Merges new messages into the four locale files in one step (keeps key order, adds new keys at
// the end of their object). Usage: node scripts/add-messages.mjs patch.json
// where patch.json is { "en": {...}, "fr": {...}, "de": {...}, "it": {...} } with nested keys.
import fs from 'node:fs'
import path from 'node:path'

const patch = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'))
const locales = ['en', 'fr', 'de', 'it']
for (const locale of locales) {
  if (!patch[locale]) throw new Error(`the patch has no "${locale}" messages: every string needs all four languages`)
}
const merge = (target, source) => {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object') merge((target[key] ??= {}), value)
    else target[key] = value
  }
}
for (const locale of locales) {
  const file = path.join(import.meta.dirname, '..', 'locales', locale, 'translation.json')
  const messages = JSON.parse(fs.readFileSync(file, 'utf8'))
  merge(messages, patch[locale])
  fs.writeFileSync(file, JSON.stringify(messages, null, 2) + '\n')
}
console.log(`merged into ${locales.join(', ')}`)
