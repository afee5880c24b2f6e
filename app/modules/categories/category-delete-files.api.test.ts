import { describe, expect, it } from 'vitest'
import { solidImage } from '#app/platform/images/images.test-fixtures.ts'
import { manager, storeRoute, upload } from '#app/modules/walks/walks.test-fixtures.ts'
import { storedBytes, storedNames, testStorages, useStorageSettings } from '#tests/setup/test-storage.ts'
import type { ApiData } from '#app/client/api-contract.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { createHttpApp } from '../../../server/http-app.ts'

// Issue 12, item 17: deleting a category for good deletes its routes' images (and its subcategories').

// On each database, with the uploads on the local disk and in an S3 bucket (ADR 030).
describe.each(testDialects.flatMap((d) => testStorages.map((s) => [d, s] as const)))('deleting a category deletes its files on %s, uploads on %s', (dialect, storage) => {
  const { t } = useTestApi(dialect, useStorageSettings(storage))

  it('removes every image of its routes and of its subcategories’ routes: none stays on disk or served; another category’s stay', async () => {
    const owner = await manager(t)
    const sub = await t.call('POST', '/place-categories', { token: owner.token, body: { name: 'Old town', slug: `old-${owner.category.id}`, parent_id: owner.category.id } })
    expect(sub.status).toBe(201)
    const other = await manager(t)

    const route = await storeRoute(t, owner.token, owner.category.id)
    const subRoute = await storeRoute(t, owner.token, sub.json.data.id)
    const otherRoute = await storeRoute(t, other.token, other.category.id)
    const image = await solidImage(30, 20)
    const urls: string[] = []
    for (const [path, read] of [
      ['photo', (d: ApiData<`/routes/${string}/photo`, 'POST'>) => d.photo],
      ['content-image', (d: ApiData<`/routes/${string}/photo`, 'POST'>) => d.content_image],
      ['logo-pro', (d: ApiData<`/routes/${string}/photo`, 'POST'>) => d.branding.logo_pro_url],
    ] as const) {
      const res = await upload(t, 'POST', `/routes/${route.uuid}/${path}`, { token: owner.token, bytes: image })
      expect(res.status).toBe(200)
      urls.push(read(res.json.data)!)
    }
    expect((await upload(t, 'POST', `/routes/${route.uuid}/logos`, { token: owner.token, bytes: image })).status).toBe(200)
    expect((await upload(t, 'POST', `/routes/${subRoute.uuid}/photo`, { token: owner.token, bytes: image })).status).toBe(200)
    const kept = (await upload(t, 'POST', `/routes/${otherRoute.uuid}/photo`, { token: other.token, bytes: image })).json.data.photo as string

    const ours = async () => [...(await storedNames(t.services.storage, `routes/${route.uuid}`)), ...(await storedNames(t.services.storage, `routes/${subRoute.uuid}`))]
    expect(await ours()).toHaveLength(5)
    const http = createHttpApp({ services: t.services, mode: 'production', build: async () => { throw new Error('no page is asked for') } })
    expect((await http.request(urls[0])).status).toBe(200)

    const res = await t.call('DELETE', `/place-categories/${owner.category.id}`, { token: owner.token })
    expect(res.status).toBe(200)
    // In the trash first (ADR 110): the files wait for the category's return or its end.
    expect(await ours()).toHaveLength(5)
    expect((await t.call('DELETE', `/trash/${res.json.data.trash_id}`, { token: owner.token })).status).toBe(200)

    expect(await ours()).toEqual([])
    for (const url of urls) expect((await http.request(url)).status).toBe(404)
    expect(await storedBytes(t.services.storage, kept)).not.toBeNull()
    expect((await http.request(kept)).status).toBe(200)
  })
})
