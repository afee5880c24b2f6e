import { describe, expect, it } from 'vitest'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { addMember, createUser } from '#tests/setup/factories.ts'
import { manager, storeRoute } from '#app/modules/walks/walks.test-fixtures.ts'

// ADR 043: a category's content languages are any BCP 47 tags; route texts and notices are written in them.

describe.each(testDialects)('content languages on %s', (dialect) => {
  const { t } = useTestApi(dialect)

  it('a category offers the languages its owner chooses, canonical, its fallback first', async () => {
    const { token, category } = await manager(t, { fallback_locale: 'fr' })
    const res = await t.call('PUT', `/place-categories/${category.id}`, { token, body: { content_locales: ['es-es', 'ar', 'zh-hant', 'es-ES'] } })
    expect(res.status, JSON.stringify(res.json)).toBe(200)
    expect(res.json.data.content_locales).toEqual(['fr', 'es-ES', 'ar', 'zh-Hant'])
    const tree = await t.call('GET', '/place-categories', { token })
    expect(tree.json.data.find((c) => c.id === category.id)?.content_locales).toEqual(['fr', 'es-ES', 'ar', 'zh-Hant'])
  })

  it('refuses what is not a language tag with a translated 422, and writes nothing', async () => {
    const { token, category } = await manager(t, { fallback_locale: 'fr' })
    for (const [tag, language, message] of [
      ['spanish', 'en', 'The content locales.0 must be a language tag (BCP 47), such as es, pt-BR or zh-Hant.'],
      ['es_ES', 'fr', 'Le champ 0 doit être une étiquette de langue (BCP 47), par exemple es, pt-BR ou zh-Hant.'],
    ] as const) {
      const res = await t.callOffContract('PUT', `/place-categories/${category.id}`, { token, body: { content_locales: [tag] }, headers: { 'Accept-Language': language } })
      expect(res.status).toBe(422)
      expect(Object.values(res.json.errors as Record<string, string[]>).flat().join(' ')).toContain(message.split(' ').slice(-6).join(' '))
    }
    const after = await t.call('GET', `/place-categories/${category.id}`, { token })
    expect(after.json.data.content_locales).toEqual(['fr', 'en', 'de', 'it'])
  })

  it('only owners choose them; another tenant’s category is not found', async () => {
    const { category } = await manager(t)
    const stranger = await createUser(t.services)
    expect((await t.call('PUT', `/place-categories/${category.id}`, { token: stranger.token, body: { content_locales: ['es'] } })).status).toBe(404)
    const editor = await createUser(t.services)
    await addMember(t.services, category.id, editor.user, 'editor')
    expect((await t.call('PUT', `/place-categories/${category.id}`, { token: editor.token, body: { content_locales: ['es'] } })).status).toBe(403)
  })

  it('writes route texts and notices in an offered content language, and refuses one the category does not offer', async () => {
    const { token, category } = await manager(t, { fallback_locale: 'fr' })
    const route = await storeRoute(t, token, category.id)
    const refused = await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, translations: { es: { name: 'Vuelta al lago' } } } })
    expect(refused.status).toBe(422)
    expect(refused.json.errors['translations.es']).toEqual(['This category does not offer this content language. Add it in the category’s languages first.'])
    await t.call('PUT', `/place-categories/${category.id}`, { token, body: { content_locales: ['es', 'ar'] } })
    const saved = await t.call('PUT', '/routes/update', {
      token,
      body: {
        uuid: route.uuid,
        translations: { 'es': { name: 'Vuelta al lago', description: 'Un paseo junto al agua.' }, 'ar': { name: 'جولة البحيرة' } },
        notice: { level: 'information', starts_on: null, ends_on: null, texts: { es: 'Sendero embarrado' } },
      },
    })
    expect(saved.status, JSON.stringify(saved.json)).toBe(200)
    const es = await t.call('GET', `/routes/${route.uuid}/get-route?locale=es`, { token })
    expect(es.json.data.name).toBe('Vuelta al lago')
    expect(es.json.data.translations.ar?.name).toBe('جولة البحيرة')
    expect(es.json.data.notice?.texts).toEqual({ es: 'Sendero embarrado' })
    // The fallback's text where the wanted language has none.
    const fr = await t.call('GET', `/routes/${route.uuid}/get-route?locale=fr`, { token })
    expect(fr.json.data.name).toBe('Tour du lac')
  })

  it('exports and open data carry every content language: name:es in GeoJSON, name_es in CSV, ?locale=es', async () => {
    const { token, category } = await manager(t, { fallback_locale: 'fr' })
    await t.call('PUT', `/place-categories/${category.id}`, { token, body: { content_locales: ['es'] } })
    const place = (await t.call('POST', '/places', { token, body: { place_category_id: category.id, name: 'Catedral', lat: 46.5225, lng: 6.6355 } })).json.data.id as number
    await t.services.db.insertInto('place_translations').values({ place_id: place, locale: 'es', name: 'La catedral', description: 'La iglesia más grande.' }).execute()
    const route = await storeRoute(t, token, category.id)
    await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, status: 'published', places: [{ id: place }], translations: { es: { name: 'Vuelta al lago' } } } })
    const geojson = JSON.parse((await t.call('GET', `/place-categories/${category.id}/export?format=geojson`, { token })).text) as { features: { properties: Record<string, unknown> }[] }
    expect(geojson.features.find((f) => f.properties.kind === 'route')?.properties).toMatchObject({ name: 'Tour du lac', 'name:fr': 'Tour du lac', 'name:es': 'Vuelta al lago' })
    expect(geojson.features.find((f) => f.properties.kind === 'place')?.properties).toMatchObject({ 'name:es': 'La catedral' })
    const csv = (await t.call('GET', `/place-categories/${category.id}/export?format=csv`, { token })).text
    expect(csv.split('\r\n')[0]).toBe('name,lat,lng,description,name_en,description_en,name_fr,description_fr,name_de,description_de,name_it,description_it,name_es,description_es,routes')
    const open = await t.callOffContract('GET', `/public/categories/${category.slug}?locale=es`)
    expect(open.status).toBe(200)
    expect(open.json.data.routes[0]).toMatchObject({ name: 'Vuelta al lago', translations: { es: { name: 'Vuelta al lago' } } })
  })

  it('a place’s name and description per content language; the visitor page names the stop in its language', async () => {
    const { token, category } = await manager(t, { fallback_locale: 'fr' })
    await t.call('PUT', `/place-categories/${category.id}`, { token, body: { content_locales: ['es'] } })
    const place = (await t.call('POST', '/places', { token, body: { place_category_id: category.id, name: 'Cathédrale', lat: 46.5225, lng: 6.6355 } })).json.data.id as number
    const saved = await t.call('PUT', `/places/${place}/texts`, { token, body: { texts: { es: { name: 'Catedral', description: 'La iglesia más grande.' } } } })
    expect(saved.status, JSON.stringify(saved.json)).toBe(200)
    expect(saved.json.data).toEqual({ place_id: place, texts: { es: { name: 'Catedral', description: 'La iglesia más grande.' } } })
    // A language not sent is kept; a blank clears.
    await t.call('PUT', `/places/${place}/texts`, { token, body: { texts: { fr: { description: 'La plus grande église.' }, es: { description: '' } } } })
    expect((await t.call('GET', `/places/${place}/texts`, { token })).json.data.texts).toEqual({ es: { name: 'Catedral', description: null }, fr: { name: null, description: 'La plus grande église.' } })
    const refused = await t.call('PUT', `/places/${place}/texts`, { token, body: { texts: { ja: { name: '大聖堂' } } } })
    expect(refused.status).toBe(422)
    expect(refused.json.errors['texts.ja']).toEqual(['This category does not offer this content language. Add it in the category’s languages first.'])
    const stranger = await createUser(t.services)
    expect((await t.call('PUT', `/places/${place}/texts`, { token: stranger.token, body: { texts: { es: { name: 'X' } } } })).status).toBe(404)
    const route = await storeRoute(t, token, category.id)
    await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, status: 'published', places: [{ id: place }] } })
    const es = await t.call('GET', `/routes/${route.uuid}/get-route?locale=es`, { token })
    expect(es.json.data.places.map((p) => p.name)).toEqual(['Catedral'])
    const fr = await t.call('GET', `/routes/${route.uuid}/get-route?locale=fr`, { token })
    expect(fr.json.data.places.map((p) => p.name)).toEqual(['Cathédrale'])
  })
})
