import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApi, type TestApi } from '#tests/setup/test-app.ts'
import { testDialects, type TestDb } from '#tests/setup/test-db.ts'
import { createUser } from '#tests/setup/factories.ts'
import { assertValidGpx } from '#tests/setup/gpx-schema.ts'
import { importFile, owner, placesOf, warmImportWorker } from './transfer.test-fixtures.ts'

// GET /place-categories/{id}/export and one route as GeoJSON and KML; export → import round trips.

const line = (...points: [number, number][]) => ({ type: 'Feature' as const, properties: {}, geometry: { type: 'LineString' as const, coordinates: points } })

/**
 * A category with texts in several languages, a place without texts, one without coordinates (the
 * demo's "Lausanne Tourisme (office)"), three routes (one without a path, one with neither a path
 * nor stops yet).
 */
async function seed(t: TestApi, token: string, categoryId: number) {
  const place = async (name: string, lat: number | null, lng: number | null) =>
    (await t.call('POST', '/places', { token, body: { place_category_id: categoryId, name, lat, lng } })).json.data.id as number
  const a = await place('Cathédrale', 46.5225, 6.6355)
  const b = await place('Château "Saint-Maire" & <tour>', 46.5241, 6.6366)
  const c = await place('Escaliers du marché', 46.5215, 6.6328)
  await t.services.db.insertInto('place_translations').values([
    { place_id: a, locale: 'fr', name: null, description: 'La plus grande église de Suisse.' },
    { place_id: a, locale: 'de', name: 'Kathedrale', description: 'Die grösste Kirche der Schweiz.' },
    { place_id: b, locale: 'it', name: 'Castello', description: null },
  ]).execute()
  const store = async (name: string) => (await t.call('POST', '/routes/store', { token, body: { name, place_category_id: categoryId, locale: 'fr' } })).json.data.uuid as string
  const old = await store('Vieille ville')
  const res = await t.call('PUT', '/routes/update', {
    token,
    body: {
      uuid: old,
      status: 'published',
      color: 'bg-violet',
      // A walking time from the directions service, not the path's at walking pace: kept by a round trip.
      duration: 1234,
      places: [{ id: a }, { id: b }, { id: c }],
      features_collection: { type: 'FeatureCollection', features: [line([6.6355, 46.5225], [6.636, 46.5233], [6.6366, 46.5241]), line([6.6366, 46.5241], [6.6328, 46.5215])] },
      translations: { fr: { subtitle: 'Au cœur de la cité', description: 'Une boucle.' }, de: { name: 'Altstadt', subtitle: 'Im Herzen' }, en: { content_title: 'History' } },
    },
  })
  expect(res.status, JSON.stringify(res.json)).toBe(200)
  const office = await place('Lausanne Tourisme (office)', null, null)
  await t.services.db.insertInto('place_translations').values([{ place_id: office, locale: 'de', name: 'Lausanne Tourismus (Büro)', description: null }]).execute()
  const stopsOnly = await store('Escaliers')
  await t.call('PUT', '/routes/update', { token, body: { uuid: stopsOnly, places: [{ id: c }, { id: a }] } })
  const empty = await store('À venir')
  return { a, b, c, office, old, stopsOnly, empty }
}

/** What must survive a round trip: places with texts, routes with texts, ordered stops (by name), path, measures. */
async function contentOf(testDb: TestDb, categoryId: number, options: { texts?: 'all' | 'fallback' } = {}) {
  const places = (await placesOf(testDb, categoryId)).map(({ name, lat, lng, texts }) => ({
    name,
    lat,
    lng,
    texts: options.texts === 'fallback' ? { fr: { description: texts.fr?.description ?? null } } : texts,
  }))
  const walks = await testDb.db.selectFrom('walks').selectAll().where('category_id', '=', categoryId).orderBy('created_at').orderBy('id').execute()
  const routes = []
  for (const walk of walks) {
    const texts = await testDb.db.selectFrom('walk_translations').selectAll().where('walk_id', '=', walk.id).orderBy('locale').execute()
    const stops = await testDb.db.selectFrom('walk_places').innerJoin('places', 'places.id', 'walk_places.place_id').select('places.name').where('walk_id', '=', walk.id).orderBy('sort_id').execute()
    const lines = walk.features_collection ? JSON.parse(walk.features_collection).features.map((f: { geometry: { coordinates: number[][] } }) => f.geometry.coordinates) : null
    routes.push({
      color: walk.color,
      distance: walk.distance,
      duration: walk.duration,
      lines,
      stops: stops.map((s) => s.name),
      texts:
        options.texts === 'fallback'
          ? texts.filter((x) => x.locale === 'fr').map((x) => ({ name: x.name, description: x.description }))
          : texts.map(({ walk_id: _w, ...x }) => x),
    })
  }
  return { places: places.sort((x, y) => x.name.localeCompare(y.name)), routes }
}

describe.each(testDialects)('export on %s', (dialect) => {
  beforeAll(warmImportWorker, 120_000)
  const { t, testDb } = useTestApi(dialect)

  it.each(['geojson', 'kml'] as const)('%s: export → import into an empty category gives the same places and routes', async (format) => {
    const from = await owner(t)
    await seed(t, from.token, from.category.id)
    const res = await t.call('GET', `/place-categories/${from.category.id}/export?format=${format}`, { token: from.token })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${from.category.slug}.${format}"`)
    const to = await owner(t)
    const imported = await importFile(t, to.token, to.category.id, res.text, { name: `export.${format}` })
    expect(imported.status, imported.text).toBe(200)
    expect(imported.json.data.errors).toEqual([])
    const original = await contentOf(testDb, from.category.id)
    const copy = await contentOf(testDb, to.category.id)
    // Imported routes start as drafts; everything else is equal.
    expect(copy).toEqual(original)
    expect((original.routes[0].texts as unknown as { locale: string }[]).map((x) => x.locale)).toEqual(['de', 'en', 'fr'])
    // A place without coordinates and a route with neither path nor stops come back too.
    expect(original.routes.map((r) => [r.lines?.length ?? null, r.stops.length])).toEqual([[2, 3], [null, 2], [null, 0]])
    expect(original.routes[0].duration).toBe(1234)
    expect(original.places.find((p) => p.lat === null)).toEqual({ name: 'Lausanne Tourisme (office)', lat: null, lng: null, texts: { de: { name: 'Lausanne Tourismus (Büro)', description: null } } })
    expect(original.places.filter((p) => Object.keys(p.texts).length > 0)).toHaveLength(3)
    expect(await testDb.db.selectFrom('walks').select('status').where('category_id', '=', to.category.id).execute()).toEqual([{ status: 'draft' }, { status: 'draft' }, { status: 'draft' }])
    // The same file again with "skip" writes nothing: the place without position is there by its name.
    const again = await importFile(t, to.token, to.category.id, res.text, { name: `export.${format}`, query: '?dry_run=true' })
    expect(again.json.data.summary).toMatchObject({ places_created: 0, places_skipped: 4, routes_created: 0, routes_skipped: 3 })
    expect(again.json.data.places.find((p) => p.lat === null)).toMatchObject({ status: 'existing', existing: { name: 'Lausanne Tourisme (office)', distance: null } })
  })

  it('gpx: places, routes with their stops and paths, in the fallback language', async () => {
    const from = await owner(t)
    await seed(t, from.token, from.category.id)
    const res = await t.call('GET', `/place-categories/${from.category.id}/export?format=gpx`, { token: from.token })
    expect(res.headers.get('content-type')).toBe('application/gpx+xml; charset=utf-8')
    // A route with stops and a path, then one with stops only: waypoints, routes, tracks, in the schema's order.
    assertValidGpx(res.text)
    const to = await owner(t)
    const imported = await importFile(t, to.token, to.category.id, res.text)
    expect(imported.json.data.errors).toEqual([])
    const original = await contentOf(testDb, from.category.id, { texts: 'fallback' })
    const copy = await contentOf(testDb, to.category.id, { texts: 'fallback' })
    // A waypoint needs a position, and a route with neither path nor stops has nothing to write:
    // the file says so in its description, in the category's language, and has the rest.
    expect(res.text).toContain('<metadata><name>')
    expect(res.text).toContain(
      '<desc>Absents de ce fichier GPX (un point de passage exige une position) : lieux sans position : Lausanne Tourisme (office). Absents de ce fichier GPX (rien à écrire) : itinéraires sans tracé ni étapes : À venir.</desc>',
    )
    expect(copy.places).toEqual(original.places.filter((p) => p.lat !== null))
    // GPX has no route colour nor walking time: the copies take the default colour and the path's time at walking pace.
    const comparable = (routes: typeof original.routes) => routes.map(({ texts, color: _color, duration: _duration, ...r }) => ({ ...r, name: texts[0]?.name }))
    expect(copy.routes[0].duration).not.toBe(original.routes[0].duration)
    expect(comparable(copy.routes)).toEqual(comparable(original.routes).filter((r) => r.lines !== null || r.stops.length > 0))
  })

  it('heights: a waypoint’s height is kept on import and written back in GPX, GeoJSON and KML', async () => {
    const from = await owner(t)
    const gpx = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">',
      '<wpt lat="42.43095" lon="-71.107628"><ele>23.4696</ele><name>5066</name></wpt>',
      '<wpt lat="42.43" lon="-71.1"><name>No height</name></wpt>',
      '</gpx>',
    ].join('\n')
    expect((await importFile(t, from.token, from.category.id, gpx, { name: 'blue_hills.gpx' })).status).toBe(200)
    expect(await testDb.db.selectFrom('places').select(['name', 'ele']).where('category_id', '=', from.category.id).orderBy('id').execute()).toEqual([
      { name: '5066', ele: 23.5 },
      { name: 'No height', ele: null },
    ])
    const exported = async (format: string) => (await t.call('GET', `/place-categories/${from.category.id}/export?format=${format}`, { token: from.token })).text
    const back = await exported('gpx')
    assertValidGpx(back)
    expect(back).toContain('<wpt lat="42.43095" lon="-71.107628"><ele>23.5</ele><name>5066</name></wpt>')
    expect(back).toContain('<wpt lat="42.43" lon="-71.1"><name>No height</name></wpt>')
    expect(JSON.parse(await exported('geojson')).features[0].geometry.coordinates).toEqual([-71.107628, 42.43095, 23.5])
    expect(await exported('kml')).toContain('<coordinates>-71.107628,42.43095,23.5</coordinates>')
    // And the exports read back keep it.
    const to = await owner(t)
    expect((await importFile(t, to.token, to.category.id, await exported('kml'))).status).toBe(200)
    expect(await testDb.db.selectFrom('places').select(['name', 'ele']).where('category_id', '=', to.category.id).orderBy('id').execute()).toEqual([
      { name: '5066', ele: 23.5 },
      { name: 'No height', ele: null },
    ])
  })

  it('csv: the places with their texts in every language, and the routes they are stops of', async () => {
    const from = await owner(t)
    await seed(t, from.token, from.category.id)
    const res = await t.call('GET', `/place-categories/${from.category.id}/export?format=csv`, { token: from.token })
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    // A BOM first, so spreadsheets read the file as UTF-8 (the text decoder drops it).
    const raw = await t.api.request(`/place-categories/${from.category.id}/export?format=csv`, { headers: { Authorization: `Bearer ${from.token}` } })
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(res.text.split('\r\n')[0]).toBe('name,lat,lng,description,name_en,description_en,name_fr,description_fr,name_de,description_de,name_it,description_it,routes')
    expect(res.text).toContain('Cathédrale,46.5225,6.6355,La plus grande église de Suisse.,,,,La plus grande église de Suisse.,Kathedrale,Die grösste Kirche der Schweiz.,,,Vieille ville #1; Escaliers #2')
    // A place without position is a row with empty position cells, read back as one.
    expect(res.text).toContain('Lausanne Tourisme (office),,,,,,,,Lausanne Tourismus (Büro),,,,')
    const to = await owner(t)
    const imported = await importFile(t, to.token, to.category.id, res.text)
    expect(imported.json.data.errors).toEqual([])
    expect((await contentOf(testDb, to.category.id)).places).toEqual((await contentOf(testDb, from.category.id)).places)
  })

  it('neutralises spreadsheet formulas in CSV cells', async () => {
    const m = await owner(t)
    await t.call('POST', '/places', { token: m.token, body: { place_category_id: m.category.id, name: '=HYPERLINK("http://evil")', lat: 1, lng: 2 } })
    const res = await t.call('GET', `/place-categories/${m.category.id}/export?format=csv`, { token: m.token })
    expect(res.text).toContain(`"'=HYPERLINK(""http://evil"")"`)
  })

  it('is for members only: another tenant gets 404, a visitor 401, a bad format 422', async () => {
    const m = await owner(t)
    const outsider = await createUser(t.services)
    expect((await t.call('GET', `/place-categories/${m.category.id}/export?format=csv`, { token: outsider.token })).status).toBe(404)
    expect((await t.call('GET', `/place-categories/${m.category.id}/export?format=csv`)).status).toBe(401)
    expect((await t.call('GET', `/place-categories/${m.category.id}/export?format=xlsx`, { token: m.token })).status).toBe(422)
  })

  it('one route as GeoJSON and KML beside its GPX: public when published, drafts for members only', async () => {
    const m = await owner(t)
    const { old, stopsOnly } = await seed(t, m.token, m.category.id)
    const geo = await t.call('GET', `/routes/${old}/geojson`)
    expect(geo.status).toBe(200)
    const collection = JSON.parse(geo.text)
    expect(collection.features.map((f: { properties: { kind: string } }) => f.properties.kind)).toEqual(['place', 'place', 'place', 'route'])
    expect(collection.features[3].properties).toMatchObject({ name: 'Vieille ville', 'name:de': 'Altstadt', url: `http://localhost:3000/r/${m.category.slug}/vieille-ville` })
    const kml = await t.call('GET', `/routes/vieille-ville/kml?category=${m.category.slug}`)
    expect([kml.status, kml.headers.get('content-type')]).toEqual([200, 'application/vnd.google-earth.kml+xml; charset=utf-8'])
    expect(kml.text).toContain('<name>Vieille ville</name>')
    expect((await t.call('GET', `/routes/${stopsOnly}/geojson`)).status).toBe(404)
    expect((await t.call('GET', `/routes/${stopsOnly}/kml`, { token: m.token })).status).toBe(200)
  })
})
