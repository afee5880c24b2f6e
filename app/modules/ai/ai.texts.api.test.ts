import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { insertPlace, manager, storeRoute } from '#app/modules/walks/walks.test-fixtures.ts'
import { addMember, createUser } from '#tests/setup/factories.ts'
import { createTestApi, useTestApi, type TestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import {
  closedPort,
  draftedTexts,
  insertSecret,
  PROVIDER_KEY,
  PROVIDER_MODEL,
  startFakeProvider,
  walkTables,
  type FakeProvider,
  type ProviderBehaviour,
} from './ai.test-fixtures.ts'

// GET /ai/status and POST /ai/draft-texts against a real local chat completions server.

const BAD_ANSWER = 'The outside service is not available right now. Please try again in a moment.'

describe.each(testDialects)('AI text drafting API on %s', (dialect) => {
  // `t` has no AI settings; `ai()` is the same database behind an API configured for the provider.
  const { t, testDb } = useTestApi(dialect)
  let provider: FakeProvider

  beforeAll(async () => {
    provider = await startFakeProvider()
  })
  afterAll(async () => {
    await provider.close()
  })
  beforeEach(() => {
    provider.requests.length = 0
    provider.behave({ kind: 'answer', content: JSON.stringify(draftedTexts()) })
  })

  const ai = (overrides: Record<string, string> = {}) =>
    createTestApi(testDb, { AI_BASE_URL: provider.baseUrl, AI_API_KEY: PROVIDER_KEY, AI_MODEL: PROVIDER_MODEL, ...overrides })

  /** A route through three places (one with secrets) that already has a French subtitle. */
  async function scene(api: TestApi) {
    const owner = await manager(api)
    const category = owner.category.id
    const gare = await insertPlace(testDb.db, category, { name: 'Gare' })
    const flon = await insertPlace(testDb.db, category, { name: 'Flon' })
    const cathedrale = await insertPlace(testDb.db, category, { name: 'Cathédrale' })
    await insertSecret(testDb.db, gare, 'Horloge', 'L’horloge avance de deux minutes.', '2026-01-01T10:00:00.000Z')
    await insertSecret(testDb.db, gare, 'Quai 7', 'Il n’y a pas de quai 7.', '2026-01-02T10:00:00.000Z')
    const route = await storeRoute(api, owner.token, category, { name: 'Tour du lac', locale: 'fr' })
    const saved = await api.call('PUT', '/routes/update', {
      token: owner.token,
      body: { uuid: route.uuid, places: [{ id: cathedrale }, { id: gare }, { id: flon }], translations: { fr: { subtitle: 'Au bord du lac' } } },
    })
    expect(saved.status, JSON.stringify(saved.json)).toBe(200)
    return { owner, route: saved.json.data }
  }

  const draftTexts = (api: TestApi, token: string | undefined, body: unknown) => api.callOffContract('POST', '/ai/draft-texts', { token, body })

  it('drafts the four languages from the route, its places in order and their secrets, and writes nothing', async () => {
    const api = ai()
    const { owner, route } = await scene(api)
    const before = await walkTables(testDb.db)
    const res = await draftTexts(api, owner.token, { route_uuid: route.uuid })
    expect(res.status, JSON.stringify(res.json)).toBe(200)
    expect(res.json).toEqual({ data: { translations: draftedTexts() } })
    expect(await walkTables(testDb.db)).toEqual(before)

    expect(provider.requests).toHaveLength(1)
    const sent = provider.requests[0].body
    expect(sent).toMatchObject({ model: PROVIDER_MODEL, temperature: 0.7, response_format: { type: 'json_object' } })
    expect(sent.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user'])
    expect(sent.messages[0].content).toMatch(/JSON/)
    const user: string = sent.messages[1].content
    const data = JSON.parse(user.slice(user.indexOf('{')))
    expect(data.places).toEqual([
      { order: 1, name: 'Cathédrale', secrets: [] },
      { order: 2, name: 'Gare', secrets: [{ title: 'Horloge', text: 'L’horloge avance de deux minutes.' }, { title: 'Quai 7', text: 'Il n’y a pas de quai 7.' }] },
      { order: 3, name: 'Flon', secrets: [] },
    ])
    expect(data.current_texts).toEqual({ fr: { name: 'Tour du lac', subtitle: 'Au bord du lac' } })
  })

  it('trims the texts, drops keys it did not ask for, and reads JSON wrapped in a Markdown fence', async () => {
    const api = ai()
    const { owner, route } = await scene(api)
    const texts = draftedTexts({ es: { name: 'Ruta' } }) as Record<string, Record<string, string>>
    texts.de = { ...texts.de, name: '  Rundgang am See  ', mood: 'sunny' }
    provider.behave({ kind: 'answer', content: '```json\n' + JSON.stringify(texts) + '\n```' })
    const res = await draftTexts(api, owner.token, { route_uuid: route.uuid })
    expect(res.status).toBe(200)
    expect(Object.keys(res.json.data.translations).sort()).toEqual(['de', 'en', 'fr', 'it'])
    expect(res.json.data.translations.de).toEqual({ ...draftedTexts().de, name: 'Rundgang am See' })
  })

  it('lets an editor of the category draft', async () => {
    const api = ai()
    const { owner, route } = await scene(api)
    const editor = await createUser(api.services)
    await addMember(api.services, owner.category.id, editor.user, 'editor')
    const res = await draftTexts(api, editor.token, { route_uuid: route.uuid })
    expect(res.status).toBe(200)
  })

  it('limits drafting per user (RATE_LIMIT_AI, issue 12 item 8): then 429 with Retry-After, and the provider is not called', async () => {
    const api = ai({ RATE_LIMIT_AI: '2/3600' })
    const { owner, route } = await scene(api)
    for (let i = 0; i < 2; i++) expect((await draftTexts(api, owner.token, { route_uuid: route.uuid })).status).toBe(200)
    const refused = await draftTexts(api, owner.token, { route_uuid: route.uuid })
    expect(refused.status).toBe(429)
    expect(refused.json).toEqual({ message: 'Too many attempts. Please try again later.' })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(provider.requests).toHaveLength(2)
    // Another user (an editor of the same category) has a limit of their own.
    const editor = await createUser(api.services)
    await addMember(api.services, owner.category.id, editor.user, 'editor')
    expect((await draftTexts(api, editor.token, { route_uuid: route.uuid })).status).toBe(200)
    expect(provider.requests).toHaveLength(3)
  })

  const failures: [string, ProviderBehaviour, number, string][] = [
    ['an error status', { kind: 'status', status: 500 }, 502, BAD_ANSWER],
    ['a refused key', { kind: 'status', status: 401, body: '{"error":{"message":"Incorrect API key"}}' }, 502, BAD_ANSWER],
    ['content that is not JSON', { kind: 'answer', content: 'Sure! Here are your texts: a lovely walk.' }, 502, BAD_ANSWER],
    ['a missing language', { kind: 'answer', content: JSON.stringify({ ...draftedTexts(), it: undefined }) }, 502, BAD_ANSWER],
    ['a missing field', { kind: 'answer', content: JSON.stringify(draftedTexts({ en: { name: 'Lake tour' } })) }, 502, BAD_ANSWER],
    ['a blank name', { kind: 'answer', content: JSON.stringify(draftedTexts({ fr: { ...draftedTexts().fr, name: '  ' } })) }, 502, BAD_ANSWER],
    ['a name too long', { kind: 'answer', content: JSON.stringify(draftedTexts({ fr: { ...draftedTexts().fr, name: 'x'.repeat(121) } })) }, 502, BAD_ANSWER],
    ['a text that is not a string', { kind: 'answer', content: JSON.stringify(draftedTexts({ it: { ...draftedTexts().it, subtitle: 42 } })) }, 502, BAD_ANSWER],
    ['a JSON array', { kind: 'answer', content: '[]' }, 502, BAD_ANSWER],
    ['a body that is not JSON', { kind: 'raw', body: '<html>Bad gateway</html>' }, 502, BAD_ANSWER],
    ['JSON that is not a chat completion', { kind: 'raw', body: '{"choices":[]}', contentType: 'application/json' }, 502, BAD_ANSWER],
  ]

  it.each(failures)('answers %s from the provider with %i and leaves the route unchanged', async (_case, behaviour, status, message) => {
    const api = ai()
    const { owner, route } = await scene(api)
    const before = await walkTables(testDb.db)
    provider.behave(behaviour)
    const res = await draftTexts(api, owner.token, { route_uuid: route.uuid })
    expect(res.status).toBe(status)
    expect(res.json).toEqual({ message })
    expect(provider.requests).toHaveLength(1)
    expect(await walkTables(testDb.db)).toEqual(before)
  })

  it('answers 502 when the provider is slower than AI_TIMEOUT_MS, and leaves the route unchanged', async () => {
    const api = ai({ AI_TIMEOUT_MS: '200' })
    const { owner, route } = await scene(api)
    const before = await walkTables(testDb.db)
    provider.behave({ kind: 'slow', delayMs: 3_000, content: JSON.stringify(draftedTexts()) })
    const started = Date.now()
    const res = await draftTexts(api, owner.token, { route_uuid: route.uuid })
    expect(res.status).toBe(502)
    expect(res.json).toEqual({ message: BAD_ANSWER })
    expect(Date.now() - started).toBeLessThan(2_500)
    expect(await walkTables(testDb.db)).toEqual(before)
  })

  it('answers 502 when nothing listens at AI_BASE_URL', async () => {
    const api = ai({ AI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` })
    const { owner, route } = await scene(api)
    const before = await walkTables(testDb.db)
    const res = await draftTexts(api, owner.token, { route_uuid: route.uuid })
    expect(res.status).toBe(502)
    expect(res.json).toEqual({ message: BAD_ANSWER })
    expect(await walkTables(testDb.db)).toEqual(before)
  })

  it('answers 503 with what to set when text drafting is not configured, and leaves the route unchanged', async () => {
    const { owner, route } = await scene(t)
    const before = await walkTables(testDb.db)
    const res = await draftTexts(t, owner.token, { route_uuid: route.uuid })
    expect(res.status).toBe(503)
    expect(res.json).toEqual({ message: 'Text drafting is not configured: set AI_BASE_URL, AI_API_KEY and AI_MODEL.' })
    expect(provider.requests).toHaveLength(0)
    expect(await walkTables(testDb.db)).toEqual(before)
  })

  it.each([
    ['a missing uuid', {}, 'route_uuid', 'The route uuid field is required.'],
    ['a blank uuid', { route_uuid: '  ' }, 'route_uuid', 'The route uuid field is required.'],
    ['a uuid as a number', { route_uuid: 42 }, 'route_uuid', 'The route uuid field must be a string.'],
    ['an extra field', { route_uuid: 'x', save: true }, 'save', 'The save field is not allowed.'],
  ])('refuses %s with 422 without asking the provider', async (_case, body, field, message) => {
    const api = ai()
    const { token } = await createUser(api.services)
    const res = await draftTexts(api, token, body)
    expect(res.status).toBe(422)
    expect(res.json.errors[field]).toEqual([message])
    expect(provider.requests).toHaveLength(0)
  })

  it('answers 401 to a guest, 404 to a member of another category or for an unknown route, without asking the provider', async () => {
    const api = ai()
    const { route } = await scene(api)
    const before = await walkTables(testDb.db)
    const guest = await draftTexts(api, undefined, { route_uuid: route.uuid })
    expect(guest.status).toBe(401)
    expect(guest.json).toEqual({ message: 'Unauthenticated.' })
    const stranger = await manager(api)
    const other = await draftTexts(api, stranger.token, { route_uuid: route.uuid })
    expect(other.status).toBe(404)
    expect(other.json).toEqual({ message: 'Not found.' })
    const unknown = await draftTexts(api, stranger.token, { route_uuid: '00000000-0000-4000-8000-000000000000' })
    expect(unknown.status).toBe(404)
    // Unconfigured too, another tenant's route is simply not found.
    expect((await draftTexts(t, stranger.token, { route_uuid: route.uuid })).status).toBe(404)
    expect(provider.requests).toHaveLength(0)
    expect(await walkTables(testDb.db)).toEqual(before)
  })
})
