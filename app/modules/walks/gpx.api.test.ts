import { describe, expect, it } from 'vitest'
import { PublicPlaces } from '#app/modules/places/public-places.server.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { addMember, createUser } from '#tests/setup/factories.ts'
import { assertValidGpx } from '#tests/setup/gpx-schema.ts'
import { assertWellFormedXml } from './gpx.test-helpers.ts'
import { insertPlace, manager, storeRoute } from './walks.test-fixtures.ts'

describe.each(testDialects)('GET /routes/{ref}/gpx on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect)
  const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}`

  /** A route with two places (one with a name to escape), published unless asked otherwise. */
  async function routeWithPlaces(status: 'draft' | 'published' = 'published', extra: Record<string, unknown> = {}) {
    const m = await manager(t)
    const a = await insertPlace(testDb.db, m.category.id, { name: 'Café <Lac> & "Port"', lat: 46.5, lng: 6.6 })
    const b = await insertPlace(testDb.db, m.category.id, { name: 'Tower', lat: 46.51, lng: 6.61 })
    const slug = unique('lake')
    const created = await storeRoute(t, m.token, m.category.id, { url: slug, name: 'Lake & hills' })
    const res = await t.call('PUT', '/routes/update', { token: m.token, body: { uuid: created.uuid, status, places: [{ id: a }, { id: b }], ...extra } })
    expect(res.status, JSON.stringify(res.json)).toBe(200)
    return { m, uuid: created.uuid as string, slug, places: [a, b] }
  }

  it('answers a published route as a GPX attachment to anyone, by uuid and by category and slug', async () => {
    const { m, uuid, slug } = await routeWithPlaces()
    for (const path of [`/routes/${uuid}/gpx`, `/routes/${slug}/gpx?category=${m.category.slug}`] as const) {
      const res = await t.call('GET', path)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/gpx+xml; charset=utf-8')
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${slug}.gpx"`)
      assertWellFormedXml(res.text)
      assertValidGpx(res.text)
      expect(res.text.match(/<wpt /g)).toHaveLength(2)
      expect(res.text).toContain('<name>1. Café &lt;Lac&gt; &amp; &quot;Port&quot;</name>')
      expect(res.text).toContain('<name>Lake &amp; hills</name>')
      expect(res.text.match(/<rtept /g)).toHaveLength(2)
      expect(res.text).toContain(`<link href="http://localhost:3000/m/${m.category.slug}/${slug}">`)
    }
    // A route made after ADR 011 has no category-less address.
    expect((await t.call('GET', `/routes/${slug}/gpx`)).status).toBe(404)
  })

  it('writes the drawn path as a track when the path is visible, and a route through the places when it is hidden', async () => {
    const features_collection = {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: [[6.6, 46.5], [6.605, 46.505], [6.61, 46.51]] } }],
    }
    const visible = await routeWithPlaces('published', { features_collection, isPathVisible: true })
    const track = await t.call('GET', `/routes/${visible.uuid}/gpx`)
    assertWellFormedXml(track.text)
    assertValidGpx(track.text)
    expect(track.text.match(/<trkpt /g)).toHaveLength(3)
    expect(track.text).not.toContain('<rte>')
    const hidden = await routeWithPlaces('published', { features_collection, isPathVisible: false })
    const route = await t.call('GET', `/routes/${hidden.uuid}/gpx`)
    expect(route.text).not.toContain('<trk>')
    expect(route.text.match(/<rtept /g)).toHaveLength(2)
  })

  it('hides a draft from guests and from members of other categories (404), and gives it to members', async () => {
    const { m, uuid, slug } = await routeWithPlaces('draft')
    expect(await t.call('GET', `/routes/${uuid}/gpx`)).toMatchObject({ status: 404, json: { message: 'Not found.' } })
    expect(await t.call('GET', `/routes/${slug}/gpx?category=${m.category.slug}`)).toMatchObject({ status: 404, json: { message: 'Not found.' } })
    const stranger = await manager(t)
    expect((await t.call('GET', `/routes/${uuid}/gpx`, { token: stranger.token })).status).toBe(404)
    const editor = await createUser(t.services)
    await addMember(t.services, m.category.id, editor.user, 'editor')
    const asEditor = await t.call('GET', `/routes/${uuid}/gpx`, { token: editor.token })
    expect(asEditor.status).toBe(200)
    assertWellFormedXml(asEditor.text)
    assertValidGpx(asEditor.text)
  })

  it('answers 404 for an unknown uuid or slug', async () => {
    expect((await t.call('GET', '/routes/00000000-0000-4000-8000-000000000000/gpx')).status).toBe(404)
    expect((await t.call('GET', `/routes/${unique('nothing')}/gpx`)).status).toBe(404)
  })

  it('PublicPlaces reads secrets of places and the first published route of a place', async () => {
    const draft = await routeWithPlaces('draft')
    const places = new PublicPlaces(testDb.db)
    expect(await places.firstPublishedRoute(draft.places[0])).toBeUndefined()
    await t.call('PUT', '/routes/update', { token: draft.m.token, body: { uuid: draft.uuid, status: 'published' } })
    expect(await places.firstPublishedRoute(draft.places[0])).toMatchObject({ slug: draft.slug, category_slug: draft.m.category.slug })
    const secret = await t.call('POST', `/places/${draft.places[1]}/secrets`, { token: draft.m.token, body: { title: 'Steps', text: '302 of them' } })
    expect(secret.status, JSON.stringify(secret.json)).toBeLessThan(300)
    const locale = secret.json.data.locale!
    expect(await places.secretsByPlace(draft.places, { locale, fallback: locale })).toEqual({
      [draft.places[0]]: [],
      [draft.places[1]]: [{ id: secret.json.data.id, title: 'Steps', text: '302 of them', locale }],
    })
    expect(await places.place(draft.places[0])).toMatchObject({ name: 'Café <Lac> & "Port"', category_slug: draft.m.category.slug })
  })
})
