import { describe, expect, it } from 'vitest'
import { translate } from '#app/i18n/i18n.server.ts'
import { createCategory, createUser } from '#tests/setup/factories.ts'
import { createTestApi, useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'

// API errors answer in the caller's language: ?locale=, then the app's
// language cookie, then Accept-Language, then the signed-in user's language, else English.
describe.each(testDialects)("API errors in the caller's language on %s", (dialect) => {
  const { t, testDb } = useTestApi(dialect)

  async function frenchManagerRoute() {
    const { user, token } = await createUser(t.services, { locale: 'fr' })
    const category = await createCategory(t.services, user)
    const route = await t.call('POST', '/routes/store', { token, body: { name: 'Tour', place_category_id: category.id } })
    return { token, uuid: route.json.data.uuid as string }
  }

  it('answers a French manager in French: validation, field errors, not found', async () => {
    const { token, uuid } = await frenchManagerRoute()
    const bad = await t.callOffContract('PUT', '/routes/update', { token, body: { uuid, name: ' ', color: 'red' } })
    expect(bad.status).toBe(422)
    expect(bad.json.message).toBe('Le champ name est obligatoire.')
    expect(bad.json.errors.name).toEqual(['Le champ name est obligatoire.'])
    expect(bad.json.errors.color[0]).toMatch(/^Le champ color /)
    const missing = await t.call('GET', '/routes/00000000-0000-4000-8000-000000000000/get-route', { token })
    expect(missing).toMatchObject({ status: 404, json: { message: 'Introuvable.' } })
    const unknownPath = await t.callOffContract('GET', '/nothing-here', { token })
    expect(unknownPath.json).toEqual({ message: 'Introuvable.' })
  })

  it('takes ?locale=, then the app’s language cookie, then Accept-Language, over the user’s language', async () => {
    const { token, uuid } = await frenchManagerRoute()
    const ask = (path: '/routes/update' | `/routes/update?${string}`, headers: Record<string, string> = {}) => t.call('PUT', path, { token, headers, body: { uuid, name: '' } })
    expect((await ask('/routes/update?locale=it', { 'Accept-Language': 'de' })).json.message).toBe('Il campo name è obbligatorio.')
    expect((await ask('/routes/update', { Cookie: 'i18n_redirected=de', 'Accept-Language': 'it' })).json.message).toBe('Das Feld name ist erforderlich.')
    expect((await ask('/routes/update', { 'Accept-Language': 'it-CH, en;q=0.5' })).json.message).toBe('Il campo name è obbligatorio.')
    expect((await ask('/routes/update', { 'Accept-Language': 'es' })).json.message).toBe('Le champ name est obligatoire.')
  })

  it('answers a guest in the language it asks, English by default; the session signal stays the protocol’s', async () => {
    const unauthenticated = await t.call('GET', '/auth/user', { headers: { 'Accept-Language': 'fr' } })
    expect(unauthenticated).toMatchObject({ status: 401, json: { message: 'Unauthenticated.' } })
    const tooLarge = await t.call('PUT', '/auth/user', { headers: { 'Accept-Language': 'de', 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }) })
    expect(tooLarge).toMatchObject({ status: 413, json: { message: 'Die Anfrage ist zu groß.' } })
    const english = await t.call('POST', '/auth/reset-password', { body: { email: 'nope' } })
    expect(english.json.message).toBe('The email field must be a valid email address.')
  })

  it('answers limits and confirmations in that language too', async () => {
    const limited = createTestApi(testDb, { RATE_LIMIT_RESET: '1/900' })
    const headers = { 'Accept-Language': 'fr' }
    const sent = await limited.call('POST', '/auth/reset-password', { headers, body: { email: 'someone@example.org' } })
    expect(sent.json.data.message).toBe(translate('fr', { key: 'auth.reset_sent' }))
    expect(sent.json.data.message).not.toBe(translate('en', { key: 'auth.reset_sent' }))
    const again = await limited.call('POST', '/auth/reset-password', { headers, body: { email: 'someone@example.org' } })
    expect(again).toMatchObject({ status: 429, json: { message: translate('fr', { key: 'errors.too_many_requests' }) } })
  })
})
