import { data, type ServerBuild } from 'react-router'
import { AppError, type Message } from './errors.ts'

/** What a page's expected failure carries to the error boundary: the service's message, translated there. */
export interface PageErrorData {
  message: Message
}

/**
 * The one mapping from a service's `AppError` to a page's answer: the status the API would give,
 * the service's message and its headers (Retry-After). Anything else is left as it is: a bug, a
 * 500 and an error report (ADR 080).
 */
export function toPageError(error: unknown): unknown {
  if (!(error instanceof AppError)) return error
  return data<PageErrorData>({ message: error.detail }, { status: error.status, statusText: '', headers: error.headers })
}

type DataFunction = (args: never) => unknown

function mapped<F extends DataFunction>(run: F): F {
  const guarded = async (args: never) => {
    try {
      return await run(args)
    } catch (error) {
      throw toPageError(error)
    }
  }
  return guarded as unknown as F
}

const wrapped = new WeakMap<ServerBuild, ServerBuild>()

/**
 * The server build with every route's loader and action behind `toPageError`, so no loader catches
 * an `AppError` itself. React Router's middleware cannot do it: it never sees a loader's error,
 * only the rendered answer (ADR 080).
 */
export function withPageErrors(build: ServerBuild): ServerBuild {
  const known = wrapped.get(build)
  if (known) return known
  const routes: ServerBuild['routes'] = {}
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue
    const { loader, action } = route.module
    routes[id] = { ...route, module: { ...route.module, ...(loader && { loader: mapped(loader) }), ...(action && { action: mapped(action) }) } }
  }
  const result = { ...build, routes }
  wrapped.set(build, result)
  return result
}
