import { describe, expect, it } from 'vitest'
import { MAIL_NAME_MAX } from '#app/platform/mail/mail-text.ts'
import { insertPlace, manager } from '#app/modules/walks/walks.test-fixtures.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'

// Issue 12, item 8: invitation mails are limited per inviting user, and the name the inviter
// chose cannot write the mail's subject.

const TOO_MANY = 'Too many attempts. Please try again later.'

describe.each(testDialects)('invitation mails on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect, { RATE_LIMIT_INVITATIONS: '3/3600' })

  const invitationCount = async () => Number((await testDb.db.selectFrom('invitations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)

  it('at most RATE_LIMIT_INVITATIONS per inviter, category and place invitations together: then 429 with Retry-After, nothing written or sent', async () => {
    const owner = await manager(t)
    const place = await insertPlace(testDb.db, owner.category.id, { name: 'Gare' })
    const invite = (email: string) => t.call('POST', `/place-categories/${owner.category.id}/invitations`, { token: owner.token, body: { email, role: 'editor' } })
    expect((await invite('one@example.org')).status).toBe(201)
    expect((await t.call('POST', `/places/${place}/invitations`, { token: owner.token, body: { email: 'two@example.org' } })).status).toBe(201)
    expect((await invite('three@example.org')).status).toBe(201)
    const [count, mails] = [await invitationCount(), t.sent.length]

    for (const refused of [await invite('four@example.org'), await t.call('POST', `/places/${place}/invitations`, { token: owner.token, body: { email: 'five@example.org' } })]) {
      expect(refused.status).toBe(429)
      expect(refused.json).toEqual({ message: TOO_MANY })
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600)
    }
    expect(await invitationCount()).toBe(count)
    expect(t.sent).toHaveLength(mails)

    // Another inviter has a limit of their own.
    const other = await manager(t)
    expect((await t.call('POST', `/place-categories/${other.category.id}/invitations`, { token: other.token, body: { email: 'six@example.org', role: 'editor' } })).status).toBe(201)
  })

  it('a refused invitation (another tenant, an editor) does not count against the limit', async () => {
    const owner = await manager(t)
    const stranger = await manager(t)
    for (let i = 0; i < 5; i++) {
      const res = await t.call('POST', `/place-categories/${owner.category.id}/invitations`, { token: stranger.token, body: { email: `x${i}@example.org`, role: 'editor' } })
      expect(res.status).toBe(404)
    }
    expect((await t.call('POST', `/place-categories/${stranger.category.id}/invitations`, { token: stranger.token, body: { email: 'ok@example.org', role: 'editor' } })).status).toBe(201)
  })

  it('the subject and text show the category name on one line, without control characters, cut at a bounded length', async () => {
    const owner = await manager(t)
    const name = `Win a prize\r\nBcc: victims@example.org\u202E\u200B ${'Click https://evil.example/claim now '.repeat(2)}`
    expect(name.length).toBeLessThanOrEqual(120)
    // The API refuses such a name now (validation.control_characters); one stored before that
    // rule, or written by an import, must still reach the mail on one line.
    expect((await t.call('PUT', `/place-categories/${owner.category.id}`, { token: owner.token, body: { name } })).status).toBe(422)
    await testDb.db.updateTable('place_categories').set({ name }).where('id', '=', owner.category.id).execute()
    const res = await t.call('POST', `/place-categories/${owner.category.id}/invitations`, { token: owner.token, body: { email: 'target@example.org', role: 'editor' } })
    expect(res.status).toBe(201)
    const mail = t.sent.at(-1)!
    const shown = 'Win a prize Bcc: victims@example.org Click https://evil.exa…'
    expect([...shown]).toHaveLength(MAIL_NAME_MAX)
    expect(mail.subject).toBe(`You are invited to “${shown}” on Trailguide`)
    expect(mail.text).toContain(`invites you to work on “${shown}” on Trailguide`)
    expect(mail.text).not.toMatch(/[\r\u202E\u200B]|claim now/)
  })
})
