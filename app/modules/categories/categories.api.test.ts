import { describe, expect, it } from 'vitest'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { addMember, createCategory, createUser } from '#tests/setup/factories.ts'

describe.each(testDialects)('place categories API on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect)

  const categoryCount = async () =>
    Number((await testDb.db.selectFrom('place_categories').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)

  describe('POST /place-categories', () => {
    it('creates a category whose creator is its owner', async () => {
      const { token, user } = await createUser(t.services, { locale: 'fr' })
      const slug = `lausanne-${Date.now()}`
      const res = await t.call('POST', '/place-categories', { token, body: { name: 'Lausanne', slug } })
      expect(res.status).toBe(201)
      expect(res.json.data).toEqual({ id: expect.any(Number), slug, name: 'Lausanne', parent_id: null, fallback_locale: 'fr', content_locales: ['fr', 'en', 'de', 'it'], role: 'owner', children: [] })
      const member = await testDb.db.selectFrom('category_members').selectAll().where('category_id', '=', res.json.data.id).executeTakeFirstOrThrow()
      expect(member).toMatchObject({ user_id: user.id, role: 'owner' })
    })

    it.each([
      ['a blank name', { name: ' ', slug: 'valid-slug' }, 'name', 'The name field is required.'],
      ['an uppercase slug', { name: 'X', slug: 'Lausanne' }, 'slug', 'The slug may contain only lowercase letters, digits and hyphens (2 to 63 characters, no hyphen at either end).'],
      ['a slug ending with a hyphen', { name: 'X', slug: 'lausanne-' }, 'slug', 'The slug may contain only lowercase letters, digits and hyphens (2 to 63 characters, no hyphen at either end).'],
      ['a one-letter slug', { name: 'X', slug: 'l' }, 'slug', 'The slug may contain only lowercase letters, digits and hyphens (2 to 63 characters, no hyphen at either end).'],
      ['a reserved slug', { name: 'X', slug: 'www' }, 'slug', 'This slug is reserved. Choose another one.'],
      ['an unknown fallback language', { name: 'X', slug: 'abc-1', fallback_locale: 'es' }, 'fallback_locale', 'The fallback locale field must be one of: en, fr, de, it.'],
      ['an extra field', { name: 'X', slug: 'abc-2', owner_id: 1 }, 'owner_id', 'The owner id field is not allowed.'],
      ['a wrong type', { name: 'X', slug: 12 }, 'slug', 'The slug field must be a string.'],
      ['a name with a line break', { name: 'Vevey\nRiviera', slug: 'abc-3' }, 'name', 'The name field must not contain control characters (line breaks, tabs or invisible direction marks).'],
      ['a name with a bidirectional override', { name: 'Vevey \u202Eeyalp', slug: 'abc-4' }, 'name', 'The name field must not contain control characters (line breaks, tabs or invisible direction marks).'],
    ])('refuses %s with 422 and writes nothing', async (_case, body, field, message) => {
      const { token } = await createUser(t.services)
      const before = await categoryCount()
      const res = await t.callOffContract('POST', '/place-categories', { token, body })
      expect(res.status).toBe(422)
      expect(res.json.errors[field]).toContain(message)
      expect(await categoryCount()).toBe(before)
    })

    it('refuses a slug already taken by any category', async () => {
      const { user, token } = await createUser(t.services)
      const other = await createUser(t.services)
      const existing = await createCategory(t.services, other.user)
      const res = await t.call('POST', '/place-categories', { token, body: { name: 'Again', slug: existing.slug } })
      expect(res.status).toBe(422)
      // The answer proposes the first free address, in the caller's language.
      expect(res.json.errors.slug).toEqual([`This address is already taken. “${existing.slug}-2” is free.`])
      await createCategory(t.services, other.user, { slug: `${existing.slug}-2` })
      const again = await t.call('POST', '/place-categories', { token, body: { name: 'Again', slug: existing.slug } })
      expect(again.json.errors.slug).toEqual([`This address is already taken. “${existing.slug}-3” is free.`])
      const proposed = await t.call('POST', '/place-categories', { token, body: { name: 'Again', slug: `${existing.slug}-3` } })
      expect(proposed.status).toBe(201)
      void user
    })

    it('nests a category under a parent the creator owns, and not under another tenant’s', async () => {
      const { user, token } = await createUser(t.services)
      const parent = await createCategory(t.services, user)
      const child = await t.call('POST', '/place-categories', { token, body: { name: 'Old town', slug: `old-${parent.id}`, parent_id: parent.id } })
      expect(child.status).toBe(201)
      const tree = await t.call('GET', '/place-categories', { token })
      expect(tree.json.data).toHaveLength(1)
      expect((tree.json.data[0].children as { id: number }[]).map((c) => c.id)).toEqual([child.json.data.id])

      const stranger = await createUser(t.services)
      const foreign = await t.call('POST', '/place-categories', { token: stranger.token, body: { name: 'X', slug: `x-${parent.id}`, parent_id: parent.id } })
      expect(foreign.status).toBe(404)
    })
  })

  describe('reading, updating and deleting', () => {
    it('lists only the caller’s categories, with their routes when asked', async () => {
      const a = await createUser(t.services)
      const b = await createUser(t.services)
      const mine = await createCategory(t.services, a.user, { name: 'Mine' })
      await createCategory(t.services, b.user, { name: 'Theirs' })
      const now = new Date().toISOString()
      const walk = await testDb.db
        .insertInto('walks')
        .values({ uuid: `uuid-${mine.id}`, category_id: mine.id, slug: 'old-town', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
      await testDb.db.insertInto('walk_translations').values({ walk_id: walk.id, locale: 'en', name: 'Old town' }).execute()
      await testDb.db.insertInto('walk_translations').values({ walk_id: walk.id, locale: 'de', name: 'Altstadt' }).execute()

      const plain = await t.call('GET', '/place-categories', { token: a.token })
      expect(plain.json.data.map((c: { name: string }) => c.name)).toEqual(['Mine'])
      expect(plain.json.data[0].routes).toBeUndefined()
      const withRoutes = await t.call('GET', '/place-categories?include_routes=true&locale=de', { token: a.token })
      expect(withRoutes.json.data[0].routes).toEqual([{ uuid: `uuid-${mine.id}`, slug: 'old-town', name: 'Altstadt', status: 'draft', color: 'bg-orange' }])
      const fallback = await t.call('GET', '/place-categories?include_routes=true&locale=it', { token: a.token })
      expect(fallback.json.data[0].routes![0].name).toBe('Old town')
    })

    it('answers 404 for another tenant’s category, exactly as for a missing one', async () => {
      const a = await createUser(t.services)
      const b = await createUser(t.services)
      const theirs = await createCategory(t.services, b.user)
      for (const path of [`/place-categories/${theirs.id}`, '/place-categories/999999', '/place-categories/abc']) {
        const res = await t.callOffContract('GET', path, { token: a.token })
        expect(res.status).toBe(404)
        expect(res.json).toEqual({ message: 'Not found.' })
      }
      const update = await t.call('PUT', `/place-categories/${theirs.id}`, { token: a.token, body: { name: 'Hijacked' } })
      expect(update.status).toBe(404)
      const del = await t.call('DELETE', `/place-categories/${theirs.id}`, { token: a.token })
      expect(del.status).toBe(404)
      expect((await testDb.db.selectFrom('place_categories').select('name').where('id', '=', theirs.id).executeTakeFirstOrThrow()).name).toBe('Lausanne')
    })

    it('lets owners update and delete, and refuses editors with 403', async () => {
      const owner = await createUser(t.services)
      const editor = await createUser(t.services)
      const category = await createCategory(t.services, owner.user)
      await addMember(t.services, category.id, editor.user, 'editor')

      expect((await t.call('GET', `/place-categories/${category.id}`, { token: editor.token })).json.data.role).toBe('editor')
      const forbidden = await t.call('PUT', `/place-categories/${category.id}`, { token: editor.token, body: { name: 'Renamed' } })
      expect(forbidden.status).toBe(403)
      expect(forbidden.json.message).toBe('This action is reserved for the owners of the category.')

      const renamed = await t.call('PUT', `/place-categories/${category.id}`, { token: owner.token, body: { name: 'Lausanne Tourisme' } })
      expect(renamed.status).toBe(200)
      expect(renamed.json.data.name).toBe('Lausanne Tourisme')
      expect((await t.call('PUT', `/place-categories/${category.id}`, { token: owner.token, body: {} })).status).toBe(422)

      expect((await t.call('DELETE', `/place-categories/${category.id}`, { token: editor.token })).status).toBe(403)
      // In the trash first (ADR 110), then deleted for good from there.
      const trashed = await t.call('DELETE', `/place-categories/${category.id}`, { token: owner.token })
      expect(trashed.status).toBe(200)
      expect((await t.call('DELETE', `/trash/${trashed.json.data.trash_id}`, { token: owner.token })).status).toBe(200)
      expect(await testDb.db.selectFrom('place_categories').where('id', '=', category.id).selectAll().executeTakeFirst()).toBeUndefined()
    })

    it('refuses to put a category inside its own subtree', async () => {
      const { user, token } = await createUser(t.services)
      const parent = await createCategory(t.services, user)
      const child = await createCategory(t.services, user, { parent_id: parent.id })
      const res = await t.call('PUT', `/place-categories/${parent.id}`, { token, body: { parent_id: child.id } })
      expect(res.status).toBe(422)
      expect(res.json.errors.parent_id).toEqual(['A category cannot be placed inside itself or one of its subcategories.'])
    })

    it('answers 401 Unauthenticated. to anonymous calls', async () => {
      for (const [method, path] of [['GET', '/place-categories'], ['POST', '/place-categories'], ['GET', '/place-categories/1'], ['DELETE', '/place-categories/1']]) {
        const res = await t.callOffContract(method, path, method === 'POST' ? { body: { name: 'x', slug: 'xy' } } : {})
        expect(res.status).toBe(401)
        expect(res.json).toEqual({ message: 'Unauthenticated.' })
      }
    })
  })

  describe('members and invitations', () => {
    it('invites an editor by e-mail; the link makes the invitee a member once', async () => {
      const owner = await createUser(t.services, { name: 'Olivia Owner' })
      const category = await createCategory(t.services, owner.user, { name: 'Montreux' })
      const invited = await t.call('POST', `/place-categories/${category.id}/invitations`, { token: owner.token, body: { email: 'Eddie@Example.org' } })
      expect(invited.status).toBe(201)
      expect(invited.json.data).toMatchObject({ email: 'eddie@example.org', role: 'editor' })
      expect(t.sent).toHaveLength(1)
      expect(t.sent[0].to).toBe('eddie@example.org')
      expect(t.sent[0].subject).toBe('You are invited to “Montreux” on Trailguide')
      expect(t.sent[0].text).toContain('Olivia Owner')
      const token = t.sent[0].link!.split('/').pop()!

      const pending = await t.call('GET', `/place-categories/${category.id}/invitations`, { token: owner.token })
      expect(pending.json.data.map((i: { email: string }) => i.email)).toEqual(['eddie@example.org'])

      const eddie = await createUser(t.services, { email: 'eddie@example.org' })
      const accepted = await t.call('POST', `/invitations/${token}/accept`, { token: eddie.token })
      expect(accepted.status).toBe(200)
      expect(accepted.json.data).toEqual({ kind: 'category', category_id: category.id, place_id: null })
      const members = await t.call('GET', `/place-categories/${category.id}/members`, { token: eddie.token })
      expect(members.json.data.map((m: { name: string; role: string }) => [m.name, m.role]).sort()).toEqual([
        ['Olivia Owner', 'owner'],
        ['Test User', 'editor'],
      ])
      const again = await t.call('POST', `/invitations/${token}/accept`, { token: eddie.token })
      expect(again.status).toBe(422)
      expect(again.json.message).toBe('This invitation is invalid, was already used or has expired.')
    })

    it('refuses expired invitations, and invitations by editors', async () => {
      const owner = await createUser(t.services)
      const editor = await createUser(t.services)
      const category = await createCategory(t.services, owner.user)
      await addMember(t.services, category.id, editor.user, 'editor')
      expect((await t.call('POST', `/place-categories/${category.id}/invitations`, { token: editor.token, body: { email: 'x@example.org' } })).status).toBe(403)

      await t.call('POST', `/place-categories/${category.id}/invitations`, { token: owner.token, body: { email: 'late@example.org', role: 'owner' } })
      await testDb.db.updateTable('invitations').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('email', '=', 'late@example.org').execute()
      const late = await createUser(t.services)
      const res = await t.call('POST', `/invitations/${t.sent.at(-1)!.link!.split('/').pop()}/accept`, { token: late.token })
      expect(res.status).toBe(422)
      expect(await testDb.db.selectFrom('category_members').where('user_id', '=', late.user.id).selectAll().execute()).toEqual([])
    })

    it('changes roles and removes members, but always keeps an owner', async () => {
      const owner = await createUser(t.services)
      const editor = await createUser(t.services)
      const category = await createCategory(t.services, owner.user)
      await addMember(t.services, category.id, editor.user, 'editor')

      const demoteSelf = await t.call('PUT', `/place-categories/${category.id}/members/${owner.user.id}`, { token: owner.token, body: { role: 'editor' } })
      expect(demoteSelf.status).toBe(409)
      expect(demoteSelf.json.message).toBe('A category must keep at least one owner.')
      expect(await t.services.categories.access.roleOf(owner.user.id, category.id)).toBe('owner')

      expect((await t.call('PUT', `/place-categories/${category.id}/members/${editor.user.id}`, { token: owner.token, body: { role: 'owner' } })).status).toBe(200)
      expect((await t.callOffContract('PUT', `/place-categories/${category.id}/members/${editor.user.id}`, { token: owner.token, body: { role: 'boss' } })).status).toBe(422)
      expect((await t.call('DELETE', `/place-categories/${category.id}/members/${owner.user.id}`, { token: owner.token })).status).toBe(200)
      expect(await t.services.categories.access.roleOf(owner.user.id, category.id)).toBeNull()
      expect((await t.call('DELETE', `/place-categories/${category.id}/members/${editor.user.id}`, { token: editor.token })).status).toBe(409)
    })

    it('withdraws a pending invitation', async () => {
      const owner = await createUser(t.services)
      const category = await createCategory(t.services, owner.user)
      const invited = await t.call('POST', `/place-categories/${category.id}/invitations`, { token: owner.token, body: { email: 'gone@example.org' } })
      const res = await t.call('DELETE', `/place-categories/${category.id}/invitations/${invited.json.data.id}`, { token: owner.token })
      expect(res.status).toBe(200)
      expect((await t.call('DELETE', `/place-categories/${category.id}/invitations/${invited.json.data.id}`, { token: owner.token })).status).toBe(404)
    })
  })
})
