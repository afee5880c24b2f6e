import { isRouteErrorResponse } from 'react-router'

/** What the error page shows (spec section 2): statusCode, statusMessage, message and stack. */
export interface ErrorPageProps {
  statusCode: number
  statusMessage?: string
  message?: string
  stack?: string
}

export function toErrorPageProps(error: unknown): ErrorPageProps {
  if (isRouteErrorResponse(error)) {
    const data = error.data as { message?: unknown } | string | null
    const message = typeof data === 'string' ? data : typeof data?.message === 'string' ? data.message : undefined
    return { statusCode: error.status || 500, statusMessage: error.statusText || undefined, message }
  }
  if (error instanceof Error) return { statusCode: 500, message: error.message, stack: error.stack }
  return { statusCode: 500 }
}
