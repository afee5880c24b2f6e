import sharp from 'sharp'
import { describe, expect, it, vi } from 'vitest'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { createUser } from '#tests/setup/factories.ts'
import { upload } from '#app/modules/walks/walks.test-fixtures.ts'
import { storedBytes, storedNames, testStorages, useStorageSettings } from '#tests/setup/test-storage.ts'
import { AvatarsRepo } from './avatars.repo.server.ts'
import { solidImage } from '#app/platform/images/images.test-fixtures.ts'

// On each database, with the uploads on the local disk and in an S3 bucket (ADR 030).
describe.each(testDialects.flatMap((d) => testStorages.map((s) => [d, s] as const)))('user avatar API on %s, uploads on %s', (dialect, storage) => {
  const { t, testDb } = useTestApi(dialect, useStorageSettings(storage))

  const avatarPath = async (userId: number) =>
    (await testDb.db.selectFrom('users').select('avatar_path').where('id', '=', userId).executeTakeFirstOrThrow()).avatar_path
  const filesOf = (userId: number) => storedNames(t.services.storage, `avatars/${userId}`)

  it('stores the avatar as a 512 px WebP and shows its public URL in GET /auth/user', async () => {
    const { user, token } = await createUser(t.services)
    const res = await upload(t, 'POST', '/auth/user/avatar', { token, bytes: await solidImage(1000, 1000, 'jpeg'), type: 'image/jpeg' })
    expect(res.status).toBe(200)
    const url = res.json.data.photo.profile_avatar!
    expect(url).toMatch(new RegExp(`^/uploads/avatars/${user.id}/avatar-[0-9a-f]{24}\\.webp$`))
    // The database keeps the storage key; the URL is made when the user is shown.
    expect(await avatarPath(user.id)).toBe(url.replace(/^\/uploads\//, ''))
    const meta = await sharp((await storedBytes(t.services.storage, url))!).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512])
    const me = await t.call('GET', '/auth/user', { token })
    expect(me.json.data.photo).toEqual({ profile_avatar: url })
  })

  it('replacing the avatar deletes the old file; removing it deletes the file and clears it', async () => {
    const { user, token } = await createUser(t.services)
    const first = (await upload(t, 'POST', '/auth/user/avatar', { token, bytes: await solidImage(10, 10) })).json.data.photo.profile_avatar
    const second = (await upload(t, 'POST', '/auth/user/avatar', { token, bytes: await solidImage(20, 20, 'webp') })).json.data.photo.profile_avatar!
    expect(second).not.toBe(first)
    expect(await filesOf(user.id)).toEqual([second.split('/').pop()])
    const res = await t.call('DELETE', '/auth/user/avatar', { token })
    expect(res.status).toBe(200)
    expect(res.json.data.photo).toEqual({ profile_avatar: null })
    expect(await filesOf(user.id)).toEqual([])
    expect(await avatarPath(user.id)).toBeNull()
    expect((await t.call('DELETE', '/auth/user/avatar', { token })).status).toBe(200)
  })

  it.each([
    ['a text file named .png', Buffer.from('not an image'), 422, 'The file is not an image we accept: send a JPEG, PNG, WebP, GIF or AVIF image.'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 422, 'The file is not an image we accept: send a JPEG, PNG, WebP, GIF or AVIF image.'],
    ['a 9 MiB upload', Buffer.alloc(9 * 1024 * 1024), 413, 'The image is too large: 8 MB at most.'],
  ])('refuses %s and keeps the current avatar', async (_case, bytes, status, message) => {
    const { user, token } = await createUser(t.services)
    await upload(t, 'POST', '/auth/user/avatar', { token, bytes: await solidImage(10, 10) })
    const before = await avatarPath(user.id)
    const res = await upload(t, 'POST', '/auth/user/avatar', { token, bytes, filename: 'a.png' })
    expect(res.status).toBe(status)
    expect(res.json.message).toBe(message)
    expect(await avatarPath(user.id)).toBe(before)
    expect(await filesOf(user.id)).toHaveLength(1)
  })

  it('removes the stored file when recording it fails', async () => {
    const { user, token } = await createUser(t.services)
    const spy = vi.spyOn(AvatarsRepo.prototype, 'swapAvatar').mockRejectedValueOnce(new Error('database down'))
    try {
      expect((await upload(t, 'POST', '/auth/user/avatar', { token, bytes: await solidImage(10, 10) })).status).toBe(500)
    } finally {
      spy.mockRestore()
    }
    expect(await filesOf(user.id)).toEqual([])
  })

  it('reads an upload without a declared length only when its turn comes, and refuses it past the limit', async () => {
    const { user, token } = await createUser(t.services)
    /** A multipart body streamed in chunks, without Content-Length; `pulled` counts the chunks read. */
    const streamed = (file: Buffer) => {
      const boundary = 'x-boundary-x'
      const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`)
      const whole = Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)])
      const state = { pulled: 0 }
      let offset = 0
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          state.pulled++
          if (offset >= whole.length) return controller.close()
          controller.enqueue(new Uint8Array(whole.subarray(offset, offset + 64 * 1024)))
          offset += 64 * 1024
        },
      })
      const request = () =>
        t.api.request('/auth/user/avatar', {
          method: 'POST',
          body,
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
          duplex: 'half',
        } as RequestInit)
      return { state, request }
    }

    const tooBig = streamed(Buffer.alloc(9 * 1024 * 1024, 7))
    const refused = await tooBig.request()
    expect(refused.status).toBe(413)
    expect(await refused.json()).toEqual({ message: 'The image is too large: 8 MB at most.' })
    // Stopped at the limit: not read to its end.
    expect(tooBig.state.pulled).toBeLessThan((9 * 1024 * 1024) / (64 * 1024))

    // While another upload is being decoded, the next one's body stays unread.
    let release!: () => void
    const busy = t.services.images.process(() => new Promise<Buffer>((resolve) => (release = () => resolve(Buffer.from('x')))), 'avatar').catch(() => undefined)
    const waiting = streamed(await solidImage(10, 10))
    const answer = waiting.request()
    // Its turn is taken once the request has passed authentication (slower on a busy CI machine).
    await vi.waitFor(() => expect(t.services.images.load).toEqual({ running: 1, waiting: 1 }), { timeout: 10_000, interval: 20 })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(waiting.state.pulled).toBeLessThanOrEqual(1)
    release()
    await busy
    expect((await answer).status).toBe(200)
    expect(await avatarPath(user.id)).not.toBeNull()
  })

  it('answers 401 to a guest', async () => {
    expect((await upload(t, 'POST', '/auth/user/avatar', { bytes: await solidImage(10, 10) })).json).toEqual({ message: 'Unauthenticated.' })
    expect((await t.call('DELETE', '/auth/user/avatar')).status).toBe(401)
  })

  it('still refuses JSON bodies over MAX_BODY_BYTES elsewhere, and multipart bodies on JSON endpoints', async () => {
    const { token } = await createUser(t.services)
    const huge = await t.call('PUT', '/auth/user', { token, body: { name: 'x'.repeat(2 * 1024 * 1024) } })
    expect(huge.status).toBe(413)
    expect(huge.json.message).toBe('The request is too large.')
    const multipart = await upload(t, 'PUT', '/auth/user', { token, bytes: await solidImage(10, 10) })
    expect(multipart.status).toBe(415)
  })
})
