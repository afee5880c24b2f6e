import { describe, expect, it } from 'vitest'
import type { User } from '#app/db/schema.ts'
import { createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { action as loginAction } from './login.tsx'
import { action, loader } from './temp-token.tsx'

// /auth/temp/{token} and the login form as React Router calls them: the redirect target rule
// and the confirmation before switching account (item 13).

interface Answer {
  status: number
  location: string | null
  cookies: string[]
  state?: string
}

/** A loader's or action's answer, returned or thrown, as status, Location, cookies and page state. */
async function answerOf(run: () => Promise<unknown>): Promise<Answer> {
  let value: unknown
  try {
    value = await run()
  } catch (thrown) {
    value = thrown
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get('location'), cookies: value.headers.getSetCookie() }
  const { data, init } = value as { data: { state?: string } | null; init?: { status?: number } }
  return { status: init?.status ?? 200, location: null, cookies: [], state: data?.state }
}

describe.each(testDialects)('sign-in link and login form redirects on %s', (dialect) => {
  const ctx = useTestApi(dialect)

  const args = (token: string, query: string, session: { user: User; token: string } | null = null, method = 'GET') => ({
    context: { services: ctx.t.services, user: session?.user ?? null, token: session?.token ?? null, clientIp: `198.51.100.${Math.floor(Math.random() * 200)}`, categorySlug: null },
    request: new Request(`http://localhost:3000/auth/temp/${token}${query}`, { method }),
    params: { token },
  })
  const open = (token: string, query = '', session: { user: User; token: string } | null = null) => answerOf(() => loader(args(token, query, session) as never))
  const confirm = (token: string, query = '', session: { user: User; token: string } | null = null) =>
    answerOf(() => action(args(token, query, session, 'POST') as never))
  const tempFor = async (user: User) => ctx.t.services.auth.createTempToken(user.id)

  it('goes on to a redirectTo on this site, with the session cookie', async () => {
    const { user } = await createUser(ctx.t.services)
    const answer = await open(await tempFor(user), `?redirectTo=${encodeURIComponent('/map?category=3&route=uuid-1')}`)
    expect([answer.status, answer.location]).toEqual([302, '/map?category=3&route=uuid-1'])
    expect(answer.cookies.some((cookie) => /^token=[^;]+/.test(cookie))).toBe(true)
  })

  it.each([
    ['TAB', '/%09/evil.example'],
    ['CR/LF', '/%0d%0aSet-Cookie:%20x=1'],
    ['LF', '%0a/evil.example'],
    ['backslash', '/%5Cevil.example'],
    ['scheme-relative', '//evil.example'],
    ['absolute', 'https://evil.example/'],
  ])('refuses a redirectTo with %s cleanly (400), and leaves the token unused', async (_label, query) => {
    const { user } = await createUser(ctx.t.services)
    const token = await tempFor(user)
    const refused = await open(token, `?redirectTo=${query}`)
    expect([refused.status, refused.state, refused.cookies]).toEqual([400, 'bad-link', []])
    // The same token still opens the session (it was not consumed).
    const used = await open(token, '?redirectTo=/dashboard')
    expect([used.status, used.location]).toEqual([302, '/dashboard'])
  })

  it('never leaves the site once the language prefix is taken off ("/en//evil.example")', async () => {
    for (const locale of ['en', 'fr'] as const) {
      const { user } = await createUser(ctx.t.services, { locale })
      const answer = await open(await tempFor(user), '?redirectTo=/en//evil.example')
      expect(answer.status).toBe(302)
      expect(new URL(answer.location!, 'http://localhost:3000').origin).toBe('http://localhost:3000')
    }
  })

  it('asks before switching a signed-in browser to another account; only the confirmation switches', async () => {
    const victim = await createUser(ctx.t.services, { name: 'Victim' })
    const { user: attacker } = await createUser(ctx.t.services, { name: 'Attacker' })
    const token = await tempFor(attacker)
    const asked = await open(token, '?redirectTo=/map', victim)
    expect([asked.status, asked.state, asked.cookies]).toEqual([200, 'switch', []])
    // Nothing happened: the victim's session is intact, the link still unused.
    expect((await ctx.t.services.auth.userForSession(victim.token))?.id).toBe(victim.user.id)
    expect(await ctx.t.services.auth.tempTokenUserId(token)).toBe(attacker.id)

    const switched = await confirm(token, '?redirectTo=/map', victim)
    expect([switched.status, switched.location]).toEqual([302, '/map'])
    const session = /^token=([^;]+)/.exec(switched.cookies.find((cookie) => cookie.startsWith('token='))!)![1]
    expect((await ctx.t.services.auth.userForSession(session))?.id).toBe(attacker.id)
    // The previous session is ended on the server, not only replaced in the cookie.
    expect(await ctx.t.services.auth.userForSession(victim.token)).toBeNull()
  })

  it('signs the same account in again without asking', async () => {
    const me = await createUser(ctx.t.services)
    const answer = await open(await tempFor(me.user), '', me)
    expect([answer.status, answer.location]).toEqual([302, '/dashboard'])
  })

  it('answers an expired or used link with 410, asked or not', async () => {
    const me = await createUser(ctx.t.services)
    expect((await open('no-such-token')).status).toBe(410)
    expect(await open('no-such-token', '', me)).toMatchObject({ status: 410, state: 'expired' })
    expect(await confirm('no-such-token', '', me)).toMatchObject({ status: 410, state: 'expired' })
  })

  describe('the login form posted without JavaScript', () => {
    const login = async (redirectTo: string) => {
      const email = `login-${Math.random().toString(36).slice(2)}@example.org`
      await ctx.t.services.auth.register({ name: 'Form', email, password: 'a long enough password' }, 'test')
      const body = new URLSearchParams({ email, password: 'a long enough password', redirectTo })
      const request = new Request('http://localhost:3000/auth/login', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
      return answerOf(() => loginAction({ request, context: { services: ctx.t.services, user: null, token: null, clientIp: '198.51.100.7', categorySlug: null }, params: {} } as never))
    }

    it.each(['/\t/evil.example', '/\r\n/evil.example', '/\\evil.example', '//evil.example', 'https://evil.example'])(
      'falls back to the dashboard for %j (never off the site, never a 500)',
      async (redirectTo) => {
        expect(await login(redirectTo)).toMatchObject({ status: 302, location: '/dashboard' })
      },
    )

    it('keeps a path of this site, and the one after a language prefix', async () => {
      expect(await login('/statistics?year=2026')).toMatchObject({ status: 302, location: '/statistics?year=2026' })
      expect(await login('/en//evil.example')).toMatchObject({ status: 302, location: '/evil.example' })
    })
  })
})
