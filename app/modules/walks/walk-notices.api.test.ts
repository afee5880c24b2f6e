import { afterEach, describe, expect, it, vi } from 'vitest'
import { createCategory, createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { manager, storeRoute } from './walks.test-fixtures.ts'

// Route notices: set, replaced and removed through PUT /routes/update, answered as
// `notice` on the route and its summaries, active within their days (TIME_ZONE, Europe/Zurich by
// default) and in the caller's language with the route texts' fallback rules.

const closureTexts = { fr: 'Fermé pour travaux', de: 'Wegen Bauarbeiten gesperrt' }

describe.each(testDialects)('route notices API on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect)
  afterEach(() => vi.useRealTimers())

  const update = (token: string, body: Record<string, unknown>, query: '' | `?${string}` = '') => t.callOffContract('PUT', `/routes/update${query}`, { token, body })
  /** The stored notice rows of one route (the test database is shared by the file's tests). */
  const noticeRows = async (uuid: string) => {
    const walkIds = testDb.db.selectFrom('walks').select('id').where('uuid', '=', uuid)
    return {
      notices: await testDb.db.selectFrom('walk_notices').selectAll().where('walk_id', 'in', walkIds).execute(),
      texts: await testDb.db.selectFrom('walk_notice_texts').selectAll().where('walk_id', 'in', walkIds).orderBy('locale').execute(),
    }
  }

  it('sets, answers, replaces and removes a notice; leaving it out leaves it as it is', async () => {
    const { token, category } = await manager(t, { fallback_locale: 'fr' })
    const route = await storeRoute(t, token, category.id)
    expect(route.notice).toBeNull()

    const set = await update(token, { uuid: route.uuid, notice: { level: 'warning', texts: { fr: '  Chemin glissant ', en: 'Slippery path', it: '' } } }, '?locale=en')
    expect(set.status, JSON.stringify(set.json)).toBe(200)
    expect(set.json.data.notice).toEqual({ level: 'warning', text: 'Slippery path', texts: { fr: 'Chemin glissant', en: 'Slippery path' }, starts_on: null, ends_on: null, active: true })

    // In get-route and in the category's summaries (fetch-routes) too.
    const got = await t.call('GET', `/routes/${route.uuid}/get-route?locale=fr`, { token })
    expect(got.json.data.notice).toMatchObject({ level: 'warning', text: 'Chemin glissant', active: true })
    const list = await t.call('GET', `/place-categories/${category.id}/fetch-routes?locale=en`, { token })
    expect(list.json.data[0].notice).toMatchObject({ level: 'warning', text: 'Slippery path', active: true })

    // Another change of the route leaves the notice alone; the route sent back as answered is accepted.
    const renamed = await update(token, { ...got.json.data, name: 'Lakeside' })
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200)
    expect(renamed.json.data.notice).toMatchObject({ level: 'warning', texts: { fr: 'Chemin glissant', en: 'Slippery path' } })

    // A new notice replaces the whole of it: texts not sent are gone.
    const closed = await update(token, { uuid: route.uuid, notice: { level: 'closed', starts_on: '2020-01-01', ends_on: '' } })
    expect(closed.json.data.notice).toEqual({ level: 'closed', text: null, texts: {}, starts_on: '2020-01-01', ends_on: null, active: true })
    expect((await noticeRows(route.uuid)).texts).toEqual([])

    const removed = await update(token, { uuid: route.uuid, notice: null })
    expect(removed.json.data.notice).toBeNull()
    expect(await noticeRows(route.uuid)).toEqual({ notices: [], texts: [] })
  })

  it('refuses bad notices in the caller’s language and writes nothing', async () => {
    const { token, category } = await manager(t)
    const route = await storeRoute(t, token, category.id)
    await update(token, { uuid: route.uuid, notice: { level: 'information', texts: { en: 'Kept' } } })
    const before = await noticeRows(route.uuid)

    const backwards = await update(token, { uuid: route.uuid, name: 'Changed', notice: { level: 'closed', starts_on: '2026-12-10', ends_on: '2026-12-09' } }, '?locale=fr')
    expect(backwards.status).toBe(422)
    expect(backwards.json.errors['notice.ends_on']).toEqual(['Le dernier jour ne peut pas précéder le premier jour.'])

    const noDay = await update(token, { uuid: route.uuid, notice: { level: 'warning', starts_on: '2026-02-30', texts: { de: 'x' } } }, '?locale=de')
    expect(noDay.status).toBe(422)
    expect(noDay.json.errors['notice.starts_on']).toEqual(['Schreiben Sie den Tag als JJJJ-MM-TT, ein Datum, das es gibt.'])

    const noText = await update(token, { uuid: route.uuid, notice: { level: 'information', texts: { fr: '   ' } } }, '?locale=it')
    expect(noText.json.errors['notice.texts']).toEqual(['Scrivi il testo dell’avviso in almeno una lingua.'])

    const tooLong = await update(token, { uuid: route.uuid, notice: { level: 'warning', texts: { en: 'x'.repeat(501) } } })
    expect(tooLong.status).toBe(422)
    expect(Object.keys(tooLong.json.errors)).toEqual(['notice.texts.en'])

    for (const notice of [{ level: 'danger', texts: { en: 'x' } }, { level: 'closed', texts: { es: 'x' } }, { level: 'closed', color: 'red' }, 'closed', { level: 'closed', starts_on: '1/12/2026' }]) {
      const res = await update(token, { uuid: route.uuid, notice })
      expect(res.status, JSON.stringify(notice)).toBe(422)
    }
    expect(await noticeRows(route.uuid)).toEqual(before)
    const kept = await t.call('GET', `/routes/${route.uuid}/get-route`, { token })
    expect(kept.json.data.name).toBe('Tour du lac')
  })

  it('is active from its first day to its last, both included, in the trails’ time zone', async () => {
    const { token, category } = await manager(t)
    const route = await storeRoute(t, token, category.id)
    await update(token, { uuid: route.uuid, status: 'published', notice: { level: 'closed', starts_on: '2026-12-01', ends_on: '2026-12-03' } })
    // Asked as a visitor asks (no session, which the clock set far away could have outlived).
    const activeAt = async (instant: string) => {
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(new Date(instant))
      const res = await t.call('POST', '/routes/slug', { body: { routeSlug: route.slug, place_category_slug: category.slug } })
      vi.useRealTimers()
      return res.json.data.notice!.active
    }
    // Europe/Zurich is UTC+1 in winter: 1 December begins at 23:00 UTC on 30 November.
    expect(await activeAt('2026-11-30T22:59:59Z')).toBe(false)
    expect(await activeAt('2026-11-30T23:00:00Z')).toBe(true)
    expect(await activeAt('2026-12-02T12:00:00Z')).toBe(true)
    expect(await activeAt('2026-12-03T22:59:59Z')).toBe(true)
    expect(await activeAt('2026-12-03T23:00:00Z')).toBe(false)
    // Only an end: active until it; only a start: from it on.
    await update(token, { uuid: route.uuid, notice: { level: 'warning', ends_on: '2026-12-03', texts: { en: 'Works' } } })
    expect(await activeAt('2020-01-01T12:00:00Z')).toBe(true)
    expect(await activeAt('2026-12-04T12:00:00Z')).toBe(false)
    await update(token, { uuid: route.uuid, notice: { level: 'warning', starts_on: '2026-12-03', texts: { en: 'Works' } } })
    expect(await activeAt('2026-12-02T12:00:00Z')).toBe(false)
    expect(await activeAt('2030-12-02T12:00:00Z')).toBe(true)
  })

  it('answers the text in the language asked, else the category’s, else any written one', async () => {
    const { token, category } = await manager(t, { fallback_locale: 'fr' })
    const route = await storeRoute(t, token, category.id)
    await update(token, { uuid: route.uuid, notice: { level: 'closed', texts: closureTexts } })
    const textIn = async (locale: string) => (await t.call('GET', `/routes/${route.uuid}/get-route?locale=${locale}`, { token })).json.data.notice!.text
    expect(await textIn('de')).toBe('Wegen Bauarbeiten gesperrt')
    expect(await textIn('fr')).toBe('Fermé pour travaux')
    expect(await textIn('en')).toBe('Fermé pour travaux')
    expect(await textIn('it')).toBe('Fermé pour travaux')
    await update(token, { uuid: route.uuid, notice: { level: 'closed', texts: { de: closureTexts.de } } })
    expect(await textIn('it')).toBe('Wegen Bauarbeiten gesperrt')
    // The public page's route (POST /routes/slug) carries it in the visitor's language too.
    await update(token, { uuid: route.uuid, status: 'published' })
    const pub = await t.call('POST', '/routes/slug?locale=en', { body: { routeSlug: route.slug, place_category_slug: category.slug } })
    expect(pub.json.data.notice).toMatchObject({ level: 'closed', text: 'Wegen Bauarbeiten gesperrt', active: true })
  })

  it('answers 404 to a manager of another category, and writes nothing', async () => {
    const { token, category } = await manager(t)
    const route = await storeRoute(t, token, category.id)
    const { user: stranger, token: strangerToken } = await createUser(t.services)
    await createCategory(t.services, stranger)
    const res = await update(strangerToken, { uuid: route.uuid, notice: { level: 'closed' } })
    expect(res.status).toBe(404)
    expect(await noticeRows(route.uuid)).toEqual({ notices: [], texts: [] })
  })

  it('raises the category’s content version on every change, and goes with its route', async () => {
    const { token, category } = await manager(t)
    const route = await storeRoute(t, token, category.id)
    const version = async () => Number((await testDb.db.selectFrom('content_versions').select('version').where('category_id', '=', category.id).executeTakeFirst())?.version ?? 0)
    let last = await version()
    for (const notice of [{ level: 'warning', texts: { en: 'a' } }, { level: 'warning', texts: { en: 'b' } }, null]) {
      await update(token, { uuid: route.uuid, notice })
      const now = await version()
      expect(now).toBeGreaterThan(last)
      last = now
    }
    await update(token, { uuid: route.uuid, notice: { level: 'closed', texts: { fr: 'x' } } })
    // In the trash first (ADR 110), then deleted for good from there.
    const trashed = await t.call('DELETE', '/routes/delete', { token, body: { uuid: route.uuid } })
    expect(trashed.status).toBe(200)
    expect((await t.call('DELETE', `/trash/${trashed.json.data.trash_id}`, { token })).status).toBe(200)
    expect(await noticeRows(route.uuid)).toEqual({ notices: [], texts: [] })
  })
})
