import { describe, expect, it } from 'vitest'
import { addMember, createCategory, createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'

// Races on the category tree and its owners. On PostgreSQL the two
// requests of a race run at once on two pooled connections; SQLite serialises writers anyway.

const ROUNDS = 12

describe.each(testDialects)('category tree and owners under concurrency on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect)

  /** The parent chain from `id` up, stopping at a repeat: a cycle shows as a repeated id. */
  async function chain(id: number): Promise<number[]> {
    const rows = await testDb.db.selectFrom('place_categories').select(['id', 'parent_id']).execute()
    const parents = new Map(rows.map((r) => [r.id, r.parent_id]))
    const seen: number[] = []
    let current: number | null | undefined = id
    while (current != null && !seen.includes(current)) {
      seen.push(current)
      current = parents.get(current)
    }
    return current == null ? seen : [...seen, current]
  }

  it('two crossed moves at once (X under Y, Y under X): one passes, the other is refused with 422, no cycle is stored', async () => {
    const { user, token } = await createUser(t.services)
    for (let round = 0; round < ROUNDS; round++) {
      const x = await createCategory(t.services, user)
      const y = await createCategory(t.services, user)
      const [xUnderY, yUnderX] = await Promise.all([
        t.call('PUT', `/place-categories/${x.id}`, { token, body: { parent_id: y.id } }),
        t.call('PUT', `/place-categories/${y.id}`, { token, body: { parent_id: x.id } }),
      ])
      expect([xUnderY.status, yUnderX.status].sort(), JSON.stringify([xUnderY.json, yUnderX.json])).toEqual([200, 422])
      const refused = xUnderY.status === 422 ? xUnderY : yUnderX
      expect(refused.json.errors.parent_id).toEqual(['A category cannot be placed inside itself or one of its subcategories.'])
      const xChain = await chain(x.id)
      expect(new Set(xChain).size, `stored chain ${xChain.join(' → ')}`).toBe(xChain.length)
    }
  })

  it('a cycle already stored: tree walks end, its categories stay listed, a move under it is answered and a delete removes it', async () => {
    const { user, token } = await createUser(t.services)
    const a = await createCategory(t.services, user)
    const b = await createCategory(t.services, user)
    const c = await createCategory(t.services, user)
    const outside = await createCategory(t.services, user)
    // As the race above left it before the fix: a → b → c → a.
    await testDb.db.updateTable('place_categories').set({ parent_id: b.id }).where('id', '=', a.id).execute()
    await testDb.db.updateTable('place_categories').set({ parent_id: c.id }).where('id', '=', b.id).execute()
    await testDb.db.updateTable('place_categories').set({ parent_id: a.id }).where('id', '=', c.id).execute()

    const tree = await t.call('GET', '/place-categories', { token })
    expect(tree.status).toBe(200)
    const listed: number[] = []
    const collect = (nodes: { id: number; children: unknown }[]) => {
      for (const node of nodes) {
        listed.push(node.id)
        collect(node.children as { id: number; children: unknown[] }[])
      }
    }
    collect(tree.json.data)
    expect(listed.sort((p, q) => p - q)).toEqual([a.id, b.id, c.id, outside.id].sort((p, q) => p - q))
    expect((await t.call('GET', '/dashboard', { token })).status).toBe(200)

    // Moving the cycle's member under an outside category ends the cycle; moving another of its
    // members under the first's descendant is refused: every walk ends.
    expect((await t.call('PUT', `/place-categories/${outside.id}`, { token, body: { parent_id: a.id } })).status).toBe(200)
    expect((await t.call('PUT', `/place-categories/${a.id}`, { token, body: { parent_id: outside.id } })).status).toBe(422)
    expect((await t.call('PUT', `/place-categories/${b.id}`, { token, body: { parent_id: null } })).status).toBe(200)
    expect(await chain(a.id)).toEqual([a.id, b.id])

    // Deleting a member of a cycle ends too (its subtree is walked for its files).
    await testDb.db.updateTable('place_categories').set({ parent_id: a.id }).where('id', '=', b.id).execute()
    await testDb.db.updateTable('place_categories').set({ parent_id: b.id }).where('id', '=', a.id).execute()
    // In the trash first (ADR 110), then deleted for good from there.
    const trashed = await t.call('DELETE', `/place-categories/${a.id}`, { token })
    expect(trashed.status).toBe(200)
    expect((await t.call('DELETE', `/trash/${trashed.json.data.trash_id}`, { token })).status).toBe(200)
    const left = await testDb.db.selectFrom('place_categories').select('id').where('id', 'in', [a.id, b.id, c.id]).execute()
    expect(left).toEqual([])
  })

  it('two owners demoting each other at once: one is refused with 409, the category keeps an owner', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const alice = await createUser(t.services)
      const bob = await createUser(t.services)
      const category = await createCategory(t.services, alice.user)
      await addMember(t.services, category.id, bob.user, 'owner')
      const [aliceDemotesBob, bobDemotesAlice] = await Promise.all([
        t.call('PUT', `/place-categories/${category.id}/members/${bob.user.id}`, { token: alice.token, body: { role: 'editor' } }),
        t.call('PUT', `/place-categories/${category.id}/members/${alice.user.id}`, { token: bob.token, body: { role: 'editor' } }),
      ])
      // The later one is refused: 409 (the last owner), or 403 when its owner was already demoted.
      const statuses = [aliceDemotesBob.status, bobDemotesAlice.status].sort()
      expect(statuses[0]).toBe(200)
      expect([403, 409]).toContain(statuses[1])
      const owners = await testDb.db.selectFrom('category_members').select('user_id').where('category_id', '=', category.id).where('role', '=', 'owner').execute()
      expect(owners).toHaveLength(1)
    }
  })

  it('two owners removing each other at once: the category keeps an owner', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const alice = await createUser(t.services)
      const bob = await createUser(t.services)
      const category = await createCategory(t.services, alice.user)
      await addMember(t.services, category.id, bob.user, 'owner')
      const answers = await Promise.all([
        t.call('DELETE', `/place-categories/${category.id}/members/${bob.user.id}`, { token: alice.token }),
        t.call('DELETE', `/place-categories/${category.id}/members/${alice.user.id}`, { token: bob.token }),
      ])
      // The later one is refused: 409 (the last owner), or 404 when its caller was already removed.
      const statuses = answers.map((a) => a.status).sort()
      expect(statuses[0]).toBe(200)
      expect([404, 409]).toContain(statuses[1])
      const owners = await testDb.db.selectFrom('category_members').select('user_id').where('category_id', '=', category.id).where('role', '=', 'owner').execute()
      expect(owners).toHaveLength(1)
    }
  })
})
