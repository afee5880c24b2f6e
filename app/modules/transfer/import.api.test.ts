import { sql } from 'kysely'
import { strToU8, zipSync } from 'fflate'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { createDb } from '#app/db/db.server.ts'
import { ImportService } from './import.service.server.ts'
import { ImportWorkers } from './import-workers.server.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { createUser } from '#tests/setup/factories.ts'
import { contentSnapshot, importFile, owner, placesOf, warmImportWorker } from './transfer.test-fixtures.ts'

// POST /place-categories/{id}/import: every format, every kind of bad row, the nearby rule,
// dry runs, all-or-nothing commits, hostile files, tenancy.

/** Metres north of a point, as degrees of latitude. */
const north = (metres: number) => metres / 111_195

const CSV = [
  '\uFEFFNom;Latitude;Longitude;Description;Nom (de)',
  'Cathédrale;46,5225;6,6355;La plus grande église;Kathedrale',
  'Gare;46.5167;6.6291;;Bahnhof',
].join('\r\n')

describe.each(testDialects)('import on %s', (dialect) => {
  beforeAll(warmImportWorker, 120_000)
  const { t, testDb } = useTestApi(dialect)

  describe('CSV', () => {
    it('previews without writing (dry run), then imports: headings recognised, BOM, semicolons, decimal commas, texts per language', async () => {
      const m = await owner(t)
      const before = await contentSnapshot(testDb)
      const preview = await importFile(t, m.token, m.category.id, CSV, { query: '?dry_run=true' })
      expect(preview.status, preview.text).toBe(200)
      expect(await contentSnapshot(testDb)).toEqual(before)
      const data = preview.json.data
      expect(data).toMatchObject({ format: 'csv', dry_run: true, errors: [], summary: { rows: 2, places_created: 2, errors: 0 } })
      expect(data.columns!.mapping).toMatchObject({ name: 'Nom', lat: 'Latitude', lng: 'Longitude', description: 'Description', name_de: 'Nom (de)' })
      expect(data.places.map((p) => [p.row, p.name, p.lat, p.lng, p.status, p.action])).toEqual([
        [2, 'Cathédrale', 46.5225, 6.6355, 'new', 'create'],
        [3, 'Gare', 46.5167, 6.6291, 'new', 'create'],
      ])

      const done = await importFile(t, m.token, m.category.id, CSV)
      expect(done.status, done.text).toBe(200)
      expect(done.json.data.dry_run).toBe(false)
      const places = await placesOf(testDb, m.category.id)
      expect(places.map(({ name, lat, lng, texts }) => ({ name, lat, lng, texts }))).toEqual([
        // The untagged description is the fallback language's (French), beside the German name.
        { name: 'Cathédrale', lat: 46.5225, lng: 6.6355, texts: { de: { name: 'Kathedrale', description: null }, fr: { name: null, description: 'La plus grande église' } } },
        { name: 'Gare', lat: 46.5167, lng: 6.6291, texts: { de: { name: 'Bahnhof', description: null } } },
      ])
    })

    it('puts a description without a language in the category’s language, and follows a mapping given by the screen', async () => {
      const m = await owner(t, { fallback: 'it' })
      const csv = 'Titolo,Y,X,Note\nDuomo,45.4641,9.1919,La cattedrale\n'
      const res = await importFile(t, m.token, m.category.id, csv, { options: { mapping: { name: 'Titolo', lat: 'Y', lng: 'X', description: 'Note' } } })
      expect(res.status, res.text).toBe(200)
      expect((await placesOf(testDb, m.category.id)).map((p) => p.texts)).toEqual([{ it: { name: null, description: 'La cattedrale' } }])
      const unknown = await importFile(t, m.token, m.category.id, csv, { options: { mapping: { name: 'Nope' } } })
      expect([unknown.status, unknown.json.errors.file[0]]).toEqual([422, 'The column “Nope” chosen for name is not in the file.'])
    })

    it('names every bad row as {row, field, message} in the user’s language and imports the others', async () => {
      const m = await owner(t, { locale: 'fr' })
      const csv = [
        'name,lat,lng',
        ',46.5,6.6', // 2: no name
        'No latitude,,6.6', // 3
        'Not a number,abc,6.6', // 4
        'Too far north,91,6.6', // 5
        'Too far east,46.5,181', // 6
        'Good,46.52,6.63', // 7
      ].join('\n')
      const before = await contentSnapshot(testDb)
      const res = await importFile(t, m.token, m.category.id, csv)
      expect(res.status, res.text).toBe(200)
      expect(res.json.data.errors).toEqual([
        { row: 2, field: 'name', message: 'Le nom manque.' },
        { row: 3, field: 'lat', message: 'La coordonnée manque.' },
        { row: 4, field: 'lat', message: 'La coordonnée n’est pas un nombre.' },
        { row: 5, field: 'lat', message: 'La latitude doit être comprise entre -90 et 90.' },
        { row: 6, field: 'lng', message: 'La longitude doit être comprise entre -180 et 180.' },
      ])
      expect(res.json.data.summary).toMatchObject({ rows: 6, places_created: 1, errors: 5 })
      expect((await placesOf(testDb, m.category.id)).map((p) => p.name)).toEqual(['Good'])
      // ?locale= wins over the user's language; a dry run of the same file writes nothing.
      const german = await importFile(t, m.token, m.category.id, csv, { query: '?dry_run=true&locale=de' })
      expect(german.json.data.errors[0]).toEqual({ row: 2, field: 'name', message: 'Der Name fehlt.' })
      expect((await contentSnapshot(testDb)).places).not.toEqual(before.places)
    })
  })

  describe('the nearby rule (a place of the category under 20 m is already there)', () => {
    async function withPlace() {
      const m = await owner(t)
      const res = await t.call('POST', '/places', { token: m.token, body: { place_category_id: m.category.id, name: 'Old bench', lat: 46.5, lng: 6.6 } })
      return { ...m, existing: res.json.data.id as number }
    }
    const file = (metres: number) => `name,lat,lng\nBench,${46.5 + north(metres)},6.6\nFountain,46.6,6.7\n`

    it('marks a place 10 m away as existing (skip by default), one 25 m away as new', async () => {
      const m = await withPlace()
      const near = await importFile(t, m.token, m.category.id, file(10), { query: '?dry_run=true' })
      expect(near.json.data.places[0]).toMatchObject({ row: 2, status: 'existing', action: 'skip', existing: { id: m.existing, name: 'Old bench' } })
      expect(near.json.data.places[0].existing!.distance).toBeCloseTo(10, 0)
      const far = await importFile(t, m.token, m.category.id, file(25), { query: '?dry_run=true' })
      expect(far.json.data.places[0]).toMatchObject({ status: 'new', action: 'create', existing: null })
    })

    it('links, skips or creates anyway, for all or per row', async () => {
      const m = await withPlace()
      const count = async () => (await placesOf(testDb, m.category.id)).length
      const skip = await importFile(t, m.token, m.category.id, file(10), { options: { duplicates: 'skip' } })
      expect(skip.json.data.summary).toMatchObject({ places_created: 1, places_skipped: 1 })
      expect(await count()).toBe(2)
      const link = await importFile(t, m.token, m.category.id, file(10), { options: { duplicates: 'link' } })
      // The fountain is there now too (under 20 m of itself): linked as well.
      expect(link.json.data.summary).toMatchObject({ places_created: 0, places_linked: 2 })
      expect(await count()).toBe(2)
      const perRow = await importFile(t, m.token, m.category.id, file(10), { options: { duplicates: 'skip', rows: { '2': 'create' } } })
      expect(perRow.json.data.places.map((p) => p.action)).toEqual(['create', 'skip'])
      expect(await count()).toBe(3)
    })

    it('is idempotent with "skip": the same file twice writes nothing the second time, routes included', async () => {
      const m = await owner(t)
      const gpx = `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
        <wpt lat="46.5" lon="6.6"><name>Start</name></wpt><wpt lat="46.51" lon="6.61"><name>End</name></wpt>
        <trk><name>Loop</name><trkseg><trkpt lat="46.5" lon="6.6"/><trkpt lat="46.505" lon="6.605"/><trkpt lat="46.51" lon="6.61"/></trkseg></trk></gpx>`
      const first = await importFile(t, m.token, m.category.id, gpx, { options: { duplicates: 'skip' } })
      expect(first.json.data.summary).toMatchObject({ places_created: 2, routes_created: 1 })
      const between = await contentSnapshot(testDb)
      const second = await importFile(t, m.token, m.category.id, gpx, { options: { duplicates: 'skip' } })
      expect(second.status).toBe(200)
      expect(second.json.data.summary).toMatchObject({ places_created: 0, places_skipped: 2, routes_created: 0, routes_skipped: 1 })
      expect(second.json.data.routes[0]).toMatchObject({ status: 'existing', existing: { uuid: first.json.data.routes[0].uuid, name: 'Loop' } })
      expect(await contentSnapshot(testDb)).toEqual(between)
    })
  })

  describe('GeoJSON, GPX, KML and KMZ', () => {
    const geojson = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', id: 'a', geometry: { type: 'Point', coordinates: [6.6, 46.5] }, properties: { name: 'Start', 'name:fr': 'Départ', description: 'Here' } },
        { type: 'Feature', id: 'b', geometry: { type: 'Point', coordinates: [6.61, 46.51] }, properties: { title: 'End' } },
        {
          type: 'Feature',
          geometry: { type: 'LineString', coordinates: [[6.6, 46.5], [6.605, 46.505], [6.61, 46.51]] },
          properties: { name: 'Walk', subtitle: 'Short', stops: ['a', 'b'], stroke: '#0D7BB9' },
        },
        { type: 'Feature', geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] }, properties: { name: 'Park' } },
        { type: 'Feature', geometry: { type: 'Point', coordinates: [200, 46] }, properties: { name: 'Nowhere' } },
      ],
    })

    it('GeoJSON: points are places, a line is a draft route with its path, stops, distance and duration at 1.4 m/s', async () => {
      const m = await owner(t)
      const res = await importFile(t, m.token, m.category.id, geojson, { name: 'x.json' })
      expect(res.status, res.text).toBe(200)
      expect(res.json.data.format).toBe('geojson')
      expect(res.json.data.errors).toEqual([
        { row: 4, field: 'geometry', message: 'Only points (places) and lines (routes) can be imported.' },
        { row: 5, field: 'lng', message: 'The longitude must be between -180 and 180.' },
      ])
      const route = res.json.data.routes[0]
      const walk = await testDb.db.selectFrom('walks').selectAll().where('uuid', '=', route.uuid).executeTakeFirstOrThrow()
      expect(walk).toMatchObject({ status: 'draft', color: 'bg-blue-100', category_id: m.category.id })
      expect(walk.distance).toBeGreaterThan(1300)
      expect(walk.duration).toBe(Math.round(walk.distance / 1.4))
      expect(JSON.parse(walk.features_collection!).features[0].geometry.coordinates).toHaveLength(3)
      const texts = await testDb.db.selectFrom('walk_translations').select(['locale', 'name', 'subtitle']).where('walk_id', '=', walk.id).execute()
      expect(texts).toEqual([{ locale: 'fr', name: 'Walk', subtitle: 'Short' }])
      const stops = await testDb.db.selectFrom('walk_places').innerJoin('places', 'places.id', 'walk_places.place_id').select(['places.name', 'sort_id']).where('walk_id', '=', walk.id).orderBy('sort_id').execute()
      expect(stops).toEqual([{ name: 'Start', sort_id: 1 }, { name: 'End', sort_id: 2 }])
      const start = (await placesOf(testDb, m.category.id)).find((p) => p.name === 'Start')!
      expect(start.texts).toEqual({ fr: { name: 'Départ', description: 'Here' } })
      // A route is a draft with its three QR codes, like one made on the map.
      expect(await testDb.db.selectFrom('walk_qr_codes').select('kind').where('walk_id', '=', walk.id).execute()).toHaveLength(3)
    })

    it('untagged names and descriptions are the fallback language’s unless it is tagged; preview and commit agree; a second import adds nothing', async () => {
      // OpenStreetMap's habit: `name` in the local languages, `name:de` and `name:it` beside it.
      const osm = {
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', properties: { name: 'Kapuzinerstraße - via Cappuccini', 'name:de': 'Kapuzinerstraße', 'name:it': 'via Cappuccini', description: 'Untagged text' }, geometry: { type: 'LineString', coordinates: [[11.35, 46.5], [11.36, 46.51]] } },
          { type: 'Feature', properties: { name: 'Rathausplatz', 'name:de': 'Rathausplatz', 'name:it': 'Piazza Municipio', description: 'Der Platz' }, geometry: { type: 'Point', coordinates: [11.354, 46.498] } },
        ],
      }
      const file = JSON.stringify(osm)
      const texts = async (uuid: string) => {
        const walk = await testDb.db.selectFrom('walks').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow()
        return testDb.db.selectFrom('walk_translations').select(['locale', 'name', 'description']).where('walk_id', '=', walk.id).orderBy('locale').execute()
      }
      // Fallback French (not tagged): the untagged texts are French.
      const fr = await owner(t, { fallback: 'fr' })
      const preview = await importFile(t, fr.token, fr.category.id, file, { query: '?dry_run=true' })
      expect(preview.json.data.routes.map((r) => r.name)).toEqual(['Kapuzinerstraße - via Cappuccini'])
      const done = await importFile(t, fr.token, fr.category.id, file)
      expect(done.json.data.routes.map((r) => r.name)).toEqual(['Kapuzinerstraße - via Cappuccini'])
      expect(await texts(done.json.data.routes[0].uuid!)).toEqual([
        { locale: 'de', name: 'Kapuzinerstraße', description: null },
        { locale: 'fr', name: 'Kapuzinerstraße - via Cappuccini', description: 'Untagged text' },
        { locale: 'it', name: 'via Cappuccini', description: null },
      ])
      expect((await placesOf(testDb, fr.category.id)).map((p) => [p.name, p.texts])).toEqual([
        ['Rathausplatz', { de: { name: 'Rathausplatz', description: null }, fr: { name: null, description: 'Der Platz' }, it: { name: 'Piazza Municipio', description: null } }],
      ])
      const again = await importFile(t, fr.token, fr.category.id, file)
      expect(again.json.data.summary).toMatchObject({ routes_created: 0, routes_skipped: 1, places_created: 0 })

      // Fallback German (tagged): the German name stays; the untagged description fills the German one.
      const de = await owner(t, { fallback: 'de' })
      const dePreview = await importFile(t, de.token, de.category.id, file, { query: '?dry_run=true' })
      expect(dePreview.json.data.routes.map((r) => r.name)).toEqual(['Kapuzinerstraße'])
      const deDone = await importFile(t, de.token, de.category.id, file)
      expect(await texts(deDone.json.data.routes[0].uuid!)).toEqual([
        { locale: 'de', name: 'Kapuzinerstraße', description: 'Untagged text' },
        { locale: 'it', name: 'via Cappuccini', description: null },
      ])
      expect((await importFile(t, de.token, de.category.id, file)).json.data.summary).toMatchObject({ routes_created: 0, routes_skipped: 1 })
    })

    it('files that are not UTF-8: XML in its declared encoding, an Excel CSV in Windows-1252 with semicolons', async () => {
      const m = await owner(t)
      const latin1 = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?>\n<gpx version="1.1" creator="GPS" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="46.52" lon="6.63"><name>Château d\'Ouchy</name></wpt></gpx>', 'latin1')
      const gpx = await importFile(t, m.token, m.category.id, latin1, { query: '?dry_run=true' })
      expect([gpx.status, gpx.json.data.format, gpx.json.data.places.map((p) => p.name)]).toEqual([200, 'gpx', ['Château d\'Ouchy']])
      // Excel's "CSV (separated by semicolons)" on Windows: Windows-1252, where "€" is 0x80 and "ü" 0xFC.
      const excel = Buffer.from(new Uint8Array([...Buffer.from('Nom;Latitude;Longitude;Description\r\nZ', 'latin1'), 0xfc, ...Buffer.from('rich;47,37;8,54;Entr', 'latin1'), 0xe9, ...Buffer.from('e 5 ', 'latin1'), 0x80, ...Buffer.from('\r\n', 'latin1')]))
      const csv = await importFile(t, m.token, m.category.id, excel, { query: '?dry_run=true' })
      expect([csv.status, csv.json.data.format, csv.json.data.places.map((p) => [p.name, p.lat, p.lng, p.description])]).toEqual([200, 'csv', [['Zürich', 47.37, 8.54, 'Entrée 5 €']]])
      // Bytes that are text in neither: refused with what to do.
      const garbled = Buffer.from(new Uint8Array([...Buffer.from('name;lat;lng\r\nA', 'latin1'), 0x81, 0x8d, ...Buffer.from(';46.5;6.6\r\n', 'latin1')]))
      const refused = await importFile(t, m.token, m.category.id, garbled, { query: '?dry_run=true' })
      expect([refused.status, refused.json.message]).toEqual([422, 'This CSV file is neither UTF-8 nor Windows-1252 text: in your spreadsheet, save it as “CSV UTF-8”.'])
      const unknown = Buffer.from('<?xml version="1.0" encoding="x-no-such"?><gpx version="1.1" creator="x"></gpx>')
      expect((await importFile(t, m.token, m.category.id, unknown)).json.message).toBe('This file declares an encoding that cannot be read (x-no-such): save it as UTF-8.')
    })

    it('unnamed features get a proposed name (title, comment, symbol, file name, numbered) that the preview may change', async () => {
      const m = await owner(t, { locale: 'de' })
      const watch = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Watch" xmlns="http://www.topografix.com/GPX/1/1">
  <wpt lat="46.5" lon="6.6"><cmt>Brunnen</cmt></wpt>
  <wpt lat="46.51" lon="6.61"><sym>Summit</sym></wpt>
  <wpt lat="46.52" lon="6.62"></wpt>
  <trk><trkseg><trkpt lat="46.5" lon="6.6"/><trkpt lat="46.51" lon="6.61"/></trkseg></trk>
</gpx>`
      const preview = await importFile(t, m.token, m.category.id, watch, { name: 'Morning_run.gpx', query: '?dry_run=true' })
      expect(preview.json.data.errors).toEqual([])
      expect(preview.json.data.places.map((p) => [p.name, p.proposed])).toEqual([
        ['Brunnen', true],
        ['Summit', true],
        ['Wegpunkt 3', true],
      ])
      expect(preview.json.data.routes.map((r) => [r.name, r.proposed])).toEqual([['Morning run', true]])
      // The file's title wins over its name; the preview's names win over both.
      const titled = watch.replace('<wpt lat="46.5"', '<metadata><name>Tour du Jorat</name></metadata><wpt lat="46.5"')
      const done = await importFile(t, m.token, m.category.id, titled, { name: 'x.gpx', options: { names: { '3': 'Aussicht', '4': 'Jorat' } } })
      expect(done.json.data.places.map((p) => [p.name, p.proposed])).toEqual([
        ['Brunnen', true],
        ['Summit', true],
        ['Aussicht', false],
      ])
      expect(done.json.data.routes.map((r) => r.name)).toEqual(['Jorat'])
      expect((await placesOf(testDb, m.category.id)).map((p) => p.name)).toEqual(['Brunnen', 'Summit', 'Aussicht'])
      const noTitle = await importFile(t, m.token, m.category.id, titled, { name: 'x.gpx', query: '?dry_run=true' })
      expect(noTitle.json.data.routes.map((r) => r.name)).toEqual(['Tour du Jorat'])
      // GeoJSON points without names: numbered, in the manager's language.
      const geo = JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [7.6, 46.5] } }] })
      const numbered = await importFile(t, m.token, m.category.id, geo, { name: 'points.geojson', query: '?dry_run=true' })
      expect(numbered.json.data.places.map((p) => p.name)).toEqual(['Wegpunkt 1'])
    })

    it('GPX: waypoints are places; a track is a route; a route of points matching waypoints names its stops', async () => {
      const m = await owner(t)
      const gpx = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
  <wpt lat="46.5" lon="6.6"><name>Start &amp; go</name><desc>Bench</desc></wpt>
  <wpt lat="46.51" lon="6.61"><name>End</name></wpt>
  <wpt lat="95" lon="6.61"><name>Bad</name></wpt>
  <rte><name>Planned</name><rtept lat="46.5" lon="6.6"/><rtept lat="46.505" lon="6.62"/><rtept lat="46.51" lon="6.61"/></rte>
  <trk><name>Walked</name><trkseg><trkpt lat="46.5" lon="6.6"/><trkpt lat="46.51" lon="6.61"/></trkseg><trkseg><trkpt lat="46.52" lon="6.62"/><trkpt lat="46.53" lon="6.63"/></trkseg></trk>
</gpx>`
      const res = await importFile(t, m.token, m.category.id, gpx)
      expect(res.status, res.text).toBe(200)
      expect(res.json.data.format).toBe('gpx')
      expect(res.json.data.errors).toEqual([{ row: 3, field: 'lat', message: 'The latitude must be between -90 and 90.' }])
      expect(res.json.data.places.map((p) => p.name)).toEqual(['Start & go', 'End'])
      expect(res.json.data.routes.map((r) => [r.name, r.stops, r.path.length])).toEqual([
        ['Planned', 2, 1],
        ['Walked', 0, 2],
      ])
    })

    const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Document><Folder>
  <Placemark id="p1"><name>Tower</name><description><![CDATA[Old <b>tower</b><br>since 1200]]></description>
    <ExtendedData><Data name="name:de"><value>Turm</value></Data></ExtendedData><Point><coordinates>6.6,46.5,0</coordinates></Point></Placemark>
  <Placemark><name>Track</name><gx:Track><gx:coord>6.6 46.5 0</gx:coord><gx:coord>6.61 46.51 0</gx:coord></gx:Track></Placemark>
  <Placemark><name>Lines</name><MultiGeometry><LineString><coordinates>6.6,46.5 6.61,46.51</coordinates></LineString><LineString><coordinates>6.62,46.52 6.63,46.53</coordinates></LineString></MultiGeometry></Placemark>
  <Placemark><name></name><Point><coordinates>6.7,46.6</coordinates></Point></Placemark>
</Folder></Document></kml>`

    it('KML: placemarks in folders, HTML descriptions as text, gx:Track and MultiGeometry as routes', async () => {
      const m = await owner(t)
      const res = await importFile(t, m.token, m.category.id, kml)
      expect(res.status, res.text).toBe(200)
      expect(res.json.data.format).toBe('kml')
      // The unnamed placemark is proposed a name, shown as such in the preview.
      expect(res.json.data.errors).toEqual([])
      expect(res.json.data.places).toMatchObject([
        { name: 'Tower', description: 'Old tower\nsince 1200', proposed: false },
        { name: 'Waypoint 2', proposed: true },
      ])
      expect(res.json.data.routes.map((r) => [r.name, r.path.length])).toEqual([['Track', 1], ['Lines', 2]])
      expect((await placesOf(testDb, m.category.id))[0].texts).toEqual({ de: { name: 'Turm', description: null }, fr: { name: null, description: 'Old tower\nsince 1200' } })
    })

    it('Google Location History: a gx:Track of one position (a stay) is a place, not a refused route', async () => {
      const m = await owner(t)
      const history = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Document>
  <Placemark><name>Musée Olympique</name><gx:Track><when>2026-05-01T10:00:00Z</when><gx:coord>6.6341 46.5086 0</gx:coord></gx:Track></Placemark>
  <Placemark><name>Walking</name><gx:Track><gx:coord>6.6341 46.5086 0</gx:coord><gx:coord>6.63 46.51 0</gx:coord></gx:Track></Placemark>
</Document></kml>`
      const res = await importFile(t, m.token, m.category.id, history, { query: '?dry_run=true' })
      expect(res.json.data.errors).toEqual([])
      expect(res.json.data.places.map((p) => [p.name, p.lat, p.lng])).toEqual([['Musée Olympique', 46.5086, 6.6341]])
      expect(res.json.data.routes.map((r) => r.name)).toEqual(['Walking'])
    })

    it('KMZ: the KML inside the zip (doc.kml)', async () => {
      const m = await owner(t)
      const kmz = zipSync({ 'doc.kml': strToU8(kml), 'files/icon.png': new Uint8Array(16) })
      const res = await importFile(t, m.token, m.category.id, kmz, { name: 'map.kmz' })
      expect(res.status, res.text).toBe(200)
      expect(res.json.data).toMatchObject({ format: 'kmz', summary: { places_created: 2, routes_created: 2, errors: 0 } })
    })
  })

  describe('hostile and wrong files are refused with 4xx and write nothing', () => {
    const refused = async (content: string | Uint8Array, status: number, message: RegExp, name = 'file') => {
      const m = await owner(t)
      const before = await contentSnapshot(testDb)
      const res = await importFile(t, m.token, m.category.id, content, { name })
      expect([res.status, res.json?.message]).toEqual([status, expect.stringMatching(message)])
      expect(Object.keys(res.json)).toEqual(['message', 'errors'])
      expect(await contentSnapshot(testDb)).toEqual(before)
    }

    it('XML entity expansion (billion laughs) and external entities (XXE)', async () => {
      const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><gpx><wpt lat="1" lon="1"><name>&lol3;</name></wpt></gpx>`
      await refused(laughs, 422, /document type declaration/)
      const xxe = `<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><kml><Placemark><name>&xxe;</name><Point><coordinates>1,1</coordinates></Point></Placemark></kml>`
      await refused(xxe, 422, /document type declaration/)
      await refused('<gpx><wpt lat="1" lon="1"><name>open', 422, /not well formed/)
    })

    it('KMZ bombs: declared too large, or declared small and inflating past the bound', { timeout: 90_000 }, async () => {
      const bomb = zipSync({ 'doc.kml': new Uint8Array(25 * 1024 * 1024) }, { level: 9 })
      expect(bomb.length).toBeLessThan(100_000)
      await refused(bomb, 413, /unpacks to more/)
      // The same bytes with every declared size rewritten to 100: only counting while inflating catches it.
      const lying = bomb.slice()
      const view = new DataView(lying.buffer)
      for (let i = 0; i < lying.length - 4; i++) {
        if (view.getUint32(i, true) === 0x04034b50) view.setUint32(i + 22, 100, true)
        if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, 100, true)
      }
      await refused(lying, 413, /unpacks to more/)
      await refused(zipSync({ 'readme.txt': strToU8('hello') }), 422, /no KML/)
    })

    it('wrong content: an image, binary, an empty file, a GeoJSON that is not features, an unknown XML', async () => {
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0xff, 0xfe])
      await refused(png, 422, /not a CSV, GeoJSON, GPX, KML or KMZ/, 'places.csv')
      await refused('', 422, /empty/)
      await refused('{"type":"Point","coordinates":[1,2]}', 422, /FeatureCollection or a Feature/)
      await refused('{"type":', 422, /JSON file cannot be read/)
      await refused('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 422, /not a CSV/)
      await refused('justone\nline', 422, /first row must name the columns/)
    })

    it('a GeoJSON in a projected system (crs EPSG:2154) is refused once, naming it; WGS 84 named in crs is read (France’s nom_itineraire as the name)', async () => {
      const lambert = (crs: unknown, at: 'head' | 'tail') => {
        const features = Array.from({ length: 40 }, (_, i) => ({ type: 'Feature', properties: { nom_itineraire: `Étape ${i}` }, geometry: { type: 'Point', coordinates: [537_000 + i * 100, 6_582_000] } }))
        return JSON.stringify(at === 'head' ? { type: 'FeatureCollection', crs, features } : { type: 'FeatureCollection', features, crs })
      }
      const named = (name: string) => ({ type: 'name', properties: { name } })
      await refused(lambert(named('urn:ogc:def:crs:EPSG::2154'), 'head'), 422, /^This file's coordinates are in EPSG:2154, not longitude and latitude \(WGS 84\)/)
      // A crs after the features refuses the whole file the same way: nothing is half read.
      await refused(lambert(named('EPSG:2056'), 'tail'), 422, /coordinates are in EPSG:2056/)
      const m = await owner(t)
      const wgs84 = JSON.stringify({ type: 'FeatureCollection', crs: named('urn:ogc:def:crs:OGC:1.3:CRS84'), features: [{ type: 'Feature', properties: { nom_itineraire: 'Gare' }, geometry: { type: 'Point', coordinates: [6.6291, 46.5167] } }] })
      const res = await importFile(t, m.token, m.category.id, wgs84, { query: '?dry_run=true' })
      expect([res.status, res.json.data.places.map((p: any) => p.name)]).toEqual([200, ['Gare']])
    })

    it('limits: more than 10 MB (413) and more than 10,000 features (422)', async () => {
      const big = 'name,lat,lng\n' + 'x'.repeat(10 * 1024 * 1024)
      await refused(big, 413, /larger than 10 MB/)
      const many = 'name,lat,lng\n' + Array.from({ length: 10_001 }, (_, i) => `P${i},46.5,6.6`).join('\n')
      await refused(many, 422, /more than 10000 rows or features/)
    })
  })

  it('another tenant gets 404, a visitor 401, and neither writes', async () => {
    const m = await owner(t)
    const outsider = await createUser(t.services)
    const before = await contentSnapshot(testDb)
    const other = await importFile(t, outsider.token, m.category.id, CSV)
    expect([other.status, other.json]).toEqual([404, { message: 'Not found.' }])
    expect((await importFile(t, undefined, m.category.id, CSV)).status).toBe(401)
    expect((await importFile(t, m.token, 999_999, CSV)).status).toBe(404)
    expect(await contentSnapshot(testDb)).toEqual(before)
  })

  it('three commits of one file at once create its places once (the others find them)', async () => {
    const m = await owner(t)
    const csv = ['name,lat,lng', ...Array.from({ length: 300 }, (_, i) => `Bench ${i},${46 + i / 1000},6.6`)].join('\n')
    const answers = await Promise.all([0, 1, 2].map(() => importFile(t, m.token, m.category.id, csv)))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
    expect(answers.map((a) => a.json.data.summary.places_created).sort()).toEqual([0, 0, 300])
    expect(await placesOf(testDb, m.category.id)).toHaveLength(300)
    // A preview beside a commit takes no turn, and still answers.
    const [preview, commit] = await Promise.all([importFile(t, m.token, m.category.id, csv, { query: '?dry_run=true' }), importFile(t, m.token, m.category.id, csv)])
    expect([preview.status, commit.status, commit.json.data.summary.places_created]).toEqual([200, 200, 0])
  })

  // PostgreSQL only: several processes share a database there (SQLite is one process's file, ADR 071).
  it.runIf(dialect === 'postgres')('two server processes committing one file at once create its places once (the turn holds across processes)', async () => {
    const m = await owner(t)
    const csv = ['name,lat,lng', ...Array.from({ length: 300 }, (_, i) => `Kiosk ${i},${46 + i / 1000},6.7`)].join('\n')
    // A second process's import service: its own turns (each process keeps its own) and its own
    // pool on the same database, of one connection: a commit must not need a second one while
    // its turn holds the first.
    const workers = new ImportWorkers({ concurrency: 2, heapMb: t.services.config.IMPORT_WORKER_HEAP_MB })
    const ownPool = createDb({ url: testDb.url!, poolSize: 1 })
    onTestFinished(async () => {
      await workers.close()
      await ownPool.destroy()
    })
    const otherProcess = new ImportService({ db: ownPool, access: t.services.categories.access, addresses: t.services.addresses, workers })
    // Bytes of its own for each: a file's bytes are handed over to the worker that reads them.
    const request = () => ({ bytes: new TextEncoder().encode(csv), options: {}, dryRun: false, locale: 'en' }) as const
    // Two workers ready (a preview each, at once), so that neither commit waits for one to start.
    await Promise.all([t.services.imports.run(m.user, m.category.id, { ...request(), dryRun: true }), otherProcess.run(m.user, m.category.id, { ...request(), dryRun: true })])
    const answers = await Promise.all([t.services.imports.run(m.user, m.category.id, request()), otherProcess.run(m.user, m.category.id, request())])
    expect(answers.map((a) => a.summary.places_created).sort()).toEqual([0, 300])
    expect(await placesOf(testDb, m.category.id)).toHaveLength(300)
  })

  it('commits all or nothing: a failure midway (after some places are written) leaves nothing', async () => {
    const m = await owner(t)
    const rows = Array.from({ length: 1200 }, (_, i) => `${i === 1100 ? 'BOOM' : `Place ${i}`},${46 + i / 1000},6.6`)
    const csv = ['name,lat,lng', ...rows].join('\n')
    // A trigger that fails the 1,101st insert: the first chunks of places are already written by then.
    if (testDb.dialect === 'postgres') {
      await sql.raw(`create function boom() returns trigger language plpgsql as $$ begin if new.name = 'BOOM' then raise exception 'boom'; end if; return new; end $$`).execute(testDb.db)
      await sql.raw('create trigger boom before insert on places for each row execute function boom()').execute(testDb.db)
    } else {
      await sql.raw(`create trigger boom before insert on places when new.name = 'BOOM' begin select raise(abort, 'boom'); end`).execute(testDb.db)
    }
    try {
      const before = await contentSnapshot(testDb)
      const res = await importFile(t, m.token, m.category.id, csv)
      expect(res.status).toBe(500)
      expect(await contentSnapshot(testDb)).toEqual(before)
    } finally {
      await sql.raw(testDb.dialect === 'postgres' ? 'drop function boom() cascade' : 'drop trigger boom').execute(testDb.db)
    }
    const ok = await importFile(t, m.token, m.category.id, csv)
    expect(ok.json.data.summary.places_created).toBe(1200)
  })
})
