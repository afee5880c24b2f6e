// French typography of the messages (ADR 104): a no-break space (U+00A0) before a colon, a
// narrow no-break space (U+202F) before ";", "?" and "!" and inside « guillemets ». A plain space
// there lets the line break before the mark; no space at all is English typography.
// Placeholders ({{name}}, $t(key)) and web addresses are left as they are, and a mark inside a
// token (10:00, 1:25 000, EPSG:4326, ?panel=) is not punctuation.

export const NBSP = '\u00a0'
export const NNBSP = '\u202f'

/** A placeholder or an address: never punctuation, masked before the text is read. */
const OPAQUE = /\{\{[^}]*\}\}|\$t\([^)]*\)|\b(?:https?|mailto):[^\s«»"]+/g

/** A mark that ends a phrase: followed by white space, a closing sign, the end, or another mark. */
const PUNCTUATION = /([:;?!])(?=[\s»)\]"”’.,…:;?!]|$)/g

export interface TypographyIssue {
  /** The mark and what stands before it, as found ("Lieu :", "ici?", "« x"). */
  found: string
  /** Where in the text. */
  index: number
  expected: string
}

/** The text with its placeholders and addresses replaced by as many "x" (indexes stay). */
function masked(text: string): string {
  return text.replace(OPAQUE, (m) => 'x'.repeat(m.length))
}

const spaceFor = (mark: string) => (mark === ':' ? NBSP : NNBSP)
const name = (space: string) => (space === NBSP ? 'U+00A0' : 'U+202F')

/** What breaks French typography in a message (empty when nothing does). */
export function frenchTypographyIssues(text: string): TypographyIssue[] {
  const plain = masked(text)
  const issues: TypographyIssue[] = []
  for (const m of plain.matchAll(PUNCTUATION)) {
    const mark = m[1]!
    const index = m.index
    const before = plain[index - 1]
    // "?!" and "!!": one space before the first mark only.
    if (before !== undefined && '?!'.includes(before) && '?!'.includes(mark)) continue
    // A colon that opens the text ("…: suite") has nothing before it to space from.
    if (before === undefined) continue
    if (before !== spaceFor(mark)) issues.push({ found: text.slice(Math.max(0, index - 6), index + 1), index, expected: `${name(spaceFor(mark))} before "${mark}"` })
  }
  for (const m of plain.matchAll(/«(.)/g)) {
    if (m[1] !== NNBSP) issues.push({ found: text.slice(m.index, m.index + 6), index: m.index, expected: 'U+202F after "«"' })
  }
  for (const m of plain.matchAll(/(.)»/g)) {
    if (m[1] !== NNBSP) issues.push({ found: text.slice(Math.max(0, m.index - 5), m.index + 2), index: m.index + 1, expected: 'U+202F before "»"' })
  }
  return issues
}

/**
 * The text in French typography: a plain space (or none) before a mark becomes the space the
 * mark takes, and so does the space inside guillemets. Placeholders and addresses are untouched.
 */
export function withFrenchTypography(text: string): string {
  const plain = masked(text)
  let out = ''
  let last = 0
  const edits: { at: number; remove: number; insert: string }[] = []
  for (const m of plain.matchAll(PUNCTUATION)) {
    const mark = m[1]!
    const index = m.index
    const before = plain[index - 1]
    if (before === undefined || ('?!'.includes(before) && '?!'.includes(mark))) continue
    const space = spaceFor(mark)
    if (before === space) continue
    // Any run of spaces before the mark (plain or the other no-break one) becomes one.
    let start = index
    while (start > 0 && /[ \u00a0\u202f]/.test(plain[start - 1]!)) start--
    edits.push({ at: start, remove: index - start, insert: space })
  }
  for (const m of plain.matchAll(/«[ \u00a0\u202f]*/g)) {
    if (m[0] !== `«${NNBSP}`) edits.push({ at: m.index + 1, remove: m[0].length - 1, insert: NNBSP })
  }
  for (const m of plain.matchAll(/[ \u00a0\u202f]*»/g)) {
    if (m[0] !== `${NNBSP}»`) edits.push({ at: m.index, remove: m[0].length - 1, insert: NNBSP })
  }
  for (const edit of edits.sort((a, b) => a.at - b.at)) {
    out += text.slice(last, edit.at) + edit.insert
    last = edit.at + edit.remove
  }
  return out + text.slice(last)
}
