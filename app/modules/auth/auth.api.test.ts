import { beforeEach, describe, expect, it } from 'vitest'
import { hashToken } from './tokens.server.ts'
import { createTestApi, hashPasswordsAtStandardCost, useTestApi, type OpenApiPaths } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'

const alice = { name: 'Alice Martin', email: 'alice@example.org', password: 'correct horse battery' }

describe.each(testDialects)('auth API on %s', (dialect) => {
  hashPasswordsAtStandardCost()
  const { t, testDb } = useTestApi(dialect)

  beforeEach(async () => {
    await testDb.db.deleteFrom('auth_tokens').execute()
    await testDb.db.deleteFrom('users').execute()
    await testDb.db.deleteFrom('rate_limits').execute()
  })

  const userCount = async () => Number((await testDb.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
  const register = async (body: object = alice) => {
    const res = await t.callOffContract('POST', '/auth/register', { body })
    expect(res.status).toBe(200)
    return res.json.data.access_token as string
  }

  describe('POST /auth/register', () => {
    it('creates the account and answers a session, in the body and as an HttpOnly cookie', async () => {
      const res = await t.call('POST', '/auth/register', { body: { ...alice, email: 'Alice@Example.org' } })
      expect(res.status).toBe(200)
      expect(res.json.data.token_type).toBe('Bearer')
      expect(res.json.data.access_token).toMatch(/^[\w-]{43}$/)
      const cookie = res.headers.get('set-cookie')!
      expect(cookie).toContain(`token=${res.json.data.access_token}`)
      expect(cookie).toMatch(/HttpOnly/)
      expect(cookie).toMatch(/SameSite=Lax/)
      const row = await testDb.db.selectFrom('users').selectAll().executeTakeFirstOrThrow()
      expect(row.email).toBe('alice@example.org')
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
      const token = await testDb.db.selectFrom('auth_tokens').selectAll().executeTakeFirstOrThrow()
      expect(token.token_hash).toBe(hashToken(res.json.data.access_token))
    })

    it.each([
      ['missing fields', {}, 'name', 'The name field is required.'],
      ['a blank name', { ...alice, name: '   ' }, 'name', 'The name field is required.'],
      ['a wrong type', { ...alice, name: 42 }, 'name', 'The name field must be a string.'],
      ['an invalid e-mail', { ...alice, email: 'alice-at-example' }, 'email', 'The email field must be a valid email address.'],
      ['a short password', { ...alice, password: 'short' }, 'password', 'The password field must be at least 8 characters.'],
      ['an unknown locale', { ...alice, locale: 'es' }, 'locale', 'The locale field must be one of: en, fr, de, it.'],
      ['an extra field', { ...alice, admin: true }, 'admin', 'The admin field is not allowed.'],
      ['a confirmation that differs', { ...alice, password_confirmation: 'something else' }, 'password_confirmation', 'The password confirmation does not match.'],
    ])('refuses %s with 422 and writes nothing', async (_case, body, field, message) => {
      const res = await t.callOffContract('POST', '/auth/register', { body })
      expect(res.status).toBe(422)
      expect(res.json.errors[field]).toContain(message)
      expect(res.json.message).toBe(Object.values(res.json.errors as Record<string, string[]>)[0][0])
      expect(await userCount()).toBe(0)
    })

    it('lists every missing field', async () => {
      const res = await t.callOffContract('POST', '/auth/register', { body: {} })
      expect(Object.keys(res.json.errors).sort()).toEqual(['email', 'name', 'password'])
    })

    it('refuses a duplicate e-mail, whatever its case', async () => {
      await register()
      const res = await t.call('POST', '/auth/register', { body: { ...alice, email: 'ALICE@example.org' } })
      expect(res.status).toBe(422)
      expect(res.json).toEqual({ message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } })
      expect(await userCount()).toBe(1)
    })

    // ADR 012: registration tells that an address is taken; the limit bounds how often.
    it('answers at most RATE_LIMIT_REGISTER attempts per client, taken addresses too: past it 429, which tells nothing', async () => {
      await register()
      const t = createTestApi(testDb, { RATE_LIMIT_REGISTER: '3/86400', TRUST_PROXY: 'on' })
      const from = (client: string, email: string) => t.call('POST', '/auth/register', { body: { ...alice, email }, headers: { 'X-Forwarded-For': client } })
      for (let i = 0; i < 3; i++) expect((await from('198.51.100.7', alice.email)).status).toBe(422)
      for (const email of [alice.email, 'free@example.org']) {
        const res = await from('198.51.100.7', email)
        expect(res.status).toBe(429)
        expect(res.json).toEqual({ message: 'Too many attempts. Please try again later.' })
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      }
      expect(await userCount()).toBe(1)
      expect((await from('198.51.100.8', alice.email)).status).toBe(422)
    })

    it('counts an IPv6 client per /64 network, for registration and sign-in alike: a new address of the network gains nothing', async () => {
      const t = createTestApi(testDb, { RATE_LIMIT_REGISTER: '3/86400', RATE_LIMIT_LOGIN: '3/86400', TRUST_PROXY: 'on' })
      const at = (host: number) => ({ 'X-Forwarded-For': `2001:db8:7:9::${host.toString(16)}` })
      for (let i = 1; i <= 3; i++) expect((await t.call('POST', '/auth/register', { body: { ...alice, email: `probe${i}@example.org` }, headers: at(i) })).status).toBe(200)
      expect((await t.call('POST', '/auth/register', { body: { ...alice, email: 'probe4@example.org' }, headers: at(4) })).status).toBe(429)
      for (let i = 10; i < 13; i++) expect((await t.call('POST', '/auth/login', { body: { email: alice.email, password: 'wrong password' }, headers: at(i) })).status).toBe(422)
      expect((await t.call('POST', '/auth/login', { body: { email: alice.email, password: 'wrong password' }, headers: at(13) })).status).toBe(429)
      // Another /64 is another client.
      const elsewhere = { 'X-Forwarded-For': '2001:db8:7:a::1' }
      expect((await t.call('POST', '/auth/register', { body: { ...alice, email: 'probe5@example.org' }, headers: elsewhere })).status).toBe(200)
    })

    it('answers 400 to malformed JSON, 415 to another body type and 413 to an oversized body', async () => {
      const malformed = await t.call('POST', '/auth/register', { body: '{"name": ', headers: { 'Content-Type': 'application/json' } })
      expect(malformed.status).toBe(400)
      expect(malformed.json).toEqual({ message: 'Malformed JSON in request body' })
      const form = await t.call('POST', '/auth/register', { body: 'name=a', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
      expect(form.status).toBe(415)
      expect(form.json.message).toBe('Send the request body as JSON.')
      const huge = await t.call('POST', '/auth/register', { body: { ...alice, name: 'x'.repeat(2 * 1024 * 1024) } })
      expect(huge.status).toBe(413)
      expect(huge.json.message).toBe('The request is too large.')
      expect(await userCount()).toBe(0)
    })
  })

  describe('POST /auth/login', () => {
    it('signs in with the right password', async () => {
      await register()
      const res = await t.call('POST', '/auth/login', { body: { email: 'ALICE@example.org', password: alice.password } })
      expect(res.status).toBe(200)
      expect(res.json.data).toEqual({ access_token: expect.any(String), token_type: 'Bearer' })
    })

    it('gives the same answer for a wrong password and an unknown address', async () => {
      await register()
      const wrong = await t.call('POST', '/auth/login', { body: { email: alice.email, password: 'wrong password' } })
      const unknown = await t.call('POST', '/auth/login', { body: { email: 'bob@example.org', password: 'wrong password' } })
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(422)
        expect(res.json).toEqual({
          message: 'These credentials do not match our records.',
          errors: { email: ['These credentials do not match our records.'] },
        })
      }
    })

    it('refuses missing fields and wrong types', async () => {
      const res = await t.callOffContract('POST', '/auth/login', { body: { email: ['a'] } })
      expect(res.status).toBe(422)
      expect(res.json.errors).toEqual({
        email: ['The email field must be a string.'],
        password: ['The password field is required.'],
      })
    })

    it('answers 429 with Retry-After past the limit', async () => {
      const t = createTestApi(testDb, { RATE_LIMIT_LOGIN: '3/60' })
      for (let i = 0; i < 3; i++) {
        expect((await t.call('POST', '/auth/login', { body: { email: alice.email, password: 'wrong password' } })).status).toBe(422)
      }
      const res = await t.call('POST', '/auth/login', { body: { email: alice.email, password: 'wrong password' } })
      expect(res.status).toBe(429)
      expect(res.json).toEqual({ message: 'Too many attempts. Please try again later.' })
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    })
  })

  describe('GET and PUT /auth/user', () => {
    it('answers the user by Bearer token or by cookie', async () => {
      const token = await register({ ...alice, locale: 'de' })
      const expected = { id: expect.any(Number), name: alice.name, email: alice.email, photo: { profile_avatar: null }, locale: 'de' }
      const bearer = await t.call('GET', '/auth/user', { token })
      expect(bearer.status).toBe(200)
      expect(bearer.json).toEqual({ data: expected })
      const cookie = await t.call('GET', '/auth/user', { headers: { Cookie: `token=${token}` } })
      expect(cookie.json).toEqual({ data: expected })
    })

    it('answers 401 Unauthenticated. without a token or with an unknown one', async () => {
      for (const res of [await t.call('GET', '/auth/user'), await t.call('GET', '/auth/user', { token: 'not-a-token' })]) {
        expect(res.status).toBe(401)
        expect(res.json).toEqual({ message: 'Unauthenticated.' })
      }
    })

    it('changes the locale, and refuses an unknown one or an empty change', async () => {
      const token = await register()
      expect((await t.call('PUT', '/auth/user', { token, body: { locale: 'it' } })).json.data.locale).toBe('it')
      expect((await t.call('GET', '/auth/user', { token })).json.data.locale).toBe('it')
      const bad = await t.callOffContract('PUT', '/auth/user', { token, body: { locale: 'xx' } })
      expect(bad.status).toBe(422)
      expect((await t.call('PUT', '/auth/user', { token, body: {} })).status).toBe(422)
      expect((await t.call('GET', '/auth/user', { token })).json.data.locale).toBe('it')
    })
  })

  describe('POST /auth/logout', () => {
    it('revokes the token on the server and clears the cookie', async () => {
      const token = await register()
      const res = await t.call('POST', '/auth/logout', { token })
      expect(res.status).toBe(200)
      expect(res.headers.get('set-cookie')).toMatch(/token=;.*Max-Age=0/)
      expect((await t.call('GET', '/auth/user', { token })).status).toBe(401)
    })
  })

  describe('password reset', () => {
    it('e-mails a link for a known address, and answers the same for an unknown one', async () => {
      await register()
      const known = await t.call('POST', '/auth/reset-password', { body: { email: alice.email } })
      const unknown = await t.call('POST', '/auth/reset-password', { body: { email: 'nobody@example.org' } })
      expect(known.status).toBe(200)
      expect(unknown.status).toBe(200)
      expect(unknown.json).toEqual(known.json)
      expect(t.sent).toHaveLength(1)
      expect(t.sent[0].to).toBe(alice.email)
      expect(t.sent[0].link).toMatch(/^http:\/\/localhost:3000\/auth\/reset-password\/[\w-]{43}$/)
      expect(t.sent[0].text).toContain(t.sent[0].link)
    })

    it('writes the mail in the user’s language, with the link under its prefix', async () => {
      await register({ ...alice, locale: 'fr' })
      await t.call('POST', '/auth/reset-password', { body: { email: alice.email } })
      expect(t.sent[0].link).toMatch(/^http:\/\/localhost:3000\/fr\/auth\/reset-password\//)
      expect(t.sent[0].subject).not.toBe('Reset your Trailguide password')
    })

    it('refuses an invalid address', async () => {
      const res = await t.call('POST', '/auth/reset-password', { body: { email: 'nope' } })
      expect(res.status).toBe(422)
      expect(res.json.message).toBe('The email field must be a valid email address.')
    })

    it('changes the password with the token once, and ends every session', async () => {
      const session = await register()
      await t.call('POST', '/auth/reset-password', { body: { email: alice.email } })
      const resetToken = t.sent[0].link!.split('/').pop()!
      const body = { token: resetToken, password: 'a brand new secret', password_confirmation: 'a brand new secret' }
      const res = await t.call('POST', '/auth/change-password', { body })
      expect(res.status).toBe(200)
      expect((await t.call('GET', '/auth/user', { token: session })).status).toBe(401)
      expect((await t.call('POST', '/auth/login', { body: { email: alice.email, password: alice.password } })).status).toBe(422)
      expect((await t.call('POST', '/auth/login', { body: { email: alice.email, password: 'a brand new secret' } })).status).toBe(200)

      const reused = await t.call('POST', '/auth/change-password', { body: { ...body, password: 'another one!', password_confirmation: 'another one!' } })
      expect(reused.status).toBe(422)
      expect(reused.json.errors.token).toEqual(['This link or code is invalid or has expired.'])
    })

    it('refuses an expired reset token and leaves the password as it was', async () => {
      await register()
      await t.call('POST', '/auth/reset-password', { body: { email: alice.email } })
      await testDb.db.updateTable('auth_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('kind', '=', 'reset').execute()
      const token = t.sent[0].link!.split('/').pop()!
      const res = await t.call('POST', '/auth/change-password', { body: { token, password: 'a brand new secret', password_confirmation: 'a brand new secret' } })
      expect(res.status).toBe(422)
      expect((await t.call('POST', '/auth/login', { body: { email: alice.email, password: alice.password } })).status).toBe(200)
    })

    it('changes the password of a signed-in user who gives the current one', async () => {
      const token = await register()
      const wrong = await t.call('POST', '/auth/change-password', {
        token,
        body: { current_password: 'not it at all', password: 'a brand new secret', password_confirmation: 'a brand new secret' },
      })
      expect(wrong.status).toBe(422)
      expect(wrong.json.errors.current_password).toEqual(['The current password is incorrect.'])
      const ok = await t.call('POST', '/auth/change-password', {
        token,
        body: { current_password: alice.password, password: 'a brand new secret', password_confirmation: 'a brand new secret' },
      })
      expect(ok.status).toBe(200)
      // The session that changed it stays open.
      expect((await t.call('GET', '/auth/user', { token })).status).toBe(200)
    })

    it('answers 401 without a token or a session, and 422 to a short or unconfirmed password', async () => {
      const anonymous = await t.call('POST', '/auth/change-password', { body: { password: 'a brand new secret', password_confirmation: 'a brand new secret' } })
      expect(anonymous.status).toBe(401)
      expect(anonymous.json).toEqual({ message: 'Unauthenticated.' })
      const short = await t.call('POST', '/auth/change-password', { body: { token: 'x', password: 'short', password_confirmation: 'short' } })
      expect(short.json.errors.password).toEqual(['The password field must be at least 8 characters.'])
      const differs = await t.call('POST', '/auth/change-password', { body: { token: 'x', password: 'long enough 1', password_confirmation: 'long enough 2' } })
      expect(differs.json.errors.password_confirmation).toEqual(['The password confirmation does not match.'])
    })

    it('rate-limits reset requests', async () => {
      const t = createTestApi(testDb, { RATE_LIMIT_RESET: '2/900' })
      await t.call('POST', '/auth/reset-password', { body: { email: alice.email } })
      await t.call('POST', '/auth/reset-password', { body: { email: alice.email } })
      const res = await t.call('POST', '/auth/reset-password', { body: { email: alice.email } })
      expect(res.status).toBe(429)
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
    })
  })

  describe('temporary tokens', () => {
    it('needs a session to make one', async () => {
      const res = await t.call('POST', '/auth/get-temp-token')
      expect(res.status).toBe(401)
      expect(res.json.message).toBe('Unauthenticated.')
    })

    it('exchanges a token once for a new session of the same user', async () => {
      const session = await register()
      const made = await t.call('POST', '/auth/get-temp-token', { token: session })
      expect(made.status).toBe(200)
      const temp = made.json.data.token as string
      const row = await testDb.db.selectFrom('auth_tokens').selectAll().where('kind', '=', 'temp').executeTakeFirstOrThrow()
      const lifetime = Date.parse(row.expires_at) - Date.parse(row.created_at)
      expect(lifetime).toBe(5 * 60 * 1000)

      const exchanged = await t.call('POST', '/auth/exchange-temp-token', { body: { token: temp } })
      expect(exchanged.status).toBe(200)
      const phone = exchanged.json.data.access_token as string
      expect(phone).not.toBe(session)
      expect((await t.call('GET', '/auth/user', { token: phone })).json.data.email).toBe(alice.email)

      const again = await t.call('POST', '/auth/exchange-temp-token', { body: { token: temp } })
      expect(again.status).toBe(422)
      expect(again.json.errors.token).toEqual(['This link or code is invalid or has expired.'])
    })

    it('refuses an expired token, and a session token used as one', async () => {
      const session = await register()
      const temp = (await t.call('POST', '/auth/get-temp-token', { token: session })).json.data.token
      await testDb.db.updateTable('auth_tokens').set({ expires_at: new Date(Date.now() - 1).toISOString() }).where('kind', '=', 'temp').execute()
      expect((await t.call('POST', '/auth/exchange-temp-token', { body: { token: temp } })).status).toBe(422)
      expect((await t.call('POST', '/auth/exchange-temp-token', { body: { token: session } })).status).toBe(422)
    })
  })

  it('answers unknown API paths with the 404 envelope', async () => {
    const res = await t.callOffContract('GET', '/nothing-here')
    expect(res.status).toBe(404)
    expect(res.json).toEqual({ message: 'Not found.' })
  })

  it('renders a readable reference page of the API', async () => {
    const res = await t.callOffContract('GET', '/reference')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(res.text).toContain('/api/auth/login')
    expect(res.text).not.toContain('<script')
  })

  it('publishes an OpenAPI document of the auth endpoints', async () => {
    const res = await t.callOffContract<OpenApiPaths>('GET', '/openapi.json')
    expect(res.status).toBe(200)
    expect(Object.keys(res.json.paths)).toEqual(
      expect.arrayContaining(['/auth/register', '/auth/login', '/auth/user', '/auth/reset-password', '/auth/change-password', '/auth/get-temp-token']),
    )
  })
})
