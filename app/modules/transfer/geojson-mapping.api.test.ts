import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { contentSnapshot, importFile, owner, placesOf, warmImportWorker } from './transfer.test-fixtures.ts'

// A GeoJSON file's property mapping: the preview says which property it read as the name and the
// description (the field's common keys recognised), lists the others, and the manager may choose
// another one; the commit then writes what the preview showed.

const file = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    // France's open walking-route schema: the route's name is `nom_itineraire`.
    {
      type: 'Feature',
      properties: { nom_itineraire: 'Boucle des Crêtes', code: 'B1', descriptif: 'Par les crêtes.', 'name:de': 'Gratrunde' },
      geometry: { type: 'LineString', coordinates: [[6.63, 46.52], [6.64, 46.53]] },
    },
    { type: 'Feature', properties: { title: 'Belvédère', code: 'P7', descriptif: 'Vue sur le lac.', ele: 812 }, geometry: { type: 'Point', coordinates: [6.635, 46.525] } },
    { type: 'Feature', properties: { code: 'P8', 'name:de': 'Brunnen' }, geometry: { type: 'Point', coordinates: [6.636, 46.526] } },
  ],
})

describe.each(testDialects)('GeoJSON property mapping on %s', (dialect) => {
  beforeAll(warmImportWorker, 120_000)
  const { t, testDb } = useTestApi(dialect)

  it('recognises the common keys (nom_itineraire, title, name:de) and lists the properties', async () => {
    const m = await owner(t)
    const res = await importFile(t, m.token, m.category.id, file, { name: 'itineraires.geojson', query: '?dry_run=true' })
    expect(res.status, res.text).toBe(200)
    const data = res.json.data
    expect(data.columns!.headings).toEqual(['nom_itineraire', 'code', 'descriptif', 'name:de', 'title', 'ele'])
    // Each feature is read from the first common key it holds; the preview names the key most
    // features were read from (the first met on a tie).
    expect(data.columns!.mapping).toMatchObject({ name: 'nom_itineraire', description: null, name_de: 'name:de', name_fr: null })
    expect(data.routes.map((r) => [r.name, r.proposed])).toEqual([['Boucle des Crêtes', false]])
    expect(data.places.map((p) => [p.name, p.description, p.proposed])).toEqual([
      ['Belvédère', null, false],
      ['Brunnen', null, false],
    ])
  })

  it('follows the chosen properties in the preview and the commit alike', async () => {
    const m = await owner(t)
    const options = { mapping: { name: 'code', description: 'descriptif' } }
    const preview = await importFile(t, m.token, m.category.id, file, { query: '?dry_run=true', options })
    expect(preview.status, preview.text).toBe(200)
    expect(preview.json.data.columns!.mapping).toMatchObject({ name: 'code', description: 'descriptif', name_de: 'name:de' })
    expect(preview.json.data.routes.map((r) => r.name)).toEqual(['B1'])
    expect(preview.json.data.places.map((p) => [p.name, p.description])).toEqual([
      ['P7', 'Vue sur le lac.'],
      ['P8', null],
    ])
    const done = await importFile(t, m.token, m.category.id, file, { options })
    expect(done.status, done.text).toBe(200)
    const places = await placesOf(testDb, m.category.id)
    expect(places.map((p) => [p.name, p.texts])).toEqual([
      ['P7', { fr: { name: null, description: 'Vue sur le lac.' } }],
      ['P8', { de: { name: 'Brunnen', description: null } }],
    ])
    const route = await testDb.db
      .selectFrom('walk_translations')
      .innerJoin('walks', 'walks.id', 'walk_translations.walk_id')
      .select(['locale', 'walk_translations.name', 'walk_translations.description'])
      .where('walks.category_id', '=', m.category.id)
      .orderBy('locale')
      .execute()
    expect(route).toEqual([
      { locale: 'de', name: 'Gratrunde', description: null },
      { locale: 'fr', name: 'B1', description: 'Par les crêtes.' },
    ])
  })

  it('"none" for the name proposes names; a property in no feature is refused, translated, and nothing is written', async () => {
    const m = await owner(t, { locale: 'fr' })
    const none = await importFile(t, m.token, m.category.id, file, { query: '?dry_run=true', options: { mapping: { name: null, name_de: null } } })
    expect(none.status, none.text).toBe(200)
    expect(none.json.data.places.map((p) => [p.name, p.proposed])).toEqual([
      ['Point 1', true],
      ['Point 2', true],
    ])
    const before = await contentSnapshot(testDb)
    const unknown = await importFile(t, m.token, m.category.id, file, { options: { mapping: { description: 'beschreibung' } } })
    expect([unknown.status, unknown.json.message]).toEqual([422, 'La propriété « beschreibung » choisie pour description n’est dans aucun objet du fichier.'])
    expect(await contentSnapshot(testDb)).toEqual(before)
  })
})
