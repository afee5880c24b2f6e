import fs from 'node:fs'
import path from 'node:path'
import { PutObjectCommand } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { S3Storage } from '#app/platform/storage/s3-storage.server.ts'
import type { LocalDiskStorage } from '#app/platform/storage/storage.server.ts'
import { manager, storeRoute, upload } from '#app/modules/walks/walks.test-fixtures.ts'
import { createUser } from '#tests/setup/factories.ts'
import { s3ServerOfBlock } from '#tests/setup/s3-server.ts'
import { createTestApi, type TestApi } from '#tests/setup/test-app.ts'
import { createTestDb, testDialects, type TestDb } from '#tests/setup/test-db.ts'
import { keyOfUrl, storedBytes } from '#tests/setup/test-storage.ts'
import { createHttpApp } from '../../../server/http-app.ts'
import { pagePolicy } from '../../../server/security-headers.ts'
import { solidImage } from '#app/platform/images/images.test-fixtures.ts'

// Uploads in an S3 bucket as the app serves them (ADR 030), against s3rver, a real S3 server.

const httpOf = (t: TestApi) => createHttpApp({ services: t.services, mode: 'production', build: async () => { throw new Error('no page is asked for') } })

describe.each(testDialects)('uploads on S3 on %s', (dialect) => {
  const s3 = s3ServerOfBlock(['uploads'])
  let testDb: TestDb
  beforeAll(async () => {
    testDb = await createTestDb(dialect)
  })
  afterAll(async () => {
    await testDb?.destroy()
  })
  const apiWith = (overrides: Record<string, string>) => createTestApi(testDb, overrides)

  it('an upload through the API lands in the bucket and is streamed at /uploads with the headers of a local file', async () => {
    const onS3 = apiWith(s3.current().settings('uploads'))
    const onDisk = apiWith({})
    const image = await solidImage(40, 40)
    const headersOf = async (t: TestApi) => {
      const { token } = await createUser(t.services)
      const url = (await upload(t, 'POST', '/auth/user/avatar', { token, bytes: image })).json.data.photo.profile_avatar as string
      const res = await httpOf(t).request(url)
      const bytes = Buffer.from(await res.arrayBuffer())
      expect(bytes.equals((await storedBytes(t.services.storage, url))!)).toBe(true)
      return { url, res, bytes }
    }
    const s3Answer = await headersOf(onS3)
    const diskAnswer = await headersOf(onDisk)
    expect(s3Answer.url).toMatch(/^\/uploads\/avatars\/\d+\/avatar-[0-9a-f]{24}\.webp$/)
    expect(s3Answer.res.status).toBe(200)
    for (const name of ['content-type', 'cache-control', 'x-content-type-options', 'content-security-policy', 'referrer-policy']) {
      expect([name, s3Answer.res.headers.get(name)]).toEqual([name, diskAnswer.res.headers.get(name)])
    }
    expect(s3Answer.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(s3Answer.res.headers.get('content-type')).toBe('image/webp')
    expect(s3Answer.res.headers.get('content-length')).toBe(String(s3Answer.bytes.length))
    expect(s3Answer.res.headers.get('last-modified')).toMatch(/GMT$/)

    // HEAD (offline packs weigh photos with it), a range, and a revalidation.
    const http = httpOf(onS3)
    const head = await http.request(s3Answer.url, { method: 'HEAD' })
    expect([head.status, head.headers.get('content-length'), (await head.arrayBuffer()).byteLength]).toEqual([200, String(s3Answer.bytes.length), 0])
    const part = await http.request(s3Answer.url, { headers: { Range: 'bytes=0-9' } })
    expect([part.status, part.headers.get('content-range'), (await part.arrayBuffer()).byteLength]).toEqual([206, `bytes 0-9/${s3Answer.bytes.length}`, 10])
    const etag = s3Answer.res.headers.get('etag')!
    const again = await http.request(s3Answer.url, { headers: { 'If-None-Match': etag } })
    expect([again.status, again.headers.get('cache-control')]).toEqual([304, 'public, max-age=31536000, immutable'])

    // Nothing else is served: a missing key, a path out of the keys the app makes, another method.
    for (const path of ['/uploads/avatars/1/missing.webp', '/uploads/a%20b.webp', '/uploads/.hidden', '/uploads/a//b']) {
      expect([path, (await http.request(path)).status]).toEqual([path, 404])
    }
    expect((await http.request(s3Answer.url, { method: 'POST' })).status).not.toBe(200)
  })

  it('with S3_PUBLIC_URL the answers link to it, /uploads redirects there, and pages may show its images', async () => {
    const t = apiWith(s3.current().settings('uploads', { S3_PUBLIC_URL: 'https://cdn.example.org/media' }))
    const { token, route } = await (async () => {
      const m = await manager(t)
      return { ...m, route: await storeRoute(t, m.token, m.category.id) }
    })()
    const res = await upload(t, 'POST', `/routes/${route.uuid}/photo`, { token, bytes: await solidImage(30, 30) })
    const url = res.json.data.photo as string
    expect(url).toMatch(new RegExp(`^https://cdn\\.example\\.org/media/routes/${route.uuid}/photo-[0-9a-f]{24}\\.webp$`))
    expect(await storedBytes(t.services.storage, url)).not.toBeNull()
    const key = keyOfUrl(t.services.storage, url)
    const old = await httpOf(t).request(`/uploads/${key}`)
    expect([old.status, old.headers.get('location')]).toEqual([301, url])

    const me = await createUser(t.services)
    const avatar = (await upload(t, 'POST', '/auth/user/avatar', { token: me.token, bytes: await solidImage(10, 10) })).json.data.photo.profile_avatar
    expect(avatar).toMatch(/^https:\/\/cdn\.example\.org\/media\/avatars\//)

    const policy = pagePolicy(t.config, { nonce: 'n', embed: false })
    expect(policy).toMatch(/img-src 'self' data: blob: https:\/\/tile\.openstreetmap\.org https:\/\/cdn\.example\.org;/)
    expect(pagePolicy({ ...t.config, S3_PUBLIC_URL: undefined }, { nonce: 'n', embed: false })).not.toContain('cdn.example.org')
  })

  it('a put that fails writes nothing to the database', async () => {
    // A bucket that is not there: S3 refuses the put (NoSuchBucket).
    const t = apiWith(s3.current().settings('no-such-bucket'))
    const { user, token, category } = await manager(t)
    const route = await storeRoute(t, token, category.id)
    const avatar = await upload(t, 'POST', '/auth/user/avatar', { token, bytes: await solidImage(10, 10) })
    expect(avatar.status).toBe(500)
    expect((await testDb.db.selectFrom('users').select('avatar_path').where('id', '=', user.id).executeTakeFirstOrThrow()).avatar_path).toBeNull()
    for (const path of ['photo', 'logos'] as const) expect((await upload(t, 'POST', `/routes/${route.uuid}/${path}`, { token, bytes: await solidImage(10, 10) })).status).toBe(500)
    const walk = await testDb.db.selectFrom('walks').select('photo_path').where('uuid', '=', route.uuid).executeTakeFirstOrThrow()
    expect(walk.photo_path).toBeNull()
    expect(await testDb.db.selectFrom('walk_logos').select('id').execute()).toEqual([])
  })

  it('serves only keys the app writes, with the type the app decides, whatever else the bucket holds', async () => {
    const t = apiWith(s3.current().settings('uploads'))
    const storage = t.services.storage as S3Storage
    const html = Buffer.from('<!doctype html><script>alert(document.domain)</script>')
    const putRaw = (key: string, contentType: string) =>
      storage.client.send(new PutObjectCommand({ Bucket: storage.bucket, Key: key, Body: html, ContentType: contentType, ContentLength: html.length }))
    // Objects someone else put in the bucket (another app, a backup, a hand upload).
    const foreign = ['page.html', 'avatars/1/page.html', 'avatars/1/avatar-000000000000000000000000.html', 'backups/avatar-000000000000000000000000.webp', 'avatars/x/avatar-000000000000000000000000.webp']
    for (const key of foreign) await putRaw(key, 'text/html')
    const http = httpOf(t)
    for (const key of foreign) expect([key, (await http.request(`/uploads/${key}`)).status]).toEqual([key, 404])
    // A key of the app's shape stored with a type of HTML: served as the image the app wrote there.
    const shaped = 'routes/0b7d6f39-52a8-4a07-9d3c-5b2f1d8e9a10/photo-0123456789abcdef01234567.webp'
    await putRaw(shaped, 'text/html')
    const res = await http.request(`/uploads/${shaped}`)
    expect(res.status).toBe(200)
    expect([res.headers.get('content-type'), res.headers.get('content-disposition'), res.headers.get('x-content-type-options')]).toEqual(['image/webp', 'inline', 'nosniff'])
    const head = await http.request(`/uploads/${shaped}`, { method: 'HEAD' })
    expect(head.headers.get('content-type')).toBe('image/webp')
  })

  it('on the disk too: a stray file under DATA_DIR/uploads is not served, an upload is served inline', async () => {
    const t = apiWith({})
    const root = (t.services.storage as LocalDiskStorage).root
    const key = 'avatars/1/avatar-0123456789abcdef01234567.webp'
    for (const stray of ['page.html', `${key}.123.tmp`, 'avatars/1/page.html']) {
      fs.mkdirSync(path.dirname(path.join(root, stray)), { recursive: true })
      fs.writeFileSync(path.join(root, stray), '<script>alert(1)</script>')
    }
    const http = httpOf(t)
    for (const stray of ['page.html', `${key}.123.tmp`, 'avatars/1/page.html']) expect([stray, (await http.request(`/uploads/${stray}`)).status]).toEqual([stray, 404])
    await t.services.storage.put(key, await solidImage(10, 10), 'image/webp')
    const res = await http.request(`/uploads/${key}`)
    expect([res.status, res.headers.get('content-type'), res.headers.get('content-disposition'), res.headers.get('x-content-type-options')]).toEqual([200, 'image/webp', 'inline', 'nosniff'])
  })

  it('answers 503 (not kept by caches) while the bucket cannot be reached', async () => {
    const t = apiWith(s3.current().settings('uploads', { S3_ENDPOINT: 'http://127.0.0.1:9' }))
    const res = await httpOf(t).request('/uploads/avatars/1/avatar-000000000000000000000000.webp')
    expect([res.status, res.headers.get('cache-control'), res.headers.get('retry-after')]).toEqual([503, 'no-store', '5'])
  })
})
