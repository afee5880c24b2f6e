import { describe, expect, it } from 'vitest'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { createUser } from '#tests/setup/factories.ts'
import { manager, storeRoute } from './walks.test-fixtures.ts'

describe.each(testDialects)('POST /routes/slug on %s', (dialect) => {
  const { t } = useTestApi(dialect)

  /** A route with a slug unique to this test, draft or published. */
  async function route(m: Awaited<ReturnType<typeof manager>>, slug: string, status: 'draft' | 'published') {
    const created = await storeRoute(t, m.token, m.category.id, { url: slug })
    if (status === 'published') await t.call('PUT', '/routes/update', { token: m.token, body: { uuid: created.uuid, status } })
    return created
  }
  const bySlug = (body: object, token?: string) => t.callOffContract('POST', '/routes/slug', { token, body })
  const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}`

  it('answers a published route to a guest, by its category and slug, with its category', async () => {
    const m = await manager(t)
    const slug = unique('lake')
    const created = await route(m, slug, 'published')
    const res = await bySlug({ routeSlug: slug, place_category_slug: m.category.slug })
    expect(res.status).toBe(200)
    expect(res.json.data).toMatchObject({
      uuid: created.uuid,
      slug,
      status: 'published',
      name: 'Tour du lac',
      url: `http://localhost:3000/r/${m.category.slug}/${slug}`,
      place_category: { id: m.category.id, slug: m.category.slug, name: m.category.name },
    })
    // A route made after ADR 011 has no category-less address: without a category, nothing.
    expect((await bySlug({ routeSlug: slug })).status).toBe(404)
  })

  it('hides a draft from guests and non-members, and shows it to members', async () => {
    const m = await manager(t)
    const slug = unique('draft')
    await route(m, slug, 'draft')
    const body = { routeSlug: slug, place_category_slug: m.category.slug }
    expect(await bySlug(body)).toMatchObject({ status: 404, json: { message: 'Not found.' } })
    const stranger = await createUser(t.services)
    expect((await bySlug(body, stranger.token)).status).toBe(404)
    const member = await bySlug(body, m.token)
    expect(member.status).toBe(200)
    expect(member.json.data.status).toBe('draft')
  })

  it('tells apart routes sharing a slug in two categories, both published', async () => {
    const first = await manager(t)
    const second = await manager(t)
    const slug = unique('shared')
    const one = await route(first, slug, 'published')
    const two = await route(second, slug, 'published')
    expect((await bySlug({ routeSlug: slug, place_category_slug: first.category.slug })).json.data.uuid).toBe(one.uuid)
    expect((await bySlug({ routeSlug: slug, place_category_slug: second.category.slug })).json.data.uuid).toBe(two.uuid)
    expect((await bySlug({ routeSlug: slug, place_category_slug: 'no-such-category' })).status).toBe(404)
  })

  it('shows guests only the published nearby routes', async () => {
    const m = await manager(t)
    const slug = unique('main')
    const main = await route(m, slug, 'published')
    const open = await route(m, unique('open'), 'published')
    const hidden = await route(m, unique('hidden'), 'draft')
    for (const [i, nearby] of [open, hidden].entries()) {
      await t.call('POST', '/routes/assign-nearby-route', { token: m.token, body: { currentRouteUuid: main.uuid, nearbyRouteUuid: nearby.uuid, sortId: i + 1 } })
    }
    const body = { routeSlug: slug, place_category_slug: m.category.slug }
    expect((await bySlug(body)).json.data.nearby_routes.map((r) => r.uuid)).toEqual([open.uuid])
    expect((await bySlug(body, m.token)).json.data.nearby_routes.map((r) => r.uuid)).toEqual([open.uuid, hidden.uuid])
  })

  it('answers in the asked language', async () => {
    const m = await manager(t)
    const slug = unique('lang')
    const created = await route(m, slug, 'published')
    await t.call('PUT', '/routes/update', { token: m.token, body: { uuid: created.uuid, translations: { fr: { name: 'Tour du lac FR' } } } })
    const res = await t.call('POST', '/routes/slug?locale=fr', { body: { routeSlug: slug, place_category_slug: m.category.slug } })
    expect(res.json.data).toMatchObject({ locale: 'fr', name: 'Tour du lac FR' })
  })

  it.each([
    ['a missing slug', {}, 'routeSlug', 'The routeSlug field is required.'],
    ['a blank slug', { routeSlug: ' ' }, 'routeSlug', 'The routeSlug field is required.'],
    ['an extra field', { routeSlug: 'x', uuid: 'y' }, 'uuid', 'The uuid field is not allowed.'],
  ])('refuses %s', async (_case, body, field, message) => {
    const res = await bySlug(body)
    expect(res.status).toBe(422)
    expect(res.json.errors[field]).toEqual([message])
  })

  it('is the same answer as the service method for the public pages', async () => {
    const m = await manager(t)
    const slug = unique('svc')
    await route(m, slug, 'draft')
    expect(await t.services.walks.publicRoute({ category: m.category.slug, slug }, { locale: null })).toBeNull()
    const asMember = await t.services.walks.publicRoute({ category: m.category.slug, slug }, { locale: 'en', viewer: m.user })
    expect(asMember).toMatchObject({ slug, place_category: { slug: m.category.slug } })
  })
})
