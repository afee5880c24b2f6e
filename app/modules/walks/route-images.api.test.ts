import sharp from 'sharp'
import { describe, expect, it, vi } from 'vitest'
import { pngDeclaring, solidImage } from '#app/platform/images/images.test-fixtures.ts'
import type { ApiData } from '#app/client/api-contract.ts'
import { useTestApi, type TestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { WalksRepo } from './walks.repo.server.ts'
import { storedBytes, storedNames, testStorages, useStorageSettings } from '#tests/setup/test-storage.ts'
import { manager, snapshot, storeRoute, upload } from './walks.test-fixtures.ts'

const NOT_AN_IMAGE = 'The file is not an image we accept: send a JPEG, PNG, WebP, GIF or AVIF image.'

/** Each single image of a route: upload path, removal path, where the answer shows it, its size limit. */
const slots = [
  { name: 'photo', post: 'photo', remove: 'remove-photo', read: (r: ApiData<`/routes/${string}/photo`, 'POST'>) => r.photo, side: 2400 },
  { name: 'content image', post: 'content-image', remove: 'remove-content-image', read: (r: ApiData<`/routes/${string}/photo`, 'POST'>) => r.content_image, side: 2000 },
  { name: 'branding logo', post: 'logo-pro', remove: 'remove-logo-pro', read: (r: ApiData<`/routes/${string}/photo`, 'POST'>) => r.branding.logo_pro_url, side: 800 },
] as const

// On each database, with the uploads on the local disk and in an S3 bucket (ADR 030).
describe.each(testDialects.flatMap((d) => testStorages.map((s) => [d, s] as const)))('route images API on %s, uploads on %s', (dialect, storage) => {
  const { t, testDb } = useTestApi(dialect, useStorageSettings(storage))

  async function routeOf(api: TestApi = t) {
    const m = await manager(api)
    return { ...m, route: await storeRoute(api, m.token, m.category.id) }
  }
  const filesOf = (uuid: string) => storedNames(t.services.storage, `routes/${uuid}`)

  describe.each(slots)('the $name', (slot) => {
    it('accepts a PNG, stores it re-encoded as WebP within its size; replacing it keeps the old file for History (ADR 111), or deletes it with revisions off', async () => {
      const { token, route } = await routeOf()
      const res = await upload(t, 'POST', `/routes/${route.uuid}/${slot.post}`, { token, bytes: await solidImage(3000, 1500) })
      expect(res.status).toBe(200)
      const url = slot.read(res.json.data)!
      expect(url).toMatch(new RegExp(`^/uploads/routes/${route.uuid}/[a-z-]+-[0-9a-f]{24}\\.webp$`))
      const meta = await sharp((await storedBytes(t.services.storage, url))!).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', slot.side, slot.side / 2])

      const again = await upload(t, 'POST', `/routes/${route.uuid}/${slot.post}`, { token, bytes: await solidImage(50, 50, 'jpeg') })
      const replaced = slot.read(again.json.data)!
      expect(replaced).not.toBe(url)
      // Kept while a revision shows it: a restore from History puts it back.
      expect(await storedBytes(t.services.storage, url)).not.toBeNull()
      expect((await filesOf(route.uuid)).sort()).toEqual([url, replaced].map((u) => u.split('/').pop()).sort())

      t.services.config.REVISIONS_ENABLED = false
      const third = slot.read((await upload(t, 'POST', `/routes/${route.uuid}/${slot.post}`, { token, bytes: await solidImage(30, 30) })).json.data)!
      expect(await storedBytes(t.services.storage, replaced)).toBeNull()
      expect((await filesOf(route.uuid)).sort()).toEqual([url, third].map((u) => u.split('/').pop()).sort())
    })

    it('removal clears it; the file is kept for History, or deleted with revisions off', async () => {
      const { token, route } = await routeOf()
      const url = slot.read((await upload(t, 'POST', `/routes/${route.uuid}/${slot.post}`, { token, bytes: await solidImage(20, 20) })).json.data)!
      const res = await t.call('DELETE', `/routes/${route.uuid}/${slot.remove}`, { token })
      expect(res.status).toBe(200)
      expect(slot.read(res.json.data)).toBeNull()
      expect(await storedBytes(t.services.storage, url)).not.toBeNull()
      t.services.config.REVISIONS_ENABLED = false
      const other = slot.read((await upload(t, 'POST', `/routes/${route.uuid}/${slot.post}`, { token, bytes: await solidImage(20, 20) })).json.data)!
      expect((await t.call('DELETE', `/routes/${route.uuid}/${slot.remove}`, { token })).status).toBe(200)
      expect(await storedBytes(t.services.storage, other)).toBeNull()
      // Removing what is not there is not an error.
      expect((await t.call('DELETE', `/routes/${route.uuid}/${slot.remove}`, { token })).status).toBe(200)
    })
  })

  it('strips the EXIF of a JPEG', async () => {
    const { token, route } = await routeOf()
    const jpeg = await sharp(await solidImage(40, 40, 'jpeg')).withMetadata({ exif: { IFD0: { Copyright: 'x' } } }).toBuffer()
    expect((await sharp(jpeg).metadata()).exif).toBeDefined()
    const res = await upload(t, 'POST', `/routes/${route.uuid}/photo`, { token, bytes: jpeg, filename: 'photo.jpg', type: 'image/jpeg' })
    const meta = await sharp((await storedBytes(t.services.storage, res.json.data.photo!))!).metadata()
    expect(meta.format).toBe('webp')
    expect(meta.exif).toBeUndefined()
  })

  it.each([
    ['a text file named .png', Buffer.from('hello, I am text'), 'notes.png', 'image/png', 422, NOT_AN_IMAGE],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg', 'image/svg+xml', 422, NOT_AN_IMAGE],
    ['a 9 MiB upload', Buffer.alloc(9 * 1024 * 1024, 1), 'big.png', 'image/png', 413, 'The image is too large: 8 MB at most.'],
  ])('refuses %s, storing and recording nothing', async (_case, bytes, filename, type, status, message) => {
    const { token, route } = await routeOf()
    const before = await snapshot(testDb.db, route.uuid)
    const res = await upload(t, 'POST', `/routes/${route.uuid}/photo`, { token, bytes, filename, type })
    expect(res.status).toBe(status)
    expect(res.json.message).toBe(message)
    expect(await snapshot(testDb.db, route.uuid)).toEqual(before)
    expect(await filesOf(route.uuid)).toEqual([])
  })

  it('refuses a huge declared canvas cleanly', async () => {
    const { token, route } = await routeOf()
    const res = await upload(t, 'POST', `/routes/${route.uuid}/photo`, { token, bytes: await pngDeclaring(20_000, 20_000) })
    expect(res.status).toBe(422)
    expect(res.json).toEqual({
      message: 'The image is too large: at most 40 megapixels and 12000 pixels a side.',
      errors: { file: ['The image is too large: at most 40 megapixels and 12000 pixels a side.'] },
    })
    expect(await filesOf(route.uuid)).toEqual([])
  })

  it('asks for the file field when it is missing or the body is not multipart', async () => {
    const { token, route } = await routeOf()
    const empty = await upload(t, 'POST', `/routes/${route.uuid}/photo`, { token })
    expect(empty.status).toBe(422)
    expect(empty.json).toEqual({ message: 'The file field is required.', errors: { file: ['The file field is required.'] } })
    const otherField = await upload(t, 'POST', `/routes/${route.uuid}/photo`, { token, bytes: await solidImage(5, 5), field: 'image' })
    expect(otherField.json.message).toBe('The file field is required.')
    const json = await t.callOffContract('POST', `/routes/${route.uuid}/photo`, { token, body: { file: 'x' } })
    expect(json.status).toBe(422)
    expect(json.json.message).toBe('The file field is required.')
  })

  it('removes the stored file when recording it fails (no orphan)', async () => {
    const { token, route } = await routeOf()
    const spy = vi.spyOn(WalksRepo.prototype, 'setImageColumn').mockRejectedValueOnce(new Error('database down'))
    try {
      const res = await upload(t, 'POST', `/routes/${route.uuid}/photo`, { token, bytes: await solidImage(10, 10) })
      expect(res.status).toBe(500)
    } finally {
      spy.mockRestore()
    }
    expect(await filesOf(route.uuid)).toEqual([])
    expect((await snapshot(testDb.db, route.uuid))!.walk.photo_path).toBeNull()
  })

  describe('logos', () => {
    it('appends logos in order; a removed one is kept for History, or deleted with revisions off', async () => {
      const { token, route } = await routeOf()
      await upload(t, 'POST', `/routes/${route.uuid}/logos`, { token, bytes: await solidImage(1200, 600) })
      const second = await upload(t, 'POST', `/routes/${route.uuid}/logos`, { token, bytes: await solidImage(30, 30, 'gif') })
      expect(second.status).toBe(200)
      const logos = second.json.data.logos
      expect(logos).toEqual([
        { id: expect.any(Number), url: expect.stringMatching(/^\/uploads\/routes\/.+\/logo-[0-9a-f]{24}\.webp$/) },
        { id: expect.any(Number), url: expect.stringMatching(/\.webp$/) },
      ])
      expect((await sharp((await storedBytes(t.services.storage, logos[0].url))!).metadata()).width).toBe(800)
      const res = await t.call('DELETE', `/routes/${route.uuid}/logos/${logos[0].id}`, { token })
      expect(res.status).toBe(200)
      expect(res.json.data.logos).toEqual([logos[1]])
      expect(await storedBytes(t.services.storage, logos[0].url)).not.toBeNull()
      expect(await filesOf(route.uuid)).toHaveLength(2)
      t.services.config.REVISIONS_ENABLED = false
      expect((await t.call('DELETE', `/routes/${route.uuid}/logos/${logos[1].id}`, { token })).status).toBe(200)
      expect(await storedBytes(t.services.storage, logos[1].url)).toBeNull()
      expect(await filesOf(route.uuid)).toHaveLength(1)
    })

    it("answers 404 for a logo of another route or a non-numeric id", async () => {
      const { token, route } = await routeOf()
      const other = await storeRoute(t, token, route.place_category_id, { name: 'Other' })
      const logo = (await upload(t, 'POST', `/routes/${other.uuid}/logos`, { token, bytes: await solidImage(10, 10) })).json.data.logos[0]
      expect((await t.call('DELETE', `/routes/${route.uuid}/logos/${logo.id}`, { token })).status).toBe(404)
      expect((await t.call('DELETE', `/routes/${route.uuid}/logos/abc`, { token })).status).toBe(404)
      expect((await snapshot(testDb.db, other.uuid))!.logos).toHaveLength(1)
    })
  })

  it('deleting the route deletes all its files, those kept for History too', async () => {
    const { token, route } = await routeOf()
    for (const path of ['photo', 'content-image', 'logo-pro', 'logos', 'logos', 'photo'] as const) {
      expect((await upload(t, 'POST', `/routes/${route.uuid}/${path}`, { token, bytes: await solidImage(10, 10) })).status).toBe(200)
    }
    // The first photo, replaced, is kept for History.
    expect(await filesOf(route.uuid)).toHaveLength(6)
    // In the trash first (ADR 110), then deleted for good from there.
    const trashed = await t.call('DELETE', '/routes/delete', { token, body: { uuid: route.uuid } })
    expect(trashed.status).toBe(200)
    expect((await t.call('DELETE', `/trash/${trashed.json.data.trash_id}`, { token })).status).toBe(200)
    expect(await filesOf(route.uuid)).toEqual([])
  })

  it("refuses another tenant's route with 404 before reading the upload", async () => {
    const { route } = await routeOf()
    const stranger = await manager(t)
    const res = await upload(t, 'POST', `/routes/${route.uuid}/photo`, { token: stranger.token, bytes: await solidImage(10, 10) })
    expect(res.status).toBe(404)
    expect(await filesOf(route.uuid)).toEqual([])
    expect((await upload(t, 'POST', `/routes/${route.uuid}/photo`, { bytes: await solidImage(10, 10) })).status).toBe(401)
  })
})
