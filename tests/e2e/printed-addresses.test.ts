import QRCode from 'qrcode'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { manager, storeRoute } from '#app/modules/walks/walks.test-fixtures.ts'
import { addMember, createUser } from '../setup/factories.ts'
import { importBuiltApp, type BuiltApp } from '../setup/built-app.ts'
import { createTestApi, type TestApi } from '../setup/test-app.ts'
import { createTestDb, testDialects, type TestDb } from '../setup/test-db.ts'

// ADR 011 over HTTP, the built app in process: a printed address never changes meaning because
// of another tenant, and every old address of a route or category redirects to its canonical one.

const BEFORE = '2026-11-21T1300-list-cache'
const SLUG = 'la-vieille-ville'
const page = (host: string, headers: Record<string, string> = {}) => ({ headers: { accept: 'text/html', host, ...headers } })
const location = (res: Response) => [res.status, res.headers.get('location')]

describe.each(testDialects)('printed addresses over HTTP on %s', (dialect) => {
  let built: BuiltApp
  let testDb: TestDb
  /** The route published before ADR 011, with an activated plaque on its first place. */
  const legacy = { category: 'legacy-town', walkId: 0, uuid: '', placeId: 0, code: 'PLQ7K2MX' }

  beforeAll(async () => {
    built = await importBuiltApp()
    testDb = await createTestDb(dialect, { upTo: BEFORE })
    const { db } = testDb
    const now = '2025-05-01T08:00:00.000Z'
    const category = await db
      .insertInto('place_categories')
      .values({ parent_id: null, slug: legacy.category, name: 'Legacy town', fallback_locale: 'en', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    legacy.uuid = crypto.randomUUID()
    const walk = await db
      .insertInto('walks')
      .values({ uuid: legacy.uuid, category_id: category.id, slug: SLUG, status: 'published', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    legacy.walkId = walk.id
    await db
      .insertInto('walk_translations')
      .values({ walk_id: walk.id, locale: 'en', name: 'The legacy old town', subtitle: null, description: null, content_title: null, content_text: null, logo_title: null })
      .execute()
    const place = await db
      .insertInto('places')
      .values({ category_id: category.id, name: 'Cathedral', lat: 46.5225, lng: 6.6355, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    legacy.placeId = place.id
    await db.insertInto('walk_places').values({ walk_id: walk.id, place_id: place.id, sort_id: 1 }).execute()
    await db.insertInto('walk_qr_codes').values(['route', 'landing', 'map'].map((kind) => ({ walk_id: walk.id, kind: kind as 'map', created_at: now }))).execute()
    await db
      .insertInto('qr_codes')
      .values({ category_id: category.id, code: legacy.code, image_url: 'http://localhost:3000/api/qr-codes/x/image.svg', name: null, place_id: place.id, user_id: null, activated_at: now, created_at: now })
      .execute()
    await testDb.migrateToLatest()
  })
  afterAll(async () => {
    await testDb?.destroy()
  })

  function appWith(overrides: Record<string, string> = {}) {
    const t = createTestApi(testDb, overrides, built)
    return { t, app: built.createHttpApp({ services: t.services, build: built, mode: 'production' }) }
  }
  async function published(t: TestApi, token: string, categoryId: number, body: Record<string, unknown>) {
    const route = await storeRoute(t, token, categoryId, body)
    expect((await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, status: 'published' } })).status).toBe(200)
    return route as { uuid: string; slug: string; route_map_page_qr_codes: { id: number }[] }
  }
  /** The legacy category's slug now (a test may rename it). */
  const legacySlug = async (t: TestApi) => (await t.services.addresses.findCategory(legacy.category))!.slug

  /** An owner for the legacy category, as an accepted invitation would make one. */
  async function legacyOwner(t: TestApi) {
    const { user, token } = await createUser(t.services)
    const category = (await t.services.addresses.findCategory(legacy.category))!
    await addMember(t.services, category.id, user, 'owner')
    return { token, categoryId: category.id }
  }

  it('keeps a category-less address printed before leading to its route after another tenant publishes the same slug', async () => {
    const { t, app } = appWith()
    const host = 'localhost:3000'
    const cat = await legacySlug(t)
    const other = await manager(t)
    const theirs = await published(t, other.token, other.category.id, { name: 'Their old town', url: SLUG })
    expect(theirs.slug).toBe(SLUG)

    // The pages: the printed address redirects for good to the canonical one (language and query kept).
    expect(location(await app.request(`/r/${SLUG}`, page(host)))).toEqual([301, `/r/${cat}/${SLUG}`])
    expect(location(await app.request(`/fr/r/${SLUG}`, page(host)))).toEqual([301, `/fr/r/${cat}/${SLUG}`])
    const embed = await app.request(`/m/${SLUG}?place=${legacy.placeId}&embed=1`, page(host))
    expect(location(embed)).toEqual([301, `/m/${cat}/${SLUG}?place=${legacy.placeId}&embed=1`])
    // A map embedded on another site before keeps working: the redirect itself may be framed.
    expect(embed.headers.get('x-frame-options')).toBeNull()
    expect(embed.headers.get('content-security-policy')).toContain('frame-ancestors *')
    // Both canonical addresses answer, each its own route.
    const ours = await app.request(`/r/${cat}/${SLUG}`, page(host))
    expect(ours.status).toBe(200)
    expect(await ours.text()).toContain('The legacy old town')
    const theirPage = await app.request(`/r/${other.category.slug}/${SLUG}`, page(host))
    expect(theirPage.status).toBe(200)
    expect(await theirPage.text()).toContain('Their old town')
    for (const category of [cat, other.category.slug]) expect((await app.request(`/m/${category}/${SLUG}`, page(host))).status).toBe(200)

    // GPX by slug and the API by slug: the claim without a category, the named category with one.
    const gpx = await t.call('GET', `/routes/${SLUG}/gpx`)
    expect(gpx.status).toBe(200)
    expect(gpx.text).toContain('The legacy old town')
    expect((await t.call('GET', `/routes/${SLUG}/gpx?category=${other.category.slug}`)).text).toContain('Their old town')
    expect((await t.call('POST', '/routes/slug', { body: { routeSlug: SLUG } })).json.data.uuid).toBe(legacy.uuid)
    expect((await t.call('POST', '/routes/slug', { body: { routeSlug: SLUG, place_category_slug: other.category.slug } })).json.data.uuid).toBe(theirs.uuid)

    // The plaque, typed in lowercase: the canonical map page itself, focused on its place (one
    // round trip, ADR 071), naming its canonical address.
    const scanned = await app.request(`/q/${legacy.code.toLowerCase()}`, page(host))
    expect(scanned.status).toBe(200)
    const scannedHtml = await scanned.text()
    expect(scannedHtml).toContain(`<link rel="canonical" href="http://localhost:3000/m/${cat}/${SLUG}"/>`)
    expect(scannedHtml).toContain(`&quot;focus&quot;:${legacy.placeId}`)

    // The route's QR codes now encode the canonical addresses.
    const mapQr = await testDb.db.selectFrom('walk_qr_codes').select('id').where('walk_id', '=', legacy.walkId).where('kind', '=', 'map').executeTakeFirstOrThrow()
    const svg = await (await app.request(`/api/route-qr-codes/${mapQr.id}/image.svg`)).text()
    expect(svg).toBe(await QRCode.toString(`http://localhost:3000/m/${cat}/${SLUG}`, { type: 'svg', margin: 4, width: 512, errorCorrectionLevel: 'M' }))
    const theirQr = await (await app.request(`/api/route-qr-codes/${theirs.route_map_page_qr_codes[0].id}/image.svg`)).text()
    expect(theirQr).toBe(await QRCode.toString(`http://localhost:3000/m/${other.category.slug}/${SLUG}`, { type: 'svg', margin: 4, width: 512, errorCorrectionLevel: 'M' }))

    // A slug no route had before ADR 011 has no category-less address.
    expect((await app.request('/r/their-new-walk', page(host))).status).toBe(404)
    const fresh = await published(t, other.token, other.category.id, { name: 'Their new walk' })
    expect((await app.request(`/r/${fresh.slug}`, page(host))).status).toBe(404)
    expect((await app.request(`/r/${other.category.slug}/${fresh.slug}`, page(host))).status).toBe(200)
  })

  it('redirects the old addresses of a renamed route and category, and never serves a kept page at an old address', async () => {
    const { t, app } = appWith()
    const host = 'localhost:3000'
    const { token, category } = await manager(t)
    const route = await published(t, token, category.id, { name: 'Harbour walk' })
    const canonical = `/r/${category.slug}/${route.slug}`
    // Kept by the render cache: the second answer comes from it (same ETag).
    const first = await app.request(canonical, page(host))
    expect(first.status).toBe(200)
    expect((await app.request(canonical, page(host))).headers.get('etag')).toBe(first.headers.get('etag'))

    expect((await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, slug: 'harbour-promenade' } })).status).toBe(200)
    expect(location(await app.request(canonical, page(host)))).toEqual([301, `/r/${category.slug}/harbour-promenade`])
    expect(location(await app.request(`/m/${category.slug}/${route.slug}?place=7`, page(host)))).toEqual([301, `/m/${category.slug}/harbour-promenade?place=7`])

    const renamed = `${category.slug}-port`
    expect((await t.call('PUT', `/place-categories/${category.id}`, { token, body: { slug: renamed } })).status).toBe(200)
    // From any old address straight to the canonical one, in one hop.
    for (const old of [canonical, `/r/${category.slug}/harbour-promenade`, `/r/${renamed}/${route.slug}`]) {
      expect(location(await app.request(old, page(host)))).toEqual([301, `/r/${renamed}/harbour-promenade`])
    }
    const now = await app.request(`/r/${renamed}/harbour-promenade`, page(host))
    expect(now.status).toBe(200)
    expect(await now.text()).toContain('Harbour walk')
    // A new route of the category does not get the old slug.
    const taken = await t.call('POST', '/routes/store', { token, body: { name: 'Harbour walk', place_category_id: category.id } })
    expect(taken.json.data.slug).toBe('harbour-walk-2')
  })

  it('with subdomain routing: base-host and old-subdomain addresses move to the category’s current subdomain', async () => {
    const { t, app } = appWith({ BASE_URL: 'http://trailguide.test', SUBDOMAIN_ROUTING: 'on' })
    const base = 'trailguide.test'
    const current = await legacySlug(t)
    const sub = (slug: string) => `${slug}.trailguide.test`
    expect(location(await app.request(`/r/${SLUG}`, page(base)))).toEqual([301, `http://${sub(current)}/r/${SLUG}`])
    expect(location(await app.request(`/de/m/${current}/${SLUG}?place=2`, page(base)))).toEqual([301, `http://${sub(current)}/de/m/${SLUG}?place=2`])
    expect((await app.request(`/r/${SLUG}`, page(sub(current)))).status).toBe(200)
    expect(location(await app.request(`/q/${legacy.code}`, page(base)))).toEqual([302, `http://${sub(current)}/m/${SLUG}?place=${legacy.placeId}`])

    const owner = await legacyOwner(t)
    const renamed = `${current}-ville`
    expect((await t.call('PUT', `/place-categories/${owner.categoryId}`, { token: owner.token, body: { slug: renamed } })).status).toBe(200)
    expect(location(await app.request(`/m/${SLUG}?place=2`, page(sub(current))))).toEqual([301, `http://${sub(renamed)}/m/${SLUG}?place=2`])
    // The printed category-less address follows the category too, in one hop.
    expect(location(await app.request(`/r/${SLUG}`, page(base)))).toEqual([301, `http://${sub(renamed)}/r/${SLUG}`])
    // A write on the old subdomain keeps its method.
    expect((await app.request(`/r/${SLUG}`, { method: 'POST', headers: { host: sub(current) } })).status).toBe(308)
    expect((await app.request(`/r/${SLUG}`, page(sub(renamed)))).status).toBe(200)
  })
})
