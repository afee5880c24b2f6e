// Work over thousands of items on the event loop, in turns (ADR 051): every other request (a
// health probe, a visitor's page) is answered between two turns, never behind the whole list.

/** Resolves on a later turn of the event loop, after the I/O waiting now (setImmediate, not a microtask). */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Items per turn: a few milliseconds of the import's work on the shared machine. */
export const ITEMS_PER_TURN = 500

/** `list.map(fn)`, yielding the loop every `size` items. */
export async function mapInTurns<T, U>(list: readonly T[], fn: (item: T, index: number) => U, size = ITEMS_PER_TURN): Promise<U[]> {
  const out: U[] = []
  for (let i = 0; i < list.length; i++) {
    if (i > 0 && i % size === 0) await nextTurn()
    out.push(fn(list[i], i))
  }
  return out
}

/**
 * A value as JSON text, in pieces: arrays of more than `size` items are written `size` at a time,
 * a turn of the loop between pieces, so a large answer is never serialised in one go.
 */
export async function* jsonInTurns(value: unknown, size = ITEMS_PER_TURN): AsyncGenerator<string> {
  if (Array.isArray(value) && value.length > size) {
    for (let i = 0; i < value.length; i += size) {
      const part = JSON.stringify(value.slice(i, i + size))
      yield (i === 0 ? '[' : ',') + part.slice(1, -1)
      await nextTurn()
    }
    yield ']'
    return
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.values(value).some((v) => Array.isArray(v) || (v !== null && typeof v === 'object'))) {
    let first = true
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue
      yield `${first ? '{' : ','}${JSON.stringify(key)}:`
      first = false
      yield* jsonInTurns(item, size)
    }
    yield first ? '{}' : '}'
    return
  }
  yield JSON.stringify(value)
}
