import { randomUUID } from 'node:crypto'
import { createMiddleware } from 'hono/factory'
import { loggablePath, logRequest, withRequestId, type Logger } from './logger.server.ts'

/** An incoming X-Request-Id is kept when it is short and plain (a proxy's or a client's id). */
const VALID_REQUEST_ID = /^[\w.:-]{1,128}$/

export function requestIdFrom(header: string | undefined): string {
  return header && VALID_REQUEST_ID.test(header) ? header : randomUUID()
}

/**
 * First middleware of the server: gives the request its id (echoed in X-Request-Id, carried by
 * every log line and error report made while answering), and logs one line when it is answered:
 * method, path without query, status, duration.
 */
export function requestLogging(logger: Logger) {
  return createMiddleware(async (c, next) => {
    const requestId = requestIdFrom(c.req.header('x-request-id'))
    const started = performance.now()
    await withRequestId(requestId, async () => {
      try {
        await next()
      } finally {
        setHeader(c, 'X-Request-Id', requestId)
        const status = c.res.status
        // The line is written inside the request's context, so it carries request_id itself.
        logRequest(logger, { method: c.req.method, path: loggablePath(c.req.url), status, duration_ms: Math.round((performance.now() - started) * 10) / 10 })
      }
    })
  })
}

function setHeader(c: { res: Response }, name: string, value: string) {
  try {
    c.res.headers.set(name, value)
  } catch {
    // Some responses (Response.redirect, fetched ones) have immutable headers: copy them once.
    const res = new Response(c.res.body, c.res)
    res.headers.set(name, value)
    c.res = res
  }
}
