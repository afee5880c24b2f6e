import { isRouteErrorResponse } from 'react-router'
import type { Message } from './errors.ts'

/** What the error page shows (docs/spec.md §2): statusCode, statusMessage, message and stack. */
export interface ErrorPageProps {
  statusCode: number
  statusMessage?: string
  message?: string
  stack?: string
  /** A service's message (app/utils/page-errors.ts), translated by the error boundary. */
  detail?: Message
}

function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && typeof (value as { key?: unknown }).key === 'string'
}

export function toErrorPageProps(error: unknown): ErrorPageProps {
  if (isRouteErrorResponse(error)) {
    const data = error.data as { message?: unknown } | string | null
    const message = typeof data === 'string' ? data : typeof data?.message === 'string' ? data.message : undefined
    const detail = typeof data === 'object' && isMessage(data?.message) ? data.message : undefined
    return { statusCode: error.status || 500, statusMessage: error.statusText || undefined, message, ...(detail && { detail }) }
  }
  if (error instanceof Error) return { statusCode: 500, message: error.message, stack: error.stack }
  return { statusCode: 500 }
}
