import { describe, expect, it } from 'vitest'
import { readContentVersion } from '#app/platform/page-cache/page-cache.server.ts'
import { importFile } from '#app/modules/transfer/transfer.test-fixtures.ts'
import { insertPlace, manager, storeRoute } from '#app/modules/walks/walks.test-fixtures.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { loader as categoryHome } from '#app/routes/public/category-home.tsx'

// Issue 15, accessibility facts (ADR 027): saved with the route, unknown kept apart from "no",
// validated in the caller's language, tenant-scoped, heights of an imported GPX turned into a
// profile, the category home's step-free filter.

const unknown = {
  step_free: null,
  max_slope_pct: null,
  surface: null,
  stairs: null,
  stairs_count: null,
  benches: null,
  toilets: null,
  drinking_water: null,
  shade: null,
  pushchair: null,
  wheelchair: null,
  elevation: null,
}

describe.each(testDialects)('accessibility on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect)

  async function scene(options: { locale?: 'en' | 'fr' | 'de' | 'it' } = {}) {
    const m = await manager(t, options)
    const route = await storeRoute(t, m.token, m.category.id, { name: 'Old town' })
    const onRoute = await insertPlace(testDb.db, m.category.id, { name: 'Cathedral' })
    const offRoute = await insertPlace(testDb.db, m.category.id, { name: 'Elsewhere' })
    const res = await t.call('PUT', '/routes/update', { token: m.token, body: { uuid: route.uuid, places: [{ id: onRoute }] } })
    expect(res.status, JSON.stringify(res.json)).toBe(200)
    return { ...m, route, onRoute, offRoute }
  }
  const save = (token: string, uuid: string, accessibility: unknown, headers?: Record<string, string>) =>
    t.callOffContract('PUT', '/routes/update', { token, body: { uuid, accessibility }, headers })
  const rowOf = (uuid: string) =>
    testDb.db.selectFrom('walk_accessibility').innerJoin('walks', 'walks.id', 'walk_accessibility.walk_id').selectAll('walk_accessibility').where('walks.uuid', '=', uuid).executeTakeFirst()

  it('answers every fact as unknown until set, sets some, keeps the others, clears to unknown', async () => {
    const s = await scene()
    expect(s.route.accessibility).toEqual(unknown)
    expect(s.route.places).toEqual([])

    const set = await save(s.token, s.route.uuid, { step_free: false, stairs: true, stairs_count: 12, surface: 'gravel', shade: 'some', max_slope_pct: 8.5, toilets: true })
    expect(set.status, JSON.stringify(set.json)).toBe(200)
    expect(set.json.data.accessibility).toEqual({ ...unknown, step_free: false, stairs: true, stairs_count: 12, surface: 'gravel', shade: 'some', max_slope_pct: 8.5, toilets: true })
    // Stored 0/1 (ADR 002), unknown as null: "no" and "not known" stay apart.
    expect(await rowOf(s.route.uuid)).toMatchObject({ step_free: 0, stairs: 1, toilets: 1, benches: null, wheelchair: null })

    // Absent fields are kept; null clears one to unknown; no stairs means no number of steps.
    const changed = await save(s.token, s.route.uuid, { toilets: null, wheelchair: false, stairs: false })
    expect(changed.json.data.accessibility).toEqual({ ...unknown, step_free: false, stairs: false, surface: 'gravel', shade: 'some', max_slope_pct: 8.5, wheelchair: false })

    // The same in get-route and in the public route.
    const got = await t.call('GET', `/routes/${s.route.uuid}/get-route`, { token: s.token })
    expect(got.json.data.accessibility).toEqual(changed.json.data.accessibility)
  })

  it('refuses bad facts in the caller’s language and writes nothing of the save', async () => {
    const s = await scene({ locale: 'fr' })
    await save(s.token, s.route.uuid, { step_free: true })
    const before = await rowOf(s.route.uuid)
    const cases = [
      [{ surface: 'lava' }, 'accessibility.surface'],
      [{ shade: 'total' }, 'accessibility.shade'],
      [{ max_slope_pct: 130 }, 'accessibility.max_slope_pct'],
      [{ stairs_count: -1 }, 'accessibility.stairs_count'],
      [{ step_free: 'yes' }, 'accessibility.step_free'],
      [{ elevator: true }, 'accessibility.elevator'],
    ] as const
    const messages: string[] = []
    for (const [body, field] of cases) {
      const res = await save(s.token, s.route.uuid, { wheelchair: true, ...body }, { 'Accept-Language': 'fr' })
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(Object.keys(res.json.errors)).toContain(field)
      messages.push(res.json.errors[field][0])
    }
    // In French, not English: "valeur", "doit", "champ" or the like.
    expect(messages.join(' ')).toMatch(/valeur|doit|champ|autoris/i)
    // A note for a place that is not a stop of the route: refused in French, the facts of the same save not kept.
    const off = await save(s.token, s.route.uuid, { wheelchair: true, entrances: [{ place_id: s.offRoute, notes: { fr: 'Porte latérale' } }] }, { 'Accept-Language': 'fr' })
    expect(off.status).toBe(422)
    expect(off.json.errors['accessibility.entrances.0.place_id']).toEqual(['Ce lieu n’est pas une étape du parcours.'])
    expect(await rowOf(s.route.uuid)).toEqual(before)
    expect(await testDb.db.selectFrom('place_accessibility').selectAll().execute()).toEqual([])
  })

  it('saves the stops’ entrance notes per language with the route; a blank note removes that language’s', async () => {
    const s = await scene()
    const res = await save(s.token, s.route.uuid, { entrances: [{ place_id: s.onRoute, notes: { en: 'Side door, no step', fr: 'Porte latérale, sans marche' } }] })
    expect(res.status, JSON.stringify(res.json)).toBe(200)
    expect(res.json.data.places[0].accessible_entrance).toEqual({ en: 'Side door, no step', fr: 'Porte latérale, sans marche' })
    const cleared = await save(s.token, s.route.uuid, { entrances: [{ place_id: s.onRoute, notes: { en: '  ', de: 'Seitentür' } }] })
    expect(cleared.json.data.places[0].accessible_entrance).toEqual({ de: 'Seitentür', fr: 'Porte latérale, sans marche' })
  })

  it('sets a place’s note by its own endpoint; another tenant gets 404 and changes nothing', async () => {
    const s = await scene()
    const stranger = await manager(t)
    const put = await t.call('PUT', `/places/${s.offRoute}/accessible-entrance`, { token: s.token, body: { accessible_entrance: { it: 'Ingresso dal cortile' } } })
    expect(put.status, JSON.stringify(put.json)).toBe(200)
    expect(put.json.data).toEqual({ place_id: s.offRoute, accessible_entrance: { it: 'Ingresso dal cortile' } })
    expect((await t.call('GET', `/places/${s.offRoute}/accessible-entrance`, { token: s.token })).json.data.accessible_entrance).toEqual({ it: 'Ingresso dal cortile' })

    for (const [method, body] of [['GET', undefined], ['PUT', { accessible_entrance: { it: 'Hacked' } }]] as const) {
      expect((await t.callOffContract(method, `/places/${s.offRoute}/accessible-entrance`, { token: stranger.token, body })).status).toBe(404)
    }
    expect((await t.call('GET', `/places/${s.offRoute}/accessible-entrance`)).status).toBe(401)
    expect((await t.call('GET', '/places/999999/accessible-entrance', { token: s.token })).status).toBe(404)
    const tooLong = await t.callOffContract('PUT', `/places/${s.offRoute}/accessible-entrance`, { token: s.token, body: { accessible_entrance: { xx: 'a' } } })
    expect(tooLong.status).toBe(422)
    // The other tenant's route: 404 like a missing one, nothing saved.
    const foreign = await save(stranger.token, s.route.uuid, { step_free: true })
    expect(foreign.status).toBe(404)
    expect(await rowOf(s.route.uuid)).toBeUndefined()
    expect((await t.call('GET', `/places/${s.offRoute}/accessible-entrance`, { token: s.token })).json.data.accessible_entrance).toEqual({ it: 'Ingresso dal cortile' })
  })

  it('raises the category’s content version on every write (the public pages’ cache)', async () => {
    const s = await scene()
    const version = async () => (await readContentVersion(testDb.db, s.category.id)).category
    let before = await version()
    await testDb.db.insertInto('walk_accessibility').values({ walk_id: (await testDb.db.selectFrom('walks').select('id').where('uuid', '=', s.route.uuid).executeTakeFirstOrThrow()).id, step_free: 1, max_slope_pct: null, surface: null, stairs: null, stairs_count: null, benches: null, toilets: null, drinking_water: null, shade: null, pushchair: null, wheelchair: null, updated_at: new Date().toISOString() }).execute()
    expect(await version()).toBeGreaterThan(before)
    before = await version()
    await testDb.db.insertInto('place_accessibility').values({ place_id: s.offRoute, locale: 'en', entrance_note: 'Ramp' }).execute()
    expect(await version()).toBeGreaterThan(before)
    before = await version()
    await testDb.db.deleteFrom('place_accessibility').execute()
    expect(await version()).toBeGreaterThan(before)
  })

  it('computes the ascent from the heights of a GPX imported through the import endpoint', async () => {
    const m = await manager(t)
    // 400 → 460 → 430 → 470 m with a few metres of GPS jitter on the way up.
    const heights = [400, 401.5, 400.5, 420, 440, 460, 458, 445, 430, 450, 470]
    const points = heights.map((ele, i) => `<trkpt lat="${46.5 + i * 0.001}" lon="6.6"><ele>${ele}</ele></trkpt>`).join('')
    const gpx = `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Hill</name><trkseg>${points}</trkseg></trk></gpx>`
    const res = await importFile(t, m.token, m.category.id, gpx, { name: 'hill.gpx' })
    expect(res.status, res.text).toBe(200)
    const uuid = res.json.data.routes[0].uuid
    const route = (await t.call('GET', `/routes/${uuid}/get-route`, { token: m.token })).json.data
    expect(route.features_collection!.features[0].geometry.coordinates[0]).toEqual([6.6, 46.5, 400])
    // 60 m up to 460, 40 m up again to 470 from 430; the 1.5 m jitter is not counted.
    expect(route.accessibility.elevation).toMatchObject({ ascent: 100, descent: 30, min: 400, max: 470 })
    expect(route.accessibility.elevation!.distance).toBeGreaterThan(1100)
    expect(route.accessibility.elevation!.profile).toHaveLength(heights.length)

    // A file without heights gives no profile.
    const flat = await importFile(t, m.token, m.category.id, gpx.replace(/<ele>[^<]*<\/ele>/g, '').replace('Hill', 'Flat'), { name: 'flat.gpx' })
    const flatRoute = (await t.call('GET', `/routes/${flat.json.data.routes[0].uuid}/get-route`, { token: m.token })).json.data
    expect(flatRoute.accessibility.elevation).toBeNull()
  })

  it('filters the category home to step-free routes (unknown is left out), as a GET form without script', async () => {
    const m = await manager(t)
    const names = ['Step-free', 'Stairs', 'Unknown']
    const routes = []
    for (const name of names) routes.push(await storeRoute(t, m.token, m.category.id, { name }))
    await save(m.token, routes[0].uuid, { step_free: true, wheelchair: true })
    await save(m.token, routes[1].uuid, { step_free: false })
    for (const r of routes) await t.call('PUT', '/routes/update', { token: m.token, body: { uuid: r.uuid, status: 'published' } })
    const home = async (query: string) => {
      const context = { services: t.services, user: null, token: null, clientIp: '203.0.113.9', categorySlug: null } as Record<string, unknown>
      const request = new Request(`http://localhost:3000/c/${m.category.slug}${query}`)
      const page = await categoryHome({ context, request, params: { category: m.category.slug } } as never)
      return page.view
    }
    const all = await home('')
    expect(all.filters.stepFree).toBe(false)
    expect(all.routes.filter((r) => !r.hidden).map((r) => r.name).sort()).toEqual([...names].sort())
    expect(all.routes.find((r) => r.name === 'Step-free')!.accessibility).toMatchObject({ step_free: true, wheelchair: true })
    const stepFree = await home('?step_free=1')
    expect(stepFree.filters.stepFree).toBe(true)
    expect(stepFree.routes.filter((r) => !r.hidden).map((r) => r.name)).toEqual(['Step-free'])
  })
})
