import transliterate from '@sindresorhus/transliterate'
import { ROUTE_SLUG_MAX } from './slug-limits.ts'

// Letters that Unicode normalisation does not split into a base letter and an accent.
const foldedLetters: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i' }

/**
 * "Château d'Œx – Tour" → "chateau-d-oex-tour", "Москва" → "moskva": lowercase ASCII, accents
 * folded, other scripts transliterated (Cyrillic, Greek, Arabic, Hebrew…), hyphens. Scripts
 * with no Latin spelling here (Chinese, Japanese) give nothing: the user types the address.
 */
export function slugify(value: string, maxLength = ROUTE_SLUG_MAX): string {
  const ascii = value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/\P{ASCII}+/gu, (run) => transliterate([...run].map((ch) => foldedLetters[ch] ?? ch).join('')).toLowerCase())
  return ascii
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '')
}

/**
 * The slug itself when free, else the first free "-2", "-3"… version. `taken` holds the slugs
 * already used (only those starting with the base matter).
 */
export function uniqueSlug(base: string, taken: Iterable<string>, maxLength = ROUTE_SLUG_MAX): string {
  const used = new Set(taken)
  if (!used.has(base)) return base
  for (let n = 2; ; n++) {
    const suffix = `-${n}`
    const candidate = `${base.slice(0, maxLength - suffix.length).replace(/-+$/, '')}${suffix}`
    if (!used.has(candidate)) return candidate
  }
}

/** The slug a name gives; a name with no Latin letter or digit gives "route". */
export const slugFromName = (name: string) => slugify(name) || 'route'
