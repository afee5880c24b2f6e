import { ROUTE_SLUG_MAX } from './walks.schema.ts'

// Letters that Unicode normalisation does not split into a base letter and an accent.
const foldedLetters: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i' }

/** "Château d'Œx – Tour" → "chateau-d-oex-tour": lowercase ASCII, accents folded, hyphens. */
export function slugify(value: string, maxLength = ROUTE_SLUG_MAX): string {
  const ascii = value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/\P{ASCII}/gu, (ch) => foldedLetters[ch] ?? '-')
  return ascii
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '')
}

/**
 * The slug itself when free, else the first free "-2", "-3"… version. `taken` holds the slugs
 * already used in the category (only those starting with the base matter).
 */
export function uniqueSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken)
  if (!used.has(base)) return base
  for (let n = 2; ; n++) {
    const suffix = `-${n}`
    const candidate = `${base.slice(0, ROUTE_SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`
    if (!used.has(candidate)) return candidate
  }
}

/** The slug a name gives; a name with no Latin letter or digit gives "route". */
export const slugFromName = (name: string) => slugify(name) || 'route'
