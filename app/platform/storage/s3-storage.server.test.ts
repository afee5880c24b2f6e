import { describe, expect, it } from 'vitest'
import { loadConfig } from '#app/config/config.server.ts'
import { localhostAgent, S3RVER_KEY, s3ServerOfBlock } from '#tests/setup/s3-server.ts'
import { S3Storage, type S3Settings } from './s3-storage.server.ts'

// Against s3rver, a real S3-protocol server started here (ADR 030): never a mock.
const s3 = s3ServerOfBlock(['media', 'other'])

const settingsOf = (env: Record<string, string>) => {
  const config = loadConfig({ BASE_URL: 'http://localhost:3000', ...env })
  return { ...config, S3_BUCKET: config.S3_BUCKET! } satisfies S3Settings
}
const storageOf = (overrides: Record<string, string> = {}) => new S3Storage(settingsOf(s3.current().settings('media', overrides)))
const text = async (body: ReadableStream<Uint8Array> | null) => Buffer.from(await new Response(body).arrayBuffer()).toString()

describe('S3Storage', () => {
  it('puts, reads, lists and deletes objects; deleting a missing one is no error', async () => {
    const storage = storageOf()
    await storage.put('routes/abc/photo-1.webp', Buffer.from('first'), 'image/webp')
    await storage.put('avatars/7/avatar-2.webp', Buffer.from('second!'), 'image/webp')
    expect((await storage.read('routes/abc/photo-1.webp'))?.toString()).toBe('first')
    const listed = []
    for await (const item of storage.list()) listed.push(item)
    expect(listed.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'avatars/7/avatar-2.webp', size: 7 },
      { key: 'routes/abc/photo-1.webp', size: 5 },
    ])
    await storage.delete('routes/abc/photo-1.webp')
    expect(await storage.read('routes/abc/photo-1.webp')).toBeNull()
    await expect(storage.delete('routes/abc/photo-1.webp')).resolves.toBeUndefined()
    await storage.delete('avatars/7/avatar-2.webp')
  })

  it('refuses keys the app never makes', async () => {
    const storage = storageOf()
    for (const key of ['../escape.webp', 'routes/../../x', '.hidden', 'a//b', 'a b.webp', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow('storage key not allowed')
    }
  })

  it('answers the app URL, or the public URL (a CDN) when set', () => {
    expect(storageOf().url('routes/u/photo-1.webp')).toBe('/uploads/routes/u/photo-1.webp')
    expect(storageOf({ S3_PUBLIC_URL: 'https://cdn.example.org/media/' }).url('routes/u/photo-1.webp')).toBe('https://cdn.example.org/media/routes/u/photo-1.webp')
  })

  it.each([
    ['path style', 'on', (port: number) => `http://127.0.0.1:${port}`, (port: number) => `127.0.0.1:${port}`, '/media/routes/v/photo.webp'],
    ['virtual-host style', 'off', (port: number) => `http://s3.localhost:${port}`, (port: number) => `media.s3.localhost:${port}`, '/routes/v/photo.webp'],
  ])('reaches the bucket in %s', async (_style, pathStyle, endpointOf, expectedHost, expectedPath) => {
    const port = s3.current().port
    const storage = new S3Storage(settingsOf(s3.current().settings('media', { S3_ENDPOINT: endpointOf(port), S3_FORCE_PATH_STYLE: pathStyle })), '/uploads', {
      requestHandler: { httpAgent: localhostAgent() },
    })
    // Where each request really went, read off the signed request the SDK sends.
    const sent: string[] = []
    storage.client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { hostname: string; port?: number; path: string }
        sent.push(`${request.hostname}:${request.port} ${request.path}`)
        return next(args)
      },
      { step: 'finalizeRequest', name: 'recordHost' },
    )
    await storage.put('routes/v/photo.webp', Buffer.from('styled'), 'image/webp')
    expect(sent).toEqual([`${expectedHost(port)} ${expectedPath}`])
    expect((await storage.read('routes/v/photo.webp'))?.toString()).toBe('styled')
    // Same bucket either way: the other style reads it too.
    expect((await storageOf().read('routes/v/photo.webp'))?.toString()).toBe('styled')
    await storage.delete('routes/v/photo.webp')
  })

  it('streams an object with the headers of a local file, a range, and 304 for a known ETag', async () => {
    const storage = storageOf()
    await storage.put('routes/s/photo-9.webp', Buffer.from('0123456789'), 'image/webp')
    const whole = await storage.answer('routes/s/photo-9.webp', { method: 'GET' })
    expect(whole.status).toBe(200)
    expect(whole.headers).toMatchObject({
      'Content-Type': 'image/webp',
      'Content-Length': '10',
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
      'Last-Modified': expect.stringMatching(/GMT$/),
    })
    expect(await text(whole.body)).toBe('0123456789')

    const part = await storage.answer('routes/s/photo-9.webp', { method: 'GET', range: 'bytes=2-4' })
    expect([part.status, part.headers['Content-Range'], part.headers['Content-Length'], await text(part.body)]).toEqual([206, 'bytes 2-4/10', '3', '234'])

    const head = await storage.answer('routes/s/photo-9.webp', { method: 'HEAD' })
    expect([head.status, head.headers['Content-Length'], head.body]).toEqual([200, '10', null])

    const again = await storage.answer('routes/s/photo-9.webp', { method: 'GET', ifNoneMatch: whole.headers.ETag })
    expect([again.status, again.body, again.headers['Cache-Control']]).toEqual([304, null, 'public, max-age=31536000, immutable'])

    expect((await storage.answer('routes/s/missing.webp', { method: 'GET' })).status).toBe(404)
    expect((await storage.answer('../etc/passwd', { method: 'GET' })).status).toBe(404)
    await storage.delete('routes/s/photo-9.webp')
  })

  it('checks the bucket at start with a clear error', async () => {
    await expect(storageOf().check()).resolves.toBeUndefined()
    await expect(new S3Storage(settingsOf(s3.current().settings('missing-bucket'))).check()).rejects.toThrow('S3 bucket "missing-bucket" cannot be used: it does not exist')
    // s3rver knows its own key id only (it does not recompute version 4 signatures).
    const wrongKey = new S3Storage(settingsOf(s3.current().settings('media', { S3_ACCESS_KEY_ID: `NOT${S3RVER_KEY}` })))
    await expect(wrongKey.check()).rejects.toThrow('S3 bucket "media" cannot be used: access is denied')
  })
})
