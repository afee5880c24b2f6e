import { randomBytes } from 'node:crypto'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { crc32Combine, crc32Shift } from './crc32-combine.ts'

describe('crc32Combine', () => {
  it('gives the CRC-32 of a concatenation, for empty, short and long parts', () => {
    for (const [a, b] of [[0, 0], [0, 7], [5, 0], [1, 1], [31, 33], [15_000, 34], [70_000, 100_001]]) {
      const first = randomBytes(a)
      const second = randomBytes(b)
      const combined = crc32Combine(zlib.crc32(first), zlib.crc32(second), crc32Shift(second.length))
      expect(combined).toBe(zlib.crc32(Buffer.concat([first, second])))
    }
  })

  it('chains over many parts as one reading would', () => {
    const parts = Array.from({ length: 9 }, (_, i) => randomBytes(1 + i * 997))
    let crc = 0
    for (const part of parts) crc = crc32Combine(crc, zlib.crc32(part), crc32Shift(part.length))
    expect(crc).toBe(zlib.crc32(Buffer.concat(parts)))
  })
})
