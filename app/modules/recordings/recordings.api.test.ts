import { describe, expect, it } from 'vitest'
import { owner } from '#app/modules/transfer/transfer.test-fixtures.ts'
import { createUser } from '#tests/setup/factories.ts'
import { silentAdts, silentMp3, silentOpus } from '#tests/fixtures/audio.ts'
import { useTestApi, type TestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { storedBytes, testStorages, useStorageSettings } from '#tests/setup/test-storage.ts'
import { solidImage } from '#app/platform/images/images.test-fixtures.ts'
import { createHttpApp } from '../../../server/http-app.ts'

// A stop's recorded audio per language (ADR 122): checked by its bytes, limited, stored on disk or
// S3, served with HTTP range requests.

async function put(t: TestApi, token: string, placeId: number, locale: string, bytes: Uint8Array, name = 'stop.mp3', type = 'audio/mpeg', headers: Record<string, string> = {}) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name)
  const res = await t.api.request(`/places/${placeId}/recordings/${locale}`, { method: 'PUT', body: form, headers: { Authorization: `Bearer ${token}`, ...headers } })
  return { status: res.status, json: await res.json() }
}

async function world(t: TestApi) {
  const m = await owner(t)
  const place = (await t.call('POST', '/places', { token: m.token, body: { place_category_id: m.category.id, name: 'Square', lat: 46.5, lng: 6.6 } })).json.data.id as number
  return { ...m, place }
}

describe.each(testDialects)('recordings on %s', (dialect) => {
  const { t } = useTestApi(dialect)

  it('takes MP3, AAC and Ogg Opus by their bytes, measures them, and replaces a language’s recording', async () => {
    const w = await world(t)
    const mp3 = await put(t, w.token, w.place, 'fr', silentMp3(3))
    expect(mp3.status).toBe(200)
    expect(mp3.json.data).toEqual([expect.objectContaining({ locale: 'fr', content_type: 'audio/mpeg', bytes: silentMp3(3).length, duration_ms: 3004 })])
    // The name and the type the browser says do not matter: the bytes do.
    const opus = await put(t, w.token, w.place, 'en', silentOpus(2), 'voice.bin', 'application/octet-stream')
    expect(opus.json.data.find((r: { locale: string }) => r.locale === 'en')).toMatchObject({ content_type: 'audio/ogg', duration_ms: 2000 })
    expect(opus.json.data.find((r: { locale: string }) => r.locale === 'en').url).toMatch(/\.ogg$/)
    const aac = await put(t, w.token, w.place, 'de', silentAdts(2), 'voice.aac', 'audio/aac')
    expect(aac.json.data.find((r: { locale: string }) => r.locale === 'de')).toMatchObject({ content_type: 'audio/aac' })

    // Replacing French deletes the old file.
    const oldUrl = mp3.json.data[0].url as string
    const again = await put(t, w.token, w.place, 'fr', silentOpus(1), 'fr.ogg', 'audio/ogg')
    expect(again.json.data.map((r: { locale: string }) => r.locale)).toEqual(['de', 'en', 'fr'])
    expect(await storedBytes(t.services.storage, oldUrl)).toBeNull()

    const removed = await t.call('DELETE', `/places/${w.place}/recordings/fr`, { token: w.token })
    expect(removed.json.data.map((r: { locale: string }) => r.locale)).toEqual(['de', 'en'])
    expect((await t.call('DELETE', `/places/${w.place}/recordings/fr`, { token: w.token })).status).toBe(404)
  })

  it('refuses a renamed non-audio file, a sound too long, a file too large, in the caller’s language; stores nothing', async () => {
    const w = await world(t)
    const png = await solidImage(20, 20)
    const renamed = await put(t, w.token, w.place, 'fr', png, 'stop.mp3', 'audio/mpeg', { 'Accept-Language': 'fr' })
    expect(renamed.status).toBe(422)
    expect(renamed.json.message).toBe('Le fichier n’est pas un enregistrement accepté\u00a0: envoyez un fichier MP3, AAC (M4A) ou Ogg Opus.')
    expect(renamed.json.errors.file).toHaveLength(1)
    // Text that starts like an Ogg page, and a WAV file: refused too.
    expect((await put(t, w.token, w.place, 'fr', Buffer.from('OggS but nothing else of an Ogg file'), 'a.ogg', 'audio/ogg')).status).toBe(422)
    const wav = Buffer.alloc(4044)
    wav.write('RIFF', 0, 'latin1')
    wav.write('WAVEfmt ', 8, 'latin1')
    expect((await put(t, w.token, w.place, 'fr', wav, 'a.mp3')).status).toBe(422)
    const long = await put(t, w.token, w.place, 'fr', silentMp3(15 * 60 + 5))
    expect([long.status, long.json.message]).toEqual([422, 'The recording is too long: 15 minutes at most.'])
    const large = await put(t, w.token, w.place, 'fr', Buffer.concat([Buffer.from('ID3'), Buffer.alloc(20 * 1024 * 1024)]))
    expect([large.status, large.json.message]).toEqual([413, 'The recording is too large: 20 MB at most.'])
    expect(await t.services.db.selectFrom('place_recordings').selectAll().where('place_id', '=', w.place).execute()).toEqual([])
  })

  it('answers 404 to another tenant and to an unknown place, 422 to a language it does not know', async () => {
    const w = await world(t)
    const stranger = await createUser(t.services)
    expect((await put(t, stranger.token, w.place, 'fr', silentMp3(1))).status).toBe(404)
    expect((await t.call('GET', `/places/${w.place}/recordings`, { token: stranger.token })).status).toBe(404)
    expect((await put(t, w.token, 999_999, 'fr', silentMp3(1))).status).toBe(404)
    expect((await put(t, w.token, w.place, 'xx', silentMp3(1))).status).toBe(422)
    expect(await t.services.db.selectFrom('place_recordings').selectAll().where('place_id', '=', w.place).execute()).toEqual([])
  })
})

describe.each(testStorages)('recordings served with range requests from %s', (storage) => {
  const { t } = useTestApi('sqlite', useStorageSettings(storage))

  it('answers 206 with the asked bytes, and the whole file to a plain request', async () => {
    const w = await world(t)
    const bytes = silentOpus(4)
    const url = (await put(t, w.token, w.place, 'it', bytes, 'it.ogg', 'audio/ogg')).json.data[0].url as string
    const http = createHttpApp({ services: t.services, mode: 'production', build: async () => { throw new Error('no page is asked for') } })
    const whole = await http.request(url)
    expect([whole.status, whole.headers.get('content-type'), whole.headers.get('accept-ranges')]).toEqual([200, 'audio/ogg', 'bytes'])
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true)
    const part = await http.request(url, { headers: { Range: 'bytes=100-299' } })
    expect([part.status, part.headers.get('content-range')]).toEqual([206, `bytes 100-299/${bytes.length}`])
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 300))).toBe(true)
    const tail = await http.request(url, { headers: { Range: `bytes=${bytes.length - 50}-` } })
    expect(tail.status).toBe(206)
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 50))).toBe(true)
  })
})
