import { describe, expect, it } from 'vitest'
import { owner } from '#app/modules/transfer/transfer.test-fixtures.ts'
import { silentMp3, silentOpus } from '#tests/fixtures/audio.ts'
import { useTestApi, type TestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { storedBytes, storedNames, testStorages, useStorageSettings } from '#tests/setup/test-storage.ts'

// A place or a category deleted for good takes its recordings' files with it, from the disk or
// the bucket, as the routes' images (ADR 123).

const DAY = 86_400_000

async function record(t: TestApi, token: string, placeId: number, locale: string, bytes: Uint8Array): Promise<string> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'audio/mpeg' }), 'stop.mp3')
  const res = await t.api.request(`/places/${placeId}/recordings/${locale}`, { method: 'PUT', body: form, headers: { Authorization: `Bearer ${token}` } })
  expect(res.status).toBe(200)
  const rows = ((await res.json()) as { data: { locale: string; url: string }[] }).data
  return rows.find((r) => r.locale === locale)!.url
}

async function newPlace(t: TestApi, token: string, categoryId: number, name: string): Promise<number> {
  return (await t.call('POST', '/places', { token, body: { place_category_id: categoryId, name, lat: 46.5, lng: 6.6 } })).json.data.id as number
}

async function trashEntry(t: TestApi, token: string, categoryId: number, kind: string, itemId: number): Promise<number> {
  const listed = await t.call('GET', `/trash?place_category_id=${categoryId}`, { token })
  return (listed.json.data as { id: number; kind: string; item_id: number }[]).find((e) => e.kind === kind && e.item_id === itemId)!.id
}

describe.each(testStorages)('recordings purged with their place or category from %s', (storage) => {
  const { t } = useTestApi('sqlite', useStorageSettings(storage))

  it('a place deleted for good from the trash: its recordings’ files are gone, another place’s stay', async () => {
    const m = await owner(t)
    const square = await newPlace(t, m.token, m.category.id, 'Square')
    const tower = await newPlace(t, m.token, m.category.id, 'Tower')
    const urls = [await record(t, m.token, square, 'fr', silentMp3(2)), await record(t, m.token, square, 'en', silentOpus(2))]
    const kept = await record(t, m.token, tower, 'fr', silentMp3(1))
    expect((await t.call('DELETE', `/places/${square}`, { token: m.token })).status).toBe(200)
    // In the trash, the files stay: the place may come back with them.
    for (const url of urls) expect(await storedBytes(t.services.storage, url)).not.toBeNull()

    const entry = await trashEntry(t, m.token, m.category.id, 'place', square)
    expect((await t.call('DELETE', `/trash/${entry}`, { token: m.token })).status).toBe(200)
    for (const url of urls) expect(await storedBytes(t.services.storage, url)).toBeNull()
    expect(await storedNames(t.services.storage, `recordings/${square}`)).toEqual([])
    expect(await storedBytes(t.services.storage, kept)).not.toBeNull()
  })

  it('a category purged after TRASH_DAYS: the recordings of its places and its subcategories’ places are gone', async () => {
    const m = await owner(t)
    const sub = (await t.call('POST', '/place-categories', { token: m.token, body: { name: 'Sub', slug: `sub-${m.category.id}`, parent_id: m.category.id } })).json.data.id as number
    const places = [await newPlace(t, m.token, m.category.id, 'Square'), await newPlace(t, m.token, sub, 'Bridge')]
    const urls = [await record(t, m.token, places[0], 'fr', silentMp3(2)), await record(t, m.token, places[1], 'it', silentOpus(1))]
    const other = await owner(t)
    const elsewhere = await record(t, other.token, await newPlace(t, other.token, other.category.id, 'Elsewhere'), 'fr', silentMp3(1))
    expect((await t.call('DELETE', `/place-categories/${m.category.id}`, { token: m.token })).status).toBe(200)

    await t.services.trash.purgeExpired(new Date(Date.now() + 29 * DAY))
    for (const url of urls) expect(await storedBytes(t.services.storage, url)).not.toBeNull()
    expect(await t.services.trash.purgeExpired(new Date(Date.now() + 30 * DAY + 60_000))).toBeGreaterThanOrEqual(1)
    for (const url of urls) expect(await storedBytes(t.services.storage, url)).toBeNull()
    for (const place of places) expect(await storedNames(t.services.storage, `recordings/${place}`)).toEqual([])
    expect(await storedBytes(t.services.storage, elsewhere)).not.toBeNull()
  })
})

describe.each(testDialects)('recording keys read before a purge on %s', (dialect) => {
  const { t } = useTestApi(dialect)

  it('empties the category’s trash with its recordings’ files', async () => {
    const m = await owner(t)
    const place = await newPlace(t, m.token, m.category.id, 'Square')
    const url = await record(t, m.token, place, 'de', silentMp3(1))
    expect((await t.call('DELETE', `/places/${place}`, { token: m.token })).status).toBe(200)
    expect((await t.call('DELETE', `/place-categories/${m.category.id}/trash`, { token: m.token })).status).toBe(200)
    expect(await storedBytes(t.services.storage, url)).toBeNull()
  })
})
