// CRC-32 of a concatenation from the parts' own CRCs (zlib's crc32_combine_gen / _op, which
// Node does not expose): a kept page's gzip answer (page-cache.server.ts) needs the CRC of its
// static parts around a fresh nonce, and reading 15 KB of parts again for every answer was a
// measurable part of the visitor's hot path (issue 28). Polynomials are reflected, as zlib's.

const POLY = 0xedb88320

/** a(x) · b(x) modulo the CRC-32 polynomial. */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000
  let product = 0
  for (;;) {
    if (a & m) {
      product ^= b
      if ((a & (m - 1)) === 0) break
    }
    m >>>= 1
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1
  }
  return product >>> 0
}

// x^(2^k) modulo the polynomial, for k = 0..31 (x^1 is 1 << 30 in the reflected form).
const X2N: number[] = [1 << 30]
for (let k = 1; k < 32; k++) X2N.push(multiplyModP(X2N[k - 1], X2N[k - 1]))

/** The operator that appends `length` bytes: x^(8 · length) modulo the polynomial. */
export function crc32Shift(length: number): number {
  let p = 0x80000000 // x^0
  let k = 3
  for (let n = length; n > 0; n = Math.floor(n / 2), k++) if (n % 2 === 1) p = multiplyModP(X2N[k % 32], p)
  return p >>> 0
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and crc32Shift(B's length). */
export function crc32Combine(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0
}
