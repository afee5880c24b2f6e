import type { Context } from 'hono'
import { jsonInTurns } from '#app/utils/turns.server.ts'

/**
 * A 200 JSON answer written in pieces, a turn of the event loop between them (ADR 051): an
 * import's preview of 10,000 rows is megabytes of JSON that `c.json` would serialise in one go.
 */
export function streamedJson(c: Context, value: unknown): Response {
  const pieces = jsonInTurns(value)
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pieces.next()
      if (next.done) controller.close()
      // Text written elsewhere (an import's worker) comes as bytes already.
      else controller.enqueue(typeof next.value === 'string' ? encoder.encode(next.value) : next.value)
    },
  })
  return c.body(body, 200, { 'Content-Type': 'application/json' })
}
