import { describe, expect, it } from 'vitest'
import { insertPlace, insertWalk } from '#app/modules/stats/stats.test-fixtures.ts'
import { addMember, createCategory, createUser } from '#tests/setup/factories.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { lastDays } from './dashboard.service.server.ts'

const today = () => new Date().toISOString().slice(0, 10)
const daysAgo = (days: number) => {
  const date = new Date(`${today()}T00:00:00.000Z`)
  date.setUTCDate(date.getUTCDate() - days)
  return date.toISOString().slice(0, 10)
}

const zero = { routes: { published: 0, draft: 0 }, places: 0, qr_codes: { activated: 0, total: 0 }, last_30_days: { views: 0, likes: 0 }, open_reports: 0 }

describe('lastDays', () => {
  it('counts back from today, today included, across a month and a year', () => {
    expect(lastDays(new Date('2026-03-05T23:59:00Z'), 30)).toEqual({ from: '2026-02-04', to: '2026-03-05' })
    expect(lastDays(new Date('2027-01-10T00:00:00Z'), 30)).toEqual({ from: '2026-12-12', to: '2027-01-10' })
    expect(lastDays(new Date('2026-06-01T12:00:00Z'), 1)).toEqual({ from: '2026-06-01', to: '2026-06-01' })
  })
})

describe.each(testDialects)('GET /dashboard on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect)

  const dayRow = (categoryId: number, day: string, values: { views?: number; likes?: number; walk_id?: number; place_id?: number }) =>
    testDb.db
      .insertInto('stat_days')
      .values({
        category_id: categoryId,
        walk_id: values.walk_id ?? 0,
        place_id: values.place_id ?? 0,
        day,
        views: values.views ?? 0,
        total_time: 0,
        sessions: 0,
        likes: values.likes ?? 0,
        contributions: 0,
        place_visits: 0,
      })
      .execute()

  /** Links a code to a place, as an activation does. */
  const activate = (code: string, placeId: number) =>
    testDb.db.updateTable('qr_codes').set({ place_id: placeId, activated_at: new Date().toISOString() }).where('code', '=', code).execute()

  async function get(token?: string) {
    return t.call('GET', '/dashboard', { token })
  }

  it('answers 401 Unauthenticated. to an anonymous caller', async () => {
    const res = await get()
    expect(res.status).toBe(401)
    expect(res.json).toEqual({ message: 'Unauthenticated.' })
  })

  it('answers an empty list to a user without a category, with the period counted', async () => {
    const { token } = await createUser(t.services)
    const res = await get(token)
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ data: { period: { from: daysAgo(29), to: today(), days: 30 }, categories: [] } })
  })

  it('sums each category’s routes, places, QR codes and last 30 days of views and likes', async () => {
    const owner = await createUser(t.services)
    const town = await createCategory(t.services, owner.user, { name: 'Town' })
    const park = await createCategory(t.services, owner.user, { name: 'Park' })
    const walkA = await insertWalk(testDb.db, town.id, { status: 'published' })
    await insertWalk(testDb.db, town.id, { status: 'published' })
    await insertWalk(testDb.db, town.id, { status: 'draft' })
    await insertWalk(testDb.db, park.id, { status: 'draft' })
    const square = await insertPlace(testDb.db, town.id, 'Square')
    await insertPlace(testDb.db, town.id, 'Cathedral')
    await insertPlace(testDb.db, town.id, 'Bridge')
    const codes = await t.services.qrCodes.createBatch(owner.user, { place_category_id: town.id, count: 4 })
    await activate(codes[0].code, square)
    await activate(codes[1].code, square)
    // A detached code keeps its activation date as history but is no longer active.
    await testDb.db.updateTable('qr_codes').set({ activated_at: new Date().toISOString() }).where('code', '=', codes[2].code).execute()

    // Inside the 30 days: today and 29 days ago; outside: 30 days ago and tomorrow's (clock skew) row.
    await dayRow(town.id, today(), { views: 5, likes: 1 })
    await dayRow(town.id, today(), { views: 7, likes: 2, walk_id: walkA.id })
    await dayRow(town.id, daysAgo(29), { views: 11, likes: 3, place_id: square })
    await dayRow(town.id, daysAgo(30), { views: 1000, likes: 1000 })
    await dayRow(park.id, daysAgo(3), { views: 2 })

    // Visitor reports: the open ones count, the resolved one does not.
    for (const status of ['open', 'open', 'resolved'] as const) {
      await testDb.db.insertInto('visitor_reports').values({ category_id: town.id, kind: 'other', message: 'x', locale: 'en', status, created_at: new Date().toISOString() }).execute()
    }
    const res = await get(owner.token)
    expect(res.status).toBe(200)
    // Sorted by name, as the category tree is.
    expect(res.json.data.categories).toEqual([
      {
        ...zero,
        id: park.id,
        slug: park.slug,
        name: 'Park',
        parent_id: null,
        role: 'owner',
        routes: { published: 0, draft: 1 },
        last_30_days: { views: 2, likes: 0 },
        children: [],
      },
      {
        id: town.id,
        slug: town.slug,
        name: 'Town',
        parent_id: null,
        role: 'owner',
        routes: { published: 2, draft: 1 },
        places: 3,
        qr_codes: { activated: 2, total: 4 },
        last_30_days: { views: 23, likes: 6 },
        open_reports: 2,
        children: [],
      },
    ])
  })

  it('nests subcategories under their parent and gives the caller’s role in each', async () => {
    const owner = await createUser(t.services)
    const editor = await createUser(t.services)
    const region = await createCategory(t.services, owner.user, { name: 'Region' })
    const child = await createCategory(t.services, owner.user, { name: 'Village', parent_id: region.id })
    await insertPlace(testDb.db, child.id, 'Fountain')
    await addMember(t.services, region.id, editor.user, 'editor')
    await addMember(t.services, child.id, editor.user, 'owner')

    const res = await get(editor.token)
    expect(res.json.data.categories).toEqual([
      expect.objectContaining({
        id: region.id,
        role: 'editor',
        places: 0,
        children: [expect.objectContaining({ id: child.id, parent_id: region.id, role: 'owner', places: 1, children: [] })],
      }),
    ])
  })

  it('never shows another tenant’s categories or figures', async () => {
    const me = await createUser(t.services)
    const other = await createUser(t.services)
    const mine = await createCategory(t.services, me.user, { name: 'Mine' })
    const theirs = await createCategory(t.services, other.user, { name: 'Theirs' })
    // Their subcategory of my category: I am not a member of it, so it stays theirs.
    const theirChild = await createCategory(t.services, other.user, { name: 'Their child' })
    await testDb.db.updateTable('place_categories').set({ parent_id: mine.id }).where('id', '=', theirChild.id).execute()
    for (const id of [theirs.id, theirChild.id]) {
      await insertWalk(testDb.db, id, { status: 'published' })
      await insertPlace(testDb.db, id, 'Their place')
      await t.services.qrCodes.createBatch(other.user, { place_category_id: id, count: 2 })
      await dayRow(id, today(), { views: 99, likes: 9 })
      await testDb.db.insertInto('visitor_reports').values({ category_id: id, kind: 'other', message: 'x', locale: 'en', created_at: new Date().toISOString() }).execute()
    }

    const res = await get(me.token)
    expect(res.json.data.categories).toEqual([{ ...zero, id: mine.id, slug: mine.slug, name: 'Mine', parent_id: null, role: 'owner', children: [] }])
    expect(res.text).not.toContain('Theirs')
    expect(res.text).not.toContain('Their child')

    const theirView = await get(other.token)
    expect(theirView.json.data.categories.map((c: { name: string }) => c.name)).toEqual(['Their child', 'Theirs'])
    expect(theirView.json.data.categories[0]).toMatchObject({ parent_id: mine.id, places: 1, last_30_days: { views: 99, likes: 9 } })
  })

  it('runs the same number of queries for 1 category as for 10 (no query per category)', async () => {
    const owner = await createUser(t.services)
    const addRich = async (i: number) => {
      const category = await createCategory(t.services, owner.user, { name: `Town ${i}` })
      await insertWalk(testDb.db, category.id, { status: i % 2 ? 'draft' : 'published' })
      const place = await insertPlace(testDb.db, category.id, `Place ${i}`)
      const [code] = await t.services.qrCodes.createBatch(owner.user, { place_category_id: category.id, count: 2 })
      await activate(code.code, place)
      await dayRow(category.id, today(), { views: i + 1, likes: 1 })
    }
    const fetchCounting = async () => {
      testDb.queries.length = 0
      const res = await get(owner.token)
      expect(res.status).toBe(200)
      return { queries: [...testDb.queries], categories: res.json.data.categories.length }
    }
    await addRich(0)
    const one = await fetchCounting()
    for (let i = 1; i < 10; i++) await addRich(i)
    const ten = await fetchCounting()
    expect(one.categories).toBe(1)
    expect(ten.categories).toBe(10)
    expect(ten.queries).toHaveLength(one.queries.length)
    // Views and likes come from the daily roll-ups, never from the raw events.
    expect(ten.queries.filter((q) => /from "stat_days"/i.test(q))).toHaveLength(1)
    expect(ten.queries.filter((q) => /from "events"/i.test(q))).toHaveLength(0)
  })
})
