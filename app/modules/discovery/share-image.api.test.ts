import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { owner } from '#app/modules/transfer/transfer.test-fixtures.ts'
import { createUser } from '#tests/setup/factories.ts'
import { useTestApi, type TestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { nameLines, shareImageSvg } from './share-image-svg.ts'

// GET /api/routes/{uuid}/share-image.png: the og:image of a route's pages (ADR 121).

async function world(t: TestApi) {
  const m = await owner(t)
  const place = async (name: string, lat: number, lng: number) =>
    (await t.call('POST', '/places', { token: m.token, body: { place_category_id: m.category.id, name, lat, lng } })).json.data.id as number
  const stops = [await place('Square', 46.5, 6.6), await place('Bridge', 46.505, 6.61), await place('Tower', 46.51, 6.605)]
  const uuid = (await t.call('POST', '/routes/store', { token: m.token, body: { name: 'Old town & river', place_category_id: m.category.id, color: 'bg-violet' } })).json.data.uuid as string
  const res = await t.call('PUT', '/routes/update', { token: m.token, body: { uuid, status: 'published', places: stops.map((id) => ({ id })) } })
  expect(res.status).toBe(200)
  return { ...m, uuid, stops }
}

const get = (t: TestApi, path: string, headers: Record<string, string> = {}) => t.api.request(path, { headers })

describe.each(testDialects)('share pictures on %s', (dialect) => {
  const { t } = useTestApi(dialect, { RATE_LIMIT_SHARE_IMAGES: '3/60' })

  it('draws a 1200 × 630 PNG in the route’s colour, kept until the route changes', async () => {
    const w = await world(t)
    const res = await get(t, `/routes/${w.uuid}/share-image.png`)
    expect([res.status, res.headers.get('content-type'), res.headers.get('cache-control')]).toEqual([200, 'image/png', 'public, max-age=86400'])
    const png = Buffer.from(await res.arrayBuffer())
    const meta = await sharp(png).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630])
    // The colour band on the left is the route's violet (#7552DC).
    const { data } = await sharp(png).extract({ left: 5, top: 300, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true })
    expect([...data.subarray(0, 3)]).toEqual([0x75, 0x52, 0xdc])

    const etag = res.headers.get('etag')!
    expect((await get(t, `/routes/${w.uuid}/share-image.png`, { 'if-none-match': etag })).status).toBe(304)
    // Kept pictures cost no drawing: past the limit of 3 they are still answered.
    for (let i = 0; i < 4; i++) expect((await get(t, `/routes/${w.uuid}/share-image.png`)).status).toBe(200)
    expect(t.services.shareImages.stats.images).toBe(1)

    // A renamed route is another picture.
    await t.call('PUT', '/routes/update', { token: w.token, body: { uuid: w.uuid, name: 'New town' } })
    const renamed = await get(t, `/routes/${w.uuid}/share-image.png`)
    expect(renamed.status).toBe(200)
    expect(renamed.headers.get('etag')).not.toBe(etag)
  })

  it('shows drafts to members only; counts drawings per client, 429 in the envelope past the limit', async () => {
    const w = await world(t)
    await t.call('PUT', '/routes/update', { token: w.token, body: { uuid: w.uuid, status: 'draft' } })
    const anonymous = await get(t, `/routes/${w.uuid}/share-image.png`)
    expect(anonymous.status).toBe(404)
    expect((await anonymous.json()).message).toMatch(/\S/)
    const stranger = await createUser(t.services)
    expect((await get(t, `/routes/${w.uuid}/share-image.png`, { Authorization: `Bearer ${stranger.token}` })).status).toBe(404)
    const member = await get(t, `/routes/${w.uuid}/share-image.png`, { Authorization: `Bearer ${w.token}` })
    expect([member.status, member.headers.get('cache-control')]).toEqual([200, 'private, max-age=0, must-revalidate'])
    expect((await get(t, '/routes/not-a-uuid/share-image.png')).status).toBe(404)

    // New drawings (other names) reach the limit of 3 per minute (this file's earlier drawings count too).
    const answers: Response[] = []
    for (const name of ['One', 'Two', 'Three', 'Four']) {
      await t.call('PUT', '/routes/update', { token: w.token, body: { uuid: w.uuid, name } })
      answers.push(await get(t, `/routes/${w.uuid}/share-image.png`, { Authorization: `Bearer ${w.token}`, 'Accept-Language': 'fr' }))
    }
    const refused = answers.at(-1)!
    expect([refused.status, Number(refused.headers.get('retry-after')) > 0]).toEqual([429, true])
    expect((await refused.json()).message).toMatch(/\S/)
  })
})

describe('the share picture’s drawing', () => {
  it('numbers every stop and escapes the name', () => {
    const svg = shareImageSvg({
      name: 'Fish & <chips>',
      color: '#FF8A00',
      distance: 2400,
      stops: [
        { lat: 46.5, lng: 6.6 },
        { lat: 46.51, lng: 6.61 },
      ],
      paths: null,
    })
    expect(svg).toContain('Fish &amp; &lt;chips&gt;')
    expect([...svg.matchAll(/<circle /g)].length).toBe(2)
    expect(svg).toMatch(/>1<\/text>.*>2<\/text>/)
    expect(svg).toContain('2.4 km')
  })

  it('cuts a long name on three lines with an ellipsis', () => {
    expect(nameLines('A very long name for a walk along the old river and up to the castle on the hill')).toEqual([
      'A very long name',
      'for a walk along',
      'the old river…',
    ])
    expect(nameLines('Supercalifragilisticexpialidocious walk')).toEqual(['Supercalifragil…', 'walk'])
    expect(nameLines('Short')).toEqual(['Short'])
  })
})
