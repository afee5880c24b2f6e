import { describe, expect, it } from 'vitest'
import type { User } from '#app/db/schema.ts'
import { addMember, createCategory, createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { loadMapEditor, subdomainMove } from './load-map-editor.server.ts'

// /map's loader called as React Router calls it, over a test database.

describe('subdomainMove', () => {
  const on = { BASE_URL: 'https://example.org', SUBDOMAIN_ROUTING: true }
  const off = { BASE_URL: 'http://localhost:3000', SUBDOMAIN_ROUTING: false }
  const url = new URL('https://example.org/fr/map?category=4&panel=qr')

  it('moves to the category subdomain, keeping the path and query', () => {
    expect(subdomainMove(url, 'lausanne', null, on)).toBe('https://lausanne.example.org/fr/map?category=4&panel=qr')
    expect(subdomainMove(url, 'lausanne', 'geneve', on)).toBe('https://lausanne.example.org/fr/map?category=4&panel=qr')
  })

  it('stays on the category’s own subdomain, and always when subdomain routing is off', () => {
    expect(subdomainMove(url, 'lausanne', 'lausanne', on)).toBeNull()
    expect(subdomainMove(url, 'lausanne', null, off)).toBeNull()
  })
})

describe.each(testDialects)('map editor loader on %s', (dialect) => {
  const ctx = useTestApi(dialect)

  const load = (user: User, query: string, categorySlug: string | null = null) =>
    loadMapEditor({
      context: { services: ctx.t.services, user, token: null, clientIp: '203.0.113.9', categorySlug },
      request: new Request(`http://localhost:3000/map${query}`),
      params: {},
    } as never)

  async function setup() {
    const { services } = ctx.t
    const { user: owner } = await createUser(services)
    const first = await createCategory(services, owner, { name: 'Alpha' })
    const second = await createCategory(services, owner, { name: 'Beta' })
    const place = await services.places.create(owner, { place_category_id: second.id, name: 'Bridge', lat: 46.5, lng: 6.6 })
    await services.places.create(owner, { place_category_id: second.id, name: 'Office', lat: null, lng: null })
    const one = await services.walks.store(owner, { name: 'One', place_category_id: second.id }, 'en')
    const two = await services.walks.store(owner, { name: 'Two', place_category_id: second.id }, 'en')
    await services.walks.update(owner, { uuid: two.uuid, places: [{ id: place.id }] }, 'en')
    return { owner, first, second, place, one, two }
  }

  it('loads the chosen category: places (names and positions), routes, QR codes, statistics and the first route', async () => {
    const { owner, second, place, one } = await setup()
    const data = await load(owner, `?category=${second.id}`)
    expect(data.category).toEqual({ id: second.id, name: 'Beta', slug: second.slug, fallbackLocale: 'en', contentLocales: ['en', 'fr', 'de', 'it'] })
    expect(data.categories.map((c) => c.name)).toEqual(expect.arrayContaining(['Alpha', 'Beta']))
    expect(data.places.map((p) => p.name).sort()).toEqual(['Bridge', 'Office'])
    expect(data.places.find((p) => p.id === place.id)).toEqual({ id: place.id, place_category_id: second.id, name: 'Bridge', lat: 46.5, lng: 6.6, created_at: expect.any(String) })
    expect(data.routes).toHaveLength(2)
    expect(data.route?.uuid).toBe(data.routes[0].uuid)
    expect(data.routes.map((r) => r.uuid)).toContain(one.uuid)
    expect(data.qrCodes).toEqual([])
    expect(data.stats).toEqual({ year: new Date().getUTCFullYear(), views: 0, likes: 0 })
    expect(data.routeMissing).toBe(false)
    expect(data.tiles.tileUrl).toBe(ctx.t.config.TILE_URL)
  })

  it('opens the asked route; an unknown one is reported and the first opens instead', async () => {
    const { owner, second, two } = await setup()
    const asked = await load(owner, `?category=${second.id}&route=${two.uuid}`)
    expect(asked.route?.uuid).toBe(two.uuid)
    expect(asked.route?.places.map((p: { name: string }) => p.name)).toEqual(['Bridge'])
    const unknown = await load(owner, `?category=${second.id}&route=no-such-route`)
    expect(unknown.routeMissing).toBe(true)
    expect(unknown.route?.uuid).toBe(unknown.routes[0].uuid)
  })

  it('opens a route linked alone (?route=UUID, no category) in its own category', async () => {
    const { owner, first, second, two } = await setup()
    expect((await load(owner, '')).category?.id).toBe(first.id)
    const data = await load(owner, `?route=${two.uuid}`)
    expect(data.category?.id).toBe(second.id)
    expect(data.route?.uuid).toBe(two.uuid)
    expect(data.routeMissing).toBe(false)
    const unknown = await load(owner, '?route=no-such-route')
    expect(unknown.category?.id).toBe(first.id)
    expect(unknown.routeMissing).toBe(true)
  })

  it('selects nothing for ?category=none (a category chosen again), and the subdomain’s category by default', async () => {
    const { owner, second } = await setup()
    const none = await load(owner, '?category=none')
    expect(none.category).toBeNull()
    expect(none.route).toBeNull()
    expect(none.categories.length).toBeGreaterThanOrEqual(2)
    expect((await load(owner, '', second.slug)).category?.id).toBe(second.id)
  })

  it('shows an editor their categories only; another tenant’s id falls back to their own', async () => {
    const { second } = await setup()
    const { user: editor } = await createUser(ctx.t.services)
    const { user: stranger } = await createUser(ctx.t.services)
    await addMember(ctx.t.services, second.id, editor, 'editor')
    const data = await load(editor, `?category=${second.id}`)
    expect(data.categories.map((c) => c.id)).toEqual([second.id])
    expect(data.route).not.toBeNull()
    const theirs = await load(stranger, `?category=${second.id}`)
    expect(theirs.category).toBeNull()
    expect(theirs.places).toEqual([])
  })

  it('opens a category without located places where they will likely be: its parent’s places, else the user’s other ones', async () => {
    const { services } = ctx.t
    const { owner, first, second } = await setup()
    // The category's own places: the page frames them, nothing else is needed.
    expect((await load(owner, `?category=${second.id}`)).likelyArea).toEqual([])
    // Alpha has none: the box of the user's other places (Beta's Bridge, the last added).
    expect((await load(owner, `?category=${first.id}`)).likelyArea).toEqual([
      { lat: 46.5, lng: 6.6 },
      { lat: 46.5, lng: 6.6 },
    ])
    // A sub-category of Alpha: Alpha's places first, when it has some.
    const child = await createCategory(services, owner, { name: 'Gamma', parent_id: first.id })
    await services.places.create(owner, { place_category_id: first.id, name: 'Tower', lat: 47.1, lng: 7.2 })
    await services.places.create(owner, { place_category_id: first.id, name: 'Gate', lat: 47.0, lng: 7.0 })
    expect((await load(owner, `?category=${child.id}`)).likelyArea).toEqual([
      { lat: 47.0, lng: 7.0 },
      { lat: 47.1, lng: 7.2 },
    ])
    // Without a parent's places: the category the user last added a place to (Alpha, not Beta).
    const other = await createCategory(services, owner, { name: 'Epsilon' })
    expect((await load(owner, `?category=${other.id}`)).likelyArea).toEqual([
      { lat: 47.0, lng: 7.0 },
      { lat: 47.1, lng: 7.2 },
    ])
    // Another user's places never show through: a newcomer's only category has no hint.
    const { user: stranger } = await createUser(services)
    const own = await createCategory(services, stranger, { name: 'Delta' })
    expect((await load(stranger, `?category=${own.id}`)).likelyArea).toEqual([])
  })
})

describe.each(testDialects)('map editor loader with subdomain routing on %s', (dialect) => {
  const ctx = useTestApi(dialect, { SUBDOMAIN_ROUTING: 'true', BASE_URL: 'https://example.org' })

  it('moves a chosen category to its subdomain, keeping the path', async () => {
    const { user } = await createUser(ctx.t.services)
    const category = await createCategory(ctx.t.services, user, { name: 'Gamma' })
    const call = (categorySlug: string | null) =>
      loadMapEditor({
        context: { services: ctx.t.services, user, token: null, clientIp: '203.0.113.9', categorySlug },
        request: new Request(`https://example.org/fr/map?category=${category.id}`),
        params: { lang: 'fr' },
      } as never)
    const thrown = (await call(null).catch((e: unknown) => e)) as Response
    expect(thrown).toBeInstanceOf(Response)
    expect(thrown.status).toBe(302)
    expect(thrown.headers.get('Location')).toBe(`https://${category.slug}.example.org/fr/map?category=${category.id}`)
    expect((await call(category.slug)).category?.slug).toBe(category.slug)
  })
})

describe.each(testDialects)('map editor loader with the address search off on %s', (dialect) => {
  const off = useTestApi(dialect, { GEOCODER: 'off' })
  const on = useTestApi(dialect)

  it('offers "Find a town or address" unless GEOCODER=off', async () => {
    const load = async (services: typeof on.t.services) => {
      const { user } = await createUser(services)
      const category = await createCategory(services, user, { name: 'Riviera' })
      return loadMapEditor({
        context: { services, user, token: null, clientIp: '203.0.113.9', categorySlug: null },
        request: new Request(`http://localhost:3000/map?category=${category.id}`),
        params: {},
      } as never)
    }
    expect((await load(off.t.services)).geocoding).toBe(false)
    expect((await load(on.t.services)).geocoding).toBe(true)
  })
})
