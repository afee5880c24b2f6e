import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { manager, storeRoute } from '#app/modules/walks/walks.test-fixtures.ts'
import { createUser } from '#tests/setup/factories.ts'
import { createTestApi, useTestApi, type TestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { PROVIDER_KEY, PROVIDER_MODEL, startFakeProvider, walkTables, type FakeProvider } from './ai.test-fixtures.ts'

// POST /ai/translate-texts (ADR 043): a draft of a route's texts in a content language, from the
// category's fallback, against a real local chat completions server. Nothing is written.

const spanish = { name: 'Vuelta al lago', subtitle: 'A orillas del lago', description: 'Un paseo tranquilo.' }

describe.each(testDialects)('AI translation drafts on %s', (dialect) => {
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
    provider.behave({ kind: 'answer', content: JSON.stringify(spanish) })
  })

  const ai = () => createTestApi(testDb, { AI_BASE_URL: provider.baseUrl, AI_API_KEY: PROVIDER_KEY, AI_MODEL: PROVIDER_MODEL })

  async function scene(api: TestApi) {
    const owner = await manager(api, { fallback_locale: 'fr' })
    await api.call('PUT', `/place-categories/${owner.category.id}`, { token: owner.token, body: { content_locales: ['es', 'ar'] } })
    const route = await storeRoute(api, owner.token, owner.category.id, { name: 'Tour du lac', locale: 'fr' })
    await api.call('PUT', '/routes/update', { token: owner.token, body: { uuid: route.uuid, translations: { fr: { subtitle: 'Au bord du lac', description: 'Une balade tranquille.' } } } })
    return { owner, route }
  }

  const translate = (api: TestApi, token: string | undefined, body: unknown, headers: Record<string, string> = {}) => api.callOffContract('POST', '/ai/translate-texts', { token, body, headers })

  it('drafts the fallback language’s texts in a content language, sends only those, and writes nothing', async () => {
    const api = ai()
    const { owner, route } = await scene(api)
    const before = await walkTables(testDb.db)
    const res = await translate(api, owner.token, { route_uuid: route.uuid, locale: 'es' })
    expect(res.status, JSON.stringify(res.json)).toBe(200)
    expect(res.json).toEqual({ data: { from: 'fr', locale: 'es', texts: spanish } })
    expect(await walkTables(testDb.db)).toEqual(before)
    const sent = provider.requests[0].body
    expect(sent.messages[0].content).toContain('from French (fr) into Spanish (es)')
    const user: string = sent.messages[1].content
    expect(JSON.parse(user.slice(user.indexOf('{')))).toEqual({ name: 'Tour du lac', subtitle: 'Au bord du lac', description: 'Une balade tranquille.' })
  })

  it('refuses a language the category does not offer, its fallback, a non-tag (translated 422); another tenant gets 404', async () => {
    const api = ai()
    const { owner, route } = await scene(api)
    const offered = await translate(api, owner.token, { route_uuid: route.uuid, locale: 'ja' })
    expect(offered.status).toBe(422)
    expect(offered.json.errors.locale).toEqual(['This category does not offer this content language. Add it in the category’s languages first.'])
    const itself = await translate(api, owner.token, { route_uuid: route.uuid, locale: 'fr' }, { 'Accept-Language': 'de' })
    expect(itself.status).toBe(422)
    expect(itself.json.errors.locale).toEqual(['Das ist die Ausweichsprache der Kategorie: Die Texte werden aus ihr übersetzt, nicht in sie.'])
    expect((await translate(api, owner.token, { route_uuid: route.uuid, locale: 'not a tag' })).status).toBe(422)
    const stranger = await createUser(api.services)
    expect((await translate(api, stranger.token, { route_uuid: route.uuid, locale: 'es' })).status).toBe(404)
    expect(provider.requests).toHaveLength(0)
  })

  it('an answer without every field is refused (502), never shown', async () => {
    const api = ai()
    const { owner, route } = await scene(api)
    provider.behave({ kind: 'answer', content: JSON.stringify({ name: 'Vuelta al lago' }) })
    expect((await translate(api, owner.token, { route_uuid: route.uuid, locale: 'es' })).status).toBe(502)
  })

  it('says so when no provider is configured (503)', async () => {
    const { owner, route } = await scene(t)
    expect((await translate(t, owner.token, { route_uuid: route.uuid, locale: 'ar' })).status).toBe(503)
  })
})
