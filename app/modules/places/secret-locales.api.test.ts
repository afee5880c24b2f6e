import { describe, expect, it } from 'vitest'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { createUser } from '#tests/setup/factories.ts'
import { manager, storeRoute } from '#app/modules/walks/walks.test-fixtures.ts'
import { loader as mapLoader } from '#app/routes/public/map.tsx'
import { loader as qrLoader } from '#app/routes/public/qr.tsx'

// ADR 044: a place's stories are written in its category's content languages; visitors read
// those in their content language, else the fallback's (untagged stories are the fallback's).

const phoneUa = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1'

describe.each(testDialects)('stories in content languages on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect)

  /** A French category that also offers Spanish and Arabic, with one place. */
  async function setup() {
    const owner = await manager(t, { fallback_locale: 'fr' })
    await t.call('PUT', `/place-categories/${owner.category.id}`, { token: owner.token, body: { content_locales: ['es', 'ar'] } })
    const place = (await t.call('POST', '/places', { token: owner.token, body: { place_category_id: owner.category.id, name: 'Catedral', lat: 46.5225, lng: 6.6355 } })).json.data.id as number
    return { ...owner, place }
  }
  const secretCount = async () => Number((await testDb.db.selectFrom('secrets').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)

  it('writes a story in an offered language, canonical, and answers it with its language', async () => {
    const { token, place } = await setup()
    const res = await t.call('POST', `/places/${place}/secrets`, { token, body: { title: 'Las campanas', text: 'Se tocan a mano.', locale: 'ES' } })
    expect(res.status, JSON.stringify(res.json)).toBe(201)
    expect(res.json.data).toMatchObject({ title: 'Las campanas', locale: 'es' })
    expect((await testDb.db.selectFrom('secrets').select('locale').where('id', '=', res.json.data.id).executeTakeFirstOrThrow()).locale).toBe('es')
    // Without a language: the category's fallback.
    const plain = await t.call('POST', `/places/${place}/secrets`, { token, body: { title: 'Les cloches', text: 'Sonnées à la main.' } })
    expect(plain.json.data.locale).toBe('fr')
    const list = await t.call('GET', `/places/${place}/secrets`, { token })
    expect(list.json.data.map((s) => [s.title, s.locale])).toEqual([
      ['Les cloches', 'fr'],
      ['Las campanas', 'es'],
    ])
  })

  it('stores "es-es" as "es-ES" when the category offers es-ES', async () => {
    const { token, category, place } = await setup()
    await t.call('PUT', `/place-categories/${category.id}`, { token, body: { content_locales: ['es-ES'] } })
    const res = await t.call('POST', `/places/${place}/secrets`, { token, body: { title: 'T', text: 'X', locale: 'es-es' } })
    expect(res.status, JSON.stringify(res.json)).toBe(201)
    expect(res.json.data.locale).toBe('es-ES')
  })

  it('refuses what is not a tag, and a tag the category does not offer, with a 422 in the caller’s language, writing nothing', async () => {
    const { token, place } = await setup()
    const before = await secretCount()
    const notTag = await t.callOffContract('POST', `/places/${place}/secrets`, { token, body: { title: 'T', text: 'X', locale: 'spanish' }, headers: { 'Accept-Language': 'en' } })
    expect(notTag.status).toBe(422)
    expect(notTag.json.errors.locale).toEqual(['The locale must be a language tag (BCP 47), such as es, pt-BR or zh-Hant.'])
    const notOffered = await t.call('POST', `/places/${place}/secrets`, { token, body: { title: 'T', text: 'X', locale: 'nl' }, headers: { 'Accept-Language': 'fr' } })
    expect(notOffered.status).toBe(422)
    expect(notOffered.json.errors.locale).toEqual(['Cette catégorie ne propose pas cette langue de contenu. Ajoutez-la d’abord aux langues de la catégorie.'])
    const english = await t.call('POST', `/places/${place}/secrets`, { token, body: { title: 'T', text: 'X', locale: 'de' }, headers: { 'Accept-Language': 'de' } })
    expect(english.status).toBe(422)
    expect(english.json.errors.locale).toEqual(['Diese Kategorie bietet diese Inhaltssprache nicht an. Fügen Sie sie zuerst den Sprachen der Kategorie hinzu.'])
    expect(await secretCount()).toBe(before)
  })

  it('another tenant gets 404, whatever the language, and nothing is written', async () => {
    const { place } = await setup()
    const stranger = await createUser(t.services)
    const before = await secretCount()
    // An offered language and one not offered alike: the place is not found (a malformed tag is a 422 before any look-up, as every body).
    for (const locale of ['es', 'nl']) {
      const res = await t.callOffContract('POST', `/places/${place}/secrets`, { token: stranger.token, body: { title: 'T', text: 'X', locale } })
      expect(res.status).toBe(404)
    }
    expect(await secretCount()).toBe(before)
  })

  describe('visitor pages', () => {
    const context = () => ({ services: t.services, user: null, token: null, clientIp: '203.0.113.9', categorySlug: null })
    const request = (path: string, headers: Record<string, string> = {}) => new Request(`http://localhost:3000${path}`, { headers: { 'user-agent': phoneUa, ...headers } })

    /** A published route through the place; its map page's stories of the place, as [title, lang, dir]. */
    async function published() {
      const world = await setup()
      const route = await storeRoute(t, world.token, world.category.id)
      const res = await t.call('PUT', '/routes/update', { token: world.token, body: { uuid: route.uuid, status: 'published', places: [{ id: world.place }] } })
      expect(res.status, JSON.stringify(res.json)).toBe(200)
      const rest = `${world.category.slug}/${res.json.data.slug}`
      const stories = async (search: string, headers: Record<string, string> = {}) => {
        const { view } = await mapLoader({ context: context(), request: request(`/m/${rest}${search}`, headers), params: { '*': rest } } as never)
        return view.places[0].secrets.map((s) => [s.title, s.lang, s.dir])
      }
      const write = (body: { title: string; text: string; locale?: string }) => t.call('POST', `/places/${world.place}/secrets`, { token: world.token, body })
      return { ...world, stories, write }
    }

    it('a Spanish visitor reads the Spanish story and not the French one; a French visitor the French one', async () => {
      const { stories, write } = await published()
      await write({ title: 'Les cloches', text: 'Elles sont sonnées à la main tous les dimanches matin.', locale: 'fr' })
      await write({ title: 'Las campanas', text: 'Se tocan a mano todos los domingos por la mañana.', locale: 'es' })
      await write({ title: 'الأجراس', text: 'تقرع باليد', locale: 'ar' })
      expect(await stories('?lang=es')).toEqual([['Las campanas', 'es', 'ltr']])
      expect(await stories('', { 'accept-language': 'es-MX,es;q=0.9' })).toEqual([['Las campanas', 'es', 'ltr']])
      expect(await stories('?lang=fr')).toEqual([['Les cloches', 'fr', 'ltr']])
      expect(await stories('?lang=ar')).toEqual([['الأجراس', 'ar', 'rtl']])
    })

    it('falls back to the fallback language’s stories, untagged ones among them, where a place has none in the visitor’s', async () => {
      const { stories, write, place } = await published()
      await write({ title: 'Les cloches', text: 'Elles sont sonnées à la main tous les dimanches matin.', locale: 'fr' })
      // A story written before stories had a language: the fallback's; its voice is still found from its text (ADR 091).
      await testDb.db
        .insertInto('secrets')
        .values({ place_id: place, author_id: null, title: 'The crypt', text: 'The crypt below the choir was found again in 1909 by workers.', locale: null, created_at: new Date().toISOString() })
        .execute()
      expect(await stories('?lang=es')).toEqual([
        ['Les cloches', 'fr', 'ltr'],
        ['The crypt', 'en', 'ltr'],
      ])
      // A story in a third language is no one else's fallback.
      await write({ title: 'الأجراس', text: 'تقرع باليد', locale: 'ar' })
      expect((await stories('?lang=es')).map(([title]) => title)).toEqual(['Les cloches', 'The crypt'])
      // Once there is a Spanish story, Spanish visitors read it alone.
      await write({ title: 'Las campanas', text: 'Se tocan a mano.', locale: 'es' })
      expect((await stories('?lang=es')).map(([title]) => title)).toEqual(['Las campanas'])
    })

    it('the card of a plaque with no route shows the stories in the visitor’s language too', async () => {
      const { token, category, write } = await published()
      await write({ title: 'Les cloches', text: 'Sonnées à la main.', locale: 'fr' })
      await write({ title: 'Las campanas', text: 'Se tocan a mano.', locale: 'es' })
      // A second place, on no route, with a plaque.
      const lonely = (await t.call('POST', '/places', { token, body: { place_category_id: category.id, name: 'Fuente', lat: 46.52, lng: 6.63 } })).json.data.id as number
      for (const [title, locale] of [['La fontaine', 'fr'], ['La fuente', 'es']]) await t.call('POST', `/places/${lonely}/secrets`, { token, body: { title, text: 'X', locale } })
      const code = 'SECRETES1'
      await testDb.db.insertInto('qr_codes').values({ category_id: category.id, code, image_url: `/api/qr-codes/${code}/image.svg`, name: null, place_id: lonely, user_id: null, activated_at: new Date().toISOString(), created_at: new Date().toISOString() }).execute()
      const card = async (headers: Record<string, string>) => {
        const answer = (await qrLoader({ context: { ...context(), user: null }, request: request(`/q/${code}`, headers), params: { code } } as never)) as { kind: string; secrets: { title: string; lang: string }[] }
        return answer.secrets.map((s) => [s.title, s.lang])
      }
      expect(await card({ 'accept-language': 'es' })).toEqual([['La fuente', 'es']])
      expect(await card({ 'accept-language': 'fr' })).toEqual([['La fontaine', 'fr']])
    })
  })
})
