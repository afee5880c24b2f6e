/**
 * `ArrayBuffer.prototype.detached` (ES2024) where the engine lacks it: Node 20 (Node 22+ has it).
 * React's edge renderer (app/entry.server.tsx, ADR 048) hands its chunks to a byte stream, which
 * detaches their buffers; React checks `detached` to refuse writing a buffer emptied that way
 * rather than send a page with a hole in it, but only where the property exists, and it looks
 * once, when it loads: so this runs before the app is imported (server/main.ts, the tests' setup).
 * A detached buffer is the only one of length 0 that a DataView refuses.
 */
if (!Object.prototype.hasOwnProperty.call(ArrayBuffer.prototype, 'detached')) {
  Object.defineProperty(ArrayBuffer.prototype, 'detached', {
    configurable: true,
    get(this: ArrayBuffer): boolean {
      if (this.byteLength !== 0) return false
      try {
        new DataView(this)
        return false
      } catch {
        return true
      }
    },
  })
}
