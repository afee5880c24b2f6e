import { describe, expect, it } from 'vitest'
import { insertPlace, insertWalk } from '#app/modules/stats/stats.test-fixtures.ts'
import { createCategory, createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { action, loader } from './report.tsx'

// The report page (/report, "Report a problem here" without script) as React Router calls it.

describe.each(testDialects)('report page on %s', (dialect) => {
  const ctx = useTestApi(dialect)

  async function trail() {
    const owner = await createUser(ctx.t.services)
    const category = await createCategory(ctx.t.services, owner.user)
    const walk = await insertWalk(ctx.testDb.db, category.id, { names: { de: 'Altstadt' } })
    const place = await insertPlace(ctx.testDb.db, category.id, 'Brunnen')
    await ctx.testDb.db.insertInto('walk_places').values({ walk_id: walk.id, place_id: place, sort_id: 1 }).execute()
    return { category, walk, place }
  }
  const context = () => ({ services: ctx.t.services, user: null, token: null, clientIp: '203.0.113.60', categorySlug: null })
  const load = async (search: string, lang = 'de') => {
    try {
      return await loader({ context: context(), request: new Request(`http://localhost:3000/${lang}/report${search}`), params: { lang } } as never)
    } catch (thrown) {
      if (thrown && typeof thrown === 'object' && 'init' in thrown) return { status: (thrown as { init: { status: number } }).init.status }
      throw thrown
    }
  }
  const post = async (search: string, fields: Record<string, string>) => {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.set(name, value)
    const request = new Request(`http://localhost:3000/de/report${search}`, { method: 'POST', body: form })
    return (await action({ context: context(), request, params: { lang: 'de' } } as never)) as unknown
  }
  const rows = () => ctx.testDb.db.selectFrom('visitor_reports').selectAll().execute()

  it('shows what the report is about, and 404 for an address that names nothing of ours', async () => {
    const { walk, place, category } = await trail()
    const shown = (await load(`?route=${walk.uuid}&place=${place}`)) as { subject: { place: { name: string }; route: { name: string } }; back: string }
    expect([shown.subject.place.name, shown.subject.route.name]).toEqual(['Brunnen', 'Altstadt'])
    expect(shown.back).toBe(`/de/m/${category.slug}/walk-${walk.uuid.slice(0, 8)}?place=${place}`)
    const other = await trail()
    // A draft (by its uuid) and a place of the category on no stop of the route are not named.
    const draft = await insertWalk(ctx.testDb.db, category.id, { status: 'draft', names: { de: 'Geheimer Entwurf' } })
    await ctx.testDb.db.insertInto('walk_places').values({ walk_id: draft.id, place_id: place, sort_id: 1 }).execute()
    const offRoute = await insertPlace(ctx.testDb.db, category.id, 'Privatgarten')
    for (const search of [
      '',
      '?route=nope',
      `?route=${walk.uuid}&place=${other.place}`,
      `?place=${place}`,
      '?qr=ZZZZZZZZ',
      `?route=${draft.uuid}`,
      `?route=${draft.uuid}&place=${place}`,
      `?route=${walk.uuid}&place=${offRoute}`,
    ]) {
      expect([search, (await load(search)) as unknown]).toEqual([search, { status: 404 }])
    }
  })

  it('answers a bad field with the form again (its messages and the values kept), and a good post with thanks', async () => {
    const { walk, place } = await trail()
    const refused = (await post(`?route=${walk.uuid}&place=${place}`, { kind: 'other', message: '  ', route: walk.uuid, place_id: String(place) })) as { data: { done: boolean; errors: Record<string, { key: string }[]>; values: unknown }; init: { status: number } }
    expect(refused.init.status).toBe(422)
    expect(refused.data).toMatchObject({ done: false, errors: { message: [{ key: 'reports.errors.messageRequired' }] }, values: { kind: 'other', message: '  ' } })
    expect(await rows()).toEqual([])
    const thanked = await post(`?route=${walk.uuid}&place=${place}`, { kind: 'other', message: 'Bank kaputt', route: walk.uuid, place_id: String(place), photo: '' })
    expect(thanked).toEqual({ done: true, message: { key: 'reports.thanks' } })
    expect((await rows()).map((r) => [r.place_id, r.walk_id, r.message, r.locale])).toEqual([[place, walk.id, 'Bank kaputt', 'de']])
  })
})
