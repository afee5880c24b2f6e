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
 * An array already written as JSON text elsewhere (an import's worker, ADR 054): parts of its
 * items, UTF-8, without brackets, joined with commas. Sent as they are, never parsed here.
 */
export class JsonArrayText {
  constructor(readonly parts: Uint8Array[]) {}

  /** The array itself (tests, and any caller that needs the values rather than the text). */
  parse(): unknown[] {
    const decoder = new TextDecoder()
    return this.parts.flatMap((part) => JSON.parse(`[${decoder.decode(part)}]`) as unknown[])
  }

  toJSON() {
    return this.parse()
  }
}

/**
 * A value as JSON text, in pieces: arrays of more than `size` items are written `size` at a time,
 * a turn of the loop between pieces, so a large answer is never serialised in one go.
 */
export async function* jsonInTurns(value: unknown, size = ITEMS_PER_TURN): AsyncGenerator<string | Uint8Array> {
  if (value instanceof JsonArrayText) {
    yield '['
    for (const [i, part] of value.parts.entries()) {
      if (i > 0) yield ','
      yield part
      await nextTurn()
    }
    yield ']'
    return
  }
  if (Array.isArray(value) && value.length > size) {
    for (let i = 0; i < value.length; i += size) {
      const part = JSON.stringify(value.slice(i, i + size))
      yield (i === 0 ? '[' : ',') + part.slice(1, -1)
      await nextTurn()
    }
    yield ']'
    return
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.values(value).some((v) => Array.isArray(v) || v instanceof JsonArrayText || (v !== null && typeof v === 'object'))) {
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
