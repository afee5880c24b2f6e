import { describe, expect, it } from 'vitest'
import './array-buffer-detached.ts'

// The project's TypeScript library (ES2023) does not name it yet.
const detached = (buffer: ArrayBufferLike) => (buffer as ArrayBuffer & { detached: boolean }).detached

describe('ArrayBuffer.prototype.detached', () => {
  it('is true for a buffer a byte stream has taken, false for any other, as on Node 22+', () => {
    expect(Object.prototype.hasOwnProperty.call(ArrayBuffer.prototype, 'detached')).toBe(true)
    const taken = new Uint8Array(5000)
    new ReadableStream({
      type: 'bytes',
      start(controller) {
        controller.enqueue(taken)
      },
    })
    expect(detached(taken.buffer)).toBe(true)
    expect(detached(new ArrayBuffer(0))).toBe(false)
    expect(detached(new ArrayBuffer(8))).toBe(false)
    const transferred = new ArrayBuffer(8)
    structuredClone(transferred, { transfer: [transferred] })
    expect(detached(transferred)).toBe(true)
  })
})
