import i18next from 'i18next'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearToasts, getToasts } from '#app/components/shell/toast-store.ts'
import en from '../../locales/en/translation.json' with { type: 'json' }
import { apiErrorMessage, apiRequest, ApiError, isSessionEnded, isSessionEnding, loginPathFor, onSessionEnd, setNavigator } from './api-client.ts'

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })

/** A fetch that answers from a script of responses and records the calls. */
function scriptedFetch(...responses: (Response | Error)[]) {
  const calls: { url: string; method: string }[] = []
  const fn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), method: init?.method ?? 'GET' })
    const next = responses.shift()
    if (!next) return json(200, { data: 'fallback' })
    if (next instanceof Error) throw next
    return next
  })
  return { fetch: fn as unknown as typeof fetch, calls }
}

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en } } })
})
beforeEach(() => clearToasts())

describe('apiRequest', () => {
  it('answers the data of the envelope', async () => {
    const { fetch } = scriptedFetch(json(200, { data: { id: 1 } }))
    expect(await apiRequest('/auth/user', { fetch })).toEqual({ id: 1 })
  })

  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries an idempotent request after %i', async (status) => {
    const { fetch, calls } = scriptedFetch(json(status, { message: 'busy' }), json(200, { data: 'ok' }))
    expect(await apiRequest('/auth/user', { fetch, backoffMs: 1 })).toBe('ok')
    expect(calls).toHaveLength(2)
  })

  it('gives up after the last retry and reports the error', async () => {
    const { fetch, calls } = scriptedFetch(...Array.from({ length: 4 }, () => json(503, { message: 'down' })))
    await expect(apiRequest('/auth/user', { fetch, backoffMs: 1, retries: 3 })).rejects.toMatchObject({ status: 503, message: 'down' })
    expect(calls).toHaveLength(4)
  })

  it('never repeats a POST, and does not retry a 4xx it cannot fix', async () => {
    const post = scriptedFetch(json(503, { message: 'down' }))
    await expect(apiRequest('/routes/store', { method: 'POST', body: { name: 'Lakeside', place_category_id: 1 }, fetch: post.fetch, backoffMs: 1 })).rejects.toBeInstanceOf(ApiError)
    expect(post.calls).toHaveLength(1)
    const invalid = scriptedFetch(json(422, { message: 'The name field is required.', errors: { name: ['The name field is required.'] } }))
    await expect(apiRequest('/routes/update', { method: 'PUT', body: { uuid: 'r1' }, fetch: invalid.fetch })).rejects.toMatchObject({
      status: 422,
      errors: { name: ['The name field is required.'] },
    })
    expect(invalid.calls).toHaveLength(1)
  })

  it('waits longer before each retry (exponential backoff), or as long as Retry-After says', async () => {
    const delays: number[] = []
    const timer = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((run: () => void, ms?: number) => {
      delays.push(ms ?? 0)
      run()
      return 0
    }) as never)
    try {
      const busy = scriptedFetch(json(503, {}), json(502, {}), json(500, {}), json(200, { data: 'ok' }))
      expect(await apiRequest('/auth/user', { fetch: busy.fetch, backoffMs: 100 })).toBe('ok')
      expect(delays).toEqual([100, 200, 400])
      delays.length = 0
      const limited = scriptedFetch(json(429, {}, { 'Retry-After': '2' }), json(200, { data: 'ok' }))
      expect(await apiRequest('/auth/user', { fetch: limited.fetch, backoffMs: 100 })).toBe('ok')
      expect(delays).toEqual([2000])
    } finally {
      timer.mockRestore()
    }
  })

  it('retries a network failure of an idempotent request', async () => {
    const { fetch, calls } = scriptedFetch(new TypeError('fetch failed'), json(200, { data: 'ok' }))
    expect(await apiRequest('/auth/user', { fetch, backoffMs: 1 })).toBe('ok')
    expect(calls).toHaveLength(2)
  })

  it('on 401 Unauthenticated. tells the user, logs out and opens the login page', async () => {
    const navigate = vi.fn()
    setNavigator(navigate)
    const { fetch, calls } = scriptedFetch(json(401, { message: 'Unauthenticated.' }), json(200, { data: {} }))
    await expect(apiRequest('/auth/user', { fetch })).rejects.toMatchObject({ status: 401 })
    expect(getToasts().map((t) => t.title)).toEqual(['Session expired, please login again'])
    expect(calls[1]).toEqual({ url: '/api/auth/logout', method: 'POST' })
    expect(navigate).toHaveBeenCalledWith('/auth/login')
  })

  it('ends the session once when requests fail together, keeps editors’ work first, and signs in back to the page', async () => {
    const navigate = vi.fn(async () => undefined)
    setNavigator(navigate)
    const kept: string[] = []
    const stop = onSessionEnd(() => kept.push('kept'))
    const { fetch } = scriptedFetch(json(401, { message: 'Unauthenticated.' }), json(401, { message: 'Unauthenticated.' }), json(200, { data: {} }))
    const results = await Promise.allSettled([apiRequest('/routes/update', { method: 'PUT', body: { uuid: 'r1' }, fetch }), apiRequest('/directions', { method: 'POST', body: { coordinates: [] }, fetch })])
    stop()
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
    expect(results.every((r) => r.status === 'rejected' && isSessionEnded(r.reason))).toBe(true)
    expect(getToasts().map((t) => t.title)).toEqual(['Session expired, please login again'])
    expect(kept).toEqual(['kept'])
    expect(navigate).toHaveBeenCalledTimes(1)
    expect(isSessionEnding()).toBe(false)
  })

  it('says nothing more for a request of the ended session answered after the sign-in page is shown; a later session ends again', async () => {
    const navigate = vi.fn(async () => undefined)
    setNavigator(navigate)
    let answerLate: (response: Response) => void = () => {}
    const late = new Promise<Response>((resolve) => (answerLate = resolve))
    const slow = (async () => late) as unknown as typeof fetch
    const pending = apiRequest('/routes/update', { method: 'PUT', body: { uuid: 'r1' }, fetch: slow })
    const { fetch } = scriptedFetch(json(401, { message: 'Unauthenticated.' }), json(200, { data: {} }))
    await expect(apiRequest('/auth/user', { fetch })).rejects.toMatchObject({ status: 401 })
    expect(isSessionEnding()).toBe(false)
    // The slow request's 401 comes once the sign-in page is shown: no second notice, no second navigation.
    answerLate(json(401, { message: 'Unauthenticated.' }))
    await expect(pending).rejects.toMatchObject({ status: 401 })
    expect(getToasts().map((t) => t.title)).toEqual(['Session expired, please login again'])
    expect(navigate).toHaveBeenCalledTimes(1)
    // Signed in again, a session that ends later is told again.
    const again = scriptedFetch(json(401, { message: 'Unauthenticated.' }), json(200, { data: {} }))
    await expect(apiRequest('/auth/user', { fetch: again.fetch })).rejects.toMatchObject({ status: 401 })
    expect(navigate).toHaveBeenCalledTimes(2)
  })

  it('the sign-in address comes back to the page the session ended on, in its language', () => {
    expect(loginPathFor({ pathname: '/fr/landing', search: '?category=1&route=a' }, 'en')).toBe('/fr/auth/login?redirectTo=%2Flanding%3Fcategory%3D1%26route%3Da')
    expect(loginPathFor({ pathname: '/map', search: '' }, 'en')).toBe('/auth/login?redirectTo=%2Fmap')
    expect(loginPathFor({ pathname: '/de/auth/login', search: '' }, 'en')).toBe('/de/auth/login')
    expect(loginPathFor(null, 'it')).toBe('/it/auth/login')
  })
})

describe('apiErrorMessage', () => {
  it('says what the API said (in the user’s language): every field message of a 422, else the message', async () => {
    const { fetch } = scriptedFetch(json(422, { message: 'Le champ name est obligatoire.', errors: { name: ['Le champ name est obligatoire.'], color: ['Le champ color est invalide.'] } }))
    const error = await apiRequest('/routes/update', { method: 'PUT', body: { uuid: 'r1' }, fetch }).catch((e: unknown) => e)
    expect(apiErrorMessage(error, 'Could not save')).toBe('Le champ name est obligatoire. Le champ color est invalide.')
    expect(apiErrorMessage(new ApiError(404, 'Introuvable.'), 'Could not save')).toBe('Introuvable.')
    expect(apiErrorMessage(new ApiError(504, 'Le fournisseur n’a pas répondu à temps.'), 'x')).toBe('Le fournisseur n’a pas répondu à temps.')
  })

  it('falls back to the screen’s own words when the API said nothing usable', async () => {
    const { fetch } = scriptedFetch(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }))
    const proxy = await apiRequest('/routes/store', { method: 'POST', body: { name: 'Lakeside', place_category_id: 1 }, fetch }).catch((e: unknown) => e)
    expect(apiErrorMessage(proxy, 'Could not save')).toBe('Could not save')
    expect(apiErrorMessage(new ApiError(500, 'Server error. Please try again.'), 'Could not save')).toBe('Could not save')
    expect(apiErrorMessage(new TypeError('Failed to fetch'), 'Could not save')).toBe('Could not save')
    expect(apiErrorMessage(new ApiError(0, 'network', undefined, false), 'Could not save')).toBe('Could not save')
  })

  it('shows the session notice for a 401, not the protocol’s English word', () => {
    expect(apiErrorMessage(new ApiError(401, 'Unauthenticated.'), 'x')).toBe(en.auth.sessionExpired)
  })
})
