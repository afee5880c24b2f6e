import { describe, expect, it } from 'vitest'
import { createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { action, loader } from './monthly-report-unsubscribe.tsx'

// The unsubscribe page's loader and action as React Router calls them: opening the link (a mail
// scanner, a link preview, the person) only asks; the POST (the page's button, or the mail
// client's RFC 8058 one-click POST) turns the report off.

describe.each(testDialects)('monthly report unsubscribe page on %s', (dialect) => {
  const { t } = useTestApi(dialect)

  const args = (token: string, ip: string, method: 'GET' | 'POST', body?: string) =>
    ({
      context: { services: t.services, user: null, token: null, clientIp: ip, categorySlug: null },
      request: new Request(`http://localhost:3000/monthly-report/unsubscribe/${token}`, {
        method,
        ...(body === undefined ? {} : { body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }),
      }),
      params: { token },
    }) as never
  const answer = (result: unknown) => {
    const { data, init } = result as { data: { outcome: string }; init?: { status?: number } }
    return [init?.status ?? 200, data.outcome]
  }

  it('a GET of the link asks and changes nothing, however often it is followed; the POST unsubscribes', async () => {
    const { user } = await createUser(t.services)
    const token = t.services.monthlyReports.unsubscribeToken(user.id)
    for (let i = 0; i < 3; i++) expect(answer(await loader(args(token, `198.51.100.${i}`, 'GET')))).toEqual([200, 'confirm'])
    expect((await t.services.monthlyReports.subscription(user)).subscribed).toBe(true)
    // RFC 8058's one-click POST, as a mail client sends it.
    expect(answer(await action(args(token, '198.51.100.9', 'POST', 'List-Unsubscribe=One-Click')))).toEqual([200, 'done'])
    expect((await t.services.monthlyReports.subscription(user)).subscribed).toBe(false)
  })

  it('a forged token: the page says so (404) and the POST changes nothing', async () => {
    const { user } = await createUser(t.services)
    const forged = `${user.id}.${'x'.repeat(43)}`
    expect(answer(await loader(args(forged, '198.51.100.20', 'GET')))).toEqual([404, 'invalid'])
    expect(answer(await action(args(forged, '198.51.100.20', 'POST', '')))).toEqual([404, 'invalid'])
    expect((await t.services.monthlyReports.subscription(user)).subscribed).toBe(true)
  })
})
