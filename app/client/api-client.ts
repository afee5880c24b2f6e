import i18next from 'i18next'
import type { NavigateFunction } from 'react-router'
import { addToast } from '#app/components/shell/toast-store.ts'
import { localizePath, isLocale, defaultLocale, splitLocalePath } from '#app/i18n/config.ts'
import type { ApiBody, ApiData, ApiMethod, ApiPath } from './api-contract.ts'

/** Statuses worth another try (docs/spec.md §7): the server or the network may recover. */
const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504])
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'])

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Whether `message` is the API's envelope (in the user's language) rather than a status text or a network error. */
    readonly fromApi = true,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/**
 * The one way a screen tells the user why an API call failed, in their language: the API's own
 * words (it answers in the language of the app's pages), every field message of a 422, the
 * session notice for a 401; `fallback` (the screen's own "could not …") when the API said
 * nothing the user can use: a network failure, a server error, a proxy's page.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || !error.fromApi || error.status === 0) return fallback
  if (error.status === 401) return i18next.t('auth.sessionExpired')
  if (error.status === 500) return fallback
  const fields = [...new Set(Object.values(error.errors ?? {}).flat())]
  return fields.length > 0 ? fields.join(' ') : error.message || fallback
}

let navigate: NavigateFunction | null = null
/** The app registers its router's navigate so a dead session can send the user to login. */
export function setNavigator(fn: NavigateFunction) {
  navigate = fn
}

interface TransportOptions {
  retries?: number
  /** Base delay of the exponential backoff, in ms. */
  backoffMs?: number
  fetch?: typeof fetch
}

/** The method (GET when left out) and the JSON body, both typed by the endpoint (api-contract.ts). */
type ApiRequestOptions<P extends string, M extends ApiMethod> = TransportOptions & { method?: M; body?: ApiBody<P, M> }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Calls the API with the session cookie. Idempotent requests are retried with backoff on
 * the spec's statuses; a 401 `Unauthenticated.` ends the session (docs/spec.md §8).
 */
export function apiRequest<P extends ApiPath<M>, M extends ApiMethod = 'GET'>(path: P, options?: ApiRequestOptions<P, M>): Promise<ApiData<P, M>>
export async function apiRequest(path: string, options: TransportOptions & { method?: ApiMethod; body?: unknown } = {}): Promise<unknown> {
  const { method = 'GET', body, retries = 3, backoffMs = 300, fetch: fetchImpl = fetch } = options
  const canRetry = IDEMPOTENT.has(method.toUpperCase())
  const session = sessionEpoch
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
    const payload = (await response.json().catch(() => ({}))) as { data?: unknown; message?: string; errors?: Record<string, string[]> }
    if (response.ok) return payload.data
    if (response.status === 401 && payload.message === 'Unauthenticated.') await endExpiredSession(fetchImpl, session)
    throw new ApiError(response.status, payload.message ?? response.statusText, payload.errors, payload.message !== undefined)
  }
}

/** True for the error of a request the server refused because the session is gone. */
export const isSessionEnded = (error: unknown) => error instanceof ApiError && error.status === 401

const sessionEndListeners = new Set<() => void>()
/**
 * Runs `listener` when the session ends, before the app leaves for the sign-in page: an editor
 * keeps its unsaved work there (kept-work.ts). Returns the unsubscribe.
 */
export function onSessionEnd(listener: () => void): () => void {
  sessionEndListeners.add(listener)
  return () => sessionEndListeners.delete(listener)
}

let ending: Promise<void> | null = null
/** Counts the sessions ended on this page: a request sent before the last end says nothing new. */
let sessionEpoch = 0
/** While the app leaves for the sign-in page: the unsaved-changes guards must let it go. */
export const isSessionEnding = () => ending !== null

/** On the sign-in pages a request refused for want of a session ends nothing (the page left said so). */
const onSignInPages = () => typeof window !== 'undefined' && splitLocalePath(window.location.pathname).path.startsWith('/auth/')

/** The sign-in page, coming back to `location` (the page the session ended on) afterwards. */
export function loginPathFor(location: { pathname: string; search: string } | null, fallback: string): string {
  const { locale, path } = location ? splitLocalePath(location.pathname) : { locale: null, path: '' }
  const lang = locale ?? (isLocale(fallback) ? fallback : defaultLocale)
  const back = location && !path.startsWith('/auth/') ? `?redirectTo=${encodeURIComponent(path + location.search)}` : ''
  return localizePath(`/auth/login${back}`, lang)
}

/**
 * "Session expired, please login again", then the logout: cookie cleared, login page shown with
 * the way back. Requests failing together end the session once (one notice, one navigation),
 * also one whose answer comes after the sign-in page is shown (sent in the ended session, or by
 * the page being left while the sign-in page loads).
 */
function endExpiredSession(fetchImpl: typeof fetch, epochOfRequest: number): Promise<void> {
  if (epochOfRequest !== sessionEpoch || onSignInPages()) return ending ?? Promise.resolve()
  ending ??= (async () => {
    sessionEpoch++
    for (const listener of sessionEndListeners) {
      try {
        listener()
      } catch {
        // one editor failing to keep its work must not stop the others, nor the sign-out
      }
    }
    addToast({ title: i18next.t('auth.sessionExpired'), timeout: 8000 })
    await fetchImpl('/api/auth/logout', { method: 'POST', credentials: 'same-origin' }).catch(() => undefined)
    const loginPath = loginPathFor(typeof window === 'undefined' ? null : window.location, i18next.language)
    if (navigate) await navigate(loginPath)
    else if (typeof window !== 'undefined') window.location.assign(loginPath)
  })().finally(() => {
    ending = null
  })
  return ending
}
