import { randomInt } from 'node:crypto'

/** Uppercase letters and digits without the look-alikes 0/O and 1/I/L: easy to read off a plaque. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
export const CODE_LENGTH = 8

/** A random code (31^8 ≈ 8.5e11 possibilities), from a cryptographic source so codes cannot be guessed. */
export function randomCode(): string {
  let code = ''
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
  return code
}

/** `count` distinct random codes, none of them in `avoid`. */
export function distinctCodes(count: number, avoid: ReadonlySet<string> = new Set()): string[] {
  const codes = new Set<string>()
  while (codes.size < count) {
    const code = randomCode()
    if (!avoid.has(code)) codes.add(code)
  }
  return [...codes]
}
