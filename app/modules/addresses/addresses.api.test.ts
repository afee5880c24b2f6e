import { describe, expect, it, vi } from 'vitest'
import { manager, storeRoute } from '#app/modules/walks/walks.test-fixtures.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { AddressesRepo } from './addresses.repo.server.ts'

/** The refusal of a taken slug names a free one (which, in a race, depends on who won). */
const takenMessage = expect.stringMatching(/^This address is already taken\. “[a-z0-9-]+” is free\.$/)

// ADR 011 through the API: an address once given keeps leading to its route or category, and
// nobody else can take it; the database's keys decide races.

describe.each(testDialects)('printed addresses through the API on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect)

  const publish = async (token: string, uuid: string) =>
    expect((await t.call('PUT', '/routes/update', { token, body: { uuid, status: 'published' } })).status).toBe(200)
  const bySlug = (routeSlug: string, category?: string) =>
    t.call('POST', '/routes/slug', { body: { routeSlug, ...(category ? { place_category_slug: category } : {}) } })

  it('answers two tenants’ routes of one slug each by its own category', async () => {
    const lausanne = await manager(t)
    const geneva = await manager(t)
    const mine = await storeRoute(t, lausanne.token, lausanne.category.id, { name: 'Vieille ville' })
    const theirs = await storeRoute(t, geneva.token, geneva.category.id, { name: 'Vieille ville' })
    expect(mine.slug).toBe(theirs.slug)
    await publish(lausanne.token, mine.uuid)
    await publish(geneva.token, theirs.uuid)
    expect((await bySlug(mine.slug, lausanne.category.slug)).json.data.uuid).toBe(mine.uuid)
    expect((await bySlug(mine.slug, geneva.category.slug)).json.data.uuid).toBe(theirs.uuid)
    expect((await t.call('GET', `/routes/${mine.slug}/gpx?category=${lausanne.category.slug}`)).text).toContain(`/m/${lausanne.category.slug}/${mine.slug}"`)
    expect((await t.call('GET', `/routes/${mine.slug}/gpx?category=${geneva.category.slug}`)).text).toContain(`/m/${geneva.category.slug}/${mine.slug}"`)
  })

  it('keeps an old slug of a route leading to it, and lets no other route of the category take it', async () => {
    const { token, category } = await manager(t)
    const route = await storeRoute(t, token, category.id, { name: 'Lakeside' })
    await publish(token, route.uuid)
    expect((await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, slug: 'lakeside-promenade' } })).status).toBe(200)
    // The old address answers the route, now with its new slug.
    expect((await bySlug('lakeside', category.slug)).json.data).toMatchObject({ uuid: route.uuid, slug: 'lakeside-promenade' })
    // Taken: explicitly (the spec's url, an update's slug), and skipped by the derivation from a name.
    const explicit = await t.call('POST', '/routes/store', { token, body: { name: 'Other', url: 'lakeside', place_category_id: category.id } })
    expect(explicit.status).toBe(422)
    expect(explicit.json.errors).toEqual({ url: ['This address is already taken. “lakeside-2” is free.'] })
    expect((await storeRoute(t, token, category.id, { name: 'Lakeside' })).slug).toBe('lakeside-2')
    const other = await storeRoute(t, token, category.id, { name: 'Another walk' })
    const update = await t.call('PUT', '/routes/update', { token, body: { uuid: other.uuid, slug: 'lakeside' } })
    expect(update.status).toBe(422)
    expect(update.json.errors).toEqual({ slug: ['This address is already taken. “lakeside-3” is free.'] })
    // Its own old slug it may take back; the newer one then keeps leading to it.
    expect((await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, slug: 'lakeside' } })).json.data.slug).toBe('lakeside')
    expect((await bySlug('lakeside-promenade', category.slug)).json.data.uuid).toBe(route.uuid)
    // Another category may use the slug for its own route.
    const elsewhere = await manager(t)
    expect((await storeRoute(t, elsewhere.token, elsewhere.category.id, { url: 'lakeside' })).slug).toBe('lakeside')
  })

  it('keeps an old category slug leading to the category, and lets no other category take it', async () => {
    const { token, category } = await manager(t)
    const route = await storeRoute(t, token, category.id, { name: 'Cathedral walk' })
    await publish(token, route.uuid)
    const renamed = `${category.slug}-ville`
    expect((await t.call('PUT', `/place-categories/${category.id}`, { token, body: { slug: renamed } })).status).toBe(200)
    expect((await bySlug(route.slug, category.slug)).json.data).toMatchObject({ uuid: route.uuid, place_category: { slug: renamed } })
    const squatter = await manager(t)
    const taken = await t.call('POST', '/place-categories', { token: squatter.token, body: { name: 'Squat', slug: category.slug } })
    expect(taken.status).toBe(422)
    expect(taken.json.errors).toEqual({ slug: [`This address is already taken. “${category.slug}-2” is free.`] })
    const moved = await t.call('PUT', `/place-categories/${squatter.category.id}`, { token: squatter.token, body: { slug: category.slug } })
    expect(moved.status).toBe(422)
    // The owner may take the old one back.
    expect((await t.call('PUT', `/place-categories/${category.id}`, { token, body: { slug: category.slug } })).status).toBe(200)
  })

  it('keeps the old address of a route moved to another category (no endpoint moves one yet: the trigger covers any writer)', async () => {
    const { user, token, category } = await manager(t)
    const other = await t.services.categories.create(user, { name: 'Sub-area', slug: `${category.slug}-sub` })
    const route = await storeRoute(t, token, category.id, { name: 'Moving walk' })
    await publish(token, route.uuid)
    await testDb.db.updateTable('walks').set({ category_id: other.id }).where('uuid', '=', route.uuid).execute()
    expect((await bySlug(route.slug, category.slug)).json.data).toMatchObject({ uuid: route.uuid, place_category: { slug: other.slug } })
    expect((await bySlug(route.slug, other.slug)).json.data.uuid).toBe(route.uuid)
    // The old category cannot give that slug to another route.
    expect((await t.call('POST', '/routes/store', { token, body: { name: 'X', url: route.slug, place_category_id: category.id } })).status).toBe(422)
  })

  it('lets the database decide two creations of one slug at once: one route gets it, the other a clear refusal', async () => {
    const { token, category } = await manager(t)
    const make = () => t.call('POST', '/routes/store', { token, body: { name: 'Raced', url: 'raced-slug', place_category_id: category.id } })
    const answers = await Promise.all([make(), make(), make()])
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422])
    for (const refused of answers.filter((a) => a.status === 422)) expect(refused.json.errors).toEqual({ url: [takenMessage] })
    const rows = await testDb.db.selectFrom('walk_addresses').select('walk_id').where('category_id', '=', category.id).where('slug', '=', 'raced-slug').execute()
    expect(rows).toHaveLength(1)
  })

  it('lets the database decide a creation racing for an old address: the check passes, the key refuses', async () => {
    const { token, category } = await manager(t)
    const route = await storeRoute(t, token, category.id, { name: 'Before' })
    expect((await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, slug: 'after' } })).status).toBe(200)
    // The slug looks free when it is chosen (another request renamed meanwhile), and is held when written.
    const spy = vi.spyOn(AddressesRepo.prototype, 'routeSlugsStartingWith').mockResolvedValueOnce([])
    try {
      expect((await storeRoute(t, token, category.id, { name: 'Before' })).slug).toBe('before-2')
    } finally {
      spy.mockRestore()
    }
    const held = vi.spyOn(AddressesRepo.prototype, 'routeSlugHeld').mockResolvedValueOnce(false)
    try {
      const res = await t.call('POST', '/routes/store', { token, body: { name: 'Again', url: 'before', place_category_id: category.id } })
      expect(res.status).toBe(422)
      expect(res.json.errors).toEqual({ url: [takenMessage] })
    } finally {
      held.mockRestore()
    }
  })

  it('lets the database decide two renames to one slug at once', async () => {
    const { token, category } = await manager(t)
    const a = await storeRoute(t, token, category.id, { name: 'Alpha' })
    const b = await storeRoute(t, token, category.id, { name: 'Bravo' })
    const rename = (uuid: string) => t.call('PUT', '/routes/update', { token, body: { uuid, slug: 'same-place' } })
    const answers = await Promise.all([rename(a.uuid), rename(b.uuid)])
    expect(answers.map((x) => x.status).sort()).toEqual([200, 422])
    expect(answers.find((x) => x.status === 422)!.json.errors).toEqual({ slug: [takenMessage] })
  })

  it('lets the database decide two categories taking one slug at once', async () => {
    const first = await manager(t)
    const second = await manager(t)
    const slug = `raced-${first.category.id}`
    const answers = await Promise.all(
      [first, second].map((m) => t.call('PUT', `/place-categories/${m.category.id}`, { token: m.token, body: { slug } })),
    )
    expect(answers.map((x) => x.status).sort()).toEqual([200, 422])
  })
})
