import i18next from 'i18next'
import type { NavigateFunction } from 'react-router'
import { addToast } from '#app/components/shell/toast-store.ts'
import { localizePath, isLocale, defaultLocale } from '#app/i18n/config.ts'

/** Statuses worth another try (spec section 7): the server or the network may recover. */
export const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504])
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'])

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

let navigate: NavigateFunction | null = null
/** The app registers its router's navigate so a dead session can send the user to login. */
export function setNavigator(fn: NavigateFunction) {
  navigate = fn
}

export interface ApiRequestOptions {
  method?: string
  body?: unknown
  retries?: number
  /** Base delay of the exponential backoff, in ms. */
  backoffMs?: number
  fetch?: typeof fetch
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Calls the API with the session cookie. Idempotent requests are retried with backoff on
 * the spec's statuses; a 401 `Unauthenticated.` ends the session (spec section 8).
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, retries = 3, backoffMs = 300, fetch: fetchImpl = fetch } = options
  const canRetry = IDEMPOTENT.has(method.toUpperCase())
  for (let attempt = 0; ; attempt++) {
    let response: Response
    try {
      response = await fetchImpl(`/api${path}`, {
        method,
        credentials: 'same-origin',
        headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    } catch (error) {
      if (canRetry && attempt < retries) {
        await sleep(backoffMs * 2 ** attempt)
        continue
      }
      throw error
    }
    if (canRetry && attempt < retries && RETRY_STATUSES.has(response.status)) {
      const retryAfter = Number(response.headers.get('Retry-After'))
      await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter * 1000, 10_000) : backoffMs * 2 ** attempt)
      continue
    }
    const payload = (await response.json().catch(() => ({}))) as { data?: T; message?: string; errors?: Record<string, string[]> }
    if (response.ok) return payload.data as T
    if (response.status === 401 && payload.message === 'Unauthenticated.') await endExpiredSession(fetchImpl)
    throw new ApiError(response.status, payload.message ?? response.statusText, payload.errors)
  }
}

/** "Session expired, please login again", then the logout: cookie cleared, login page shown. */
async function endExpiredSession(fetchImpl: typeof fetch) {
  addToast({ title: i18next.t('auth.sessionExpired'), timeout: 8000 })
  await fetchImpl('/api/auth/logout', { method: 'POST', credentials: 'same-origin' }).catch(() => undefined)
  const locale = isLocale(i18next.language) ? i18next.language : defaultLocale
  const loginPath = localizePath('/auth/login', locale)
  if (navigate) await navigate(loginPath)
  else if (typeof window !== 'undefined') window.location.assign(loginPath)
}
