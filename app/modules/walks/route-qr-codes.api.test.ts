import QRCode from 'qrcode'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { manager, storeRoute } from './walks.test-fixtures.ts'

const BASE = 'http://localhost:3000'

describe.each(testDialects)('route QR codes API on %s', (dialect) => {
  const { t } = useTestApi(dialect)

  async function publishedRoute() {
    const m = await manager(t)
    const route = await storeRoute(t, m.token, m.category.id, { url: `qr-${Math.random().toString(36).slice(2, 8)}` })
    await t.call('PUT', '/routes/update', { token: m.token, body: { uuid: route.uuid, status: 'published' } })
    return { ...m, route }
  }

  describe('GET /route-qr-codes/{id}', () => {
    it('answers the code with its target URL, route and image', async () => {
      const { token, route, category } = await manager(t).then(async (m) => ({ ...m, route: await storeRoute(t, m.token, m.category.id) }))
      for (const qr of [route.route_qr_code, route.route_landing_page_qr_codes[0], route.route_map_page_qr_codes[0]]) {
        const res = await t.call('GET', `/route-qr-codes/${qr!.id}`, { token })
        expect(res.status).toBe(200)
        expect(res.json.data).toEqual({ ...qr, route_uuid: route.uuid })
      }
      // The canonical address, which names the category (ADR 011).
      expect(route.route_map_page_qr_codes[0].url).toBe(`${BASE}/m/${category.slug}/${route.slug}`)
      expect(route.route_landing_page_qr_codes[0].url).toBe(`${BASE}/r/${category.slug}/${route.slug}`)
    })

    it('answers 404 for an unknown id, a non-numeric id and a code of another tenant', async () => {
      const { route } = await publishedRoute()
      const stranger = await manager(t)
      for (const id of ['999999', 'abc', String(route.route_qr_code!.id)]) {
        expect((await t.call('GET', `/route-qr-codes/${id}`, { token: stranger.token })).status).toBe(404)
      }
    })
  })

  describe('GET /route-qr-codes/{id}/image.svg and .png', () => {
    it('draws the target URL as SVG for anyone, with cache headers and an ETag', async () => {
      const { route, category } = await publishedRoute()
      const qr = route.route_map_page_qr_codes[0]
      const res = await t.api.request(`/route-qr-codes/${qr.id}/image.svg`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/svg+xml')
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600')
      const etag = res.headers.get('etag')!
      expect(etag).toMatch(/^"[\w-]+"$/)
      const svg = await res.text()
      // The one renderer of the app's codes: the standard quiet zone, 512 px wide like a category code's.
      expect(svg).toBe(await QRCode.toString(`${BASE}/m/${category.slug}/${route.slug}`, { type: 'svg', margin: 4, width: 512, errorCorrectionLevel: 'M' }))
      const again = await t.api.request(`/route-qr-codes/${qr.id}/image.svg`, { headers: { 'If-None-Match': etag } })
      expect(again.status).toBe(304)
      expect(await again.text()).toBe('')
    })

    it('draws PNG at the asked size, and refuses a size out of range', async () => {
      const { route } = await publishedRoute()
      const id = route.route_qr_code!.id
      const res = await t.api.request(`/route-qr-codes/${id}/image.png?size=256`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/png')
      const drawn = t.services.qrImages.renderer.stats.images
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
      expect([meta.format, meta.width]).toEqual(['png', 256])
      // Kept by the shared renderer: asked again, it is not drawn again.
      await t.api.request(`/route-qr-codes/${id}/image.png?size=256`)
      expect(t.services.qrImages.renderer.stats.images).toBe(drawn)
      const byDefault = await sharp(Buffer.from(await (await t.api.request(`/route-qr-codes/${id}/image.png`)).arrayBuffer())).metadata()
      expect(byDefault.width).toBe(512)
      for (const size of ['10', '5000', 'big']) {
        const bad = await t.call('GET', `/route-qr-codes/${id}/image.png?size=${size}`)
        expect(bad.status).toBe(422)
        expect(Object.keys(bad.json.errors)).toEqual(['size'])
      }
    })

    it("changes with the route's slug (new ETag, new picture)", async () => {
      const { token, route } = await publishedRoute()
      const path = `/route-qr-codes/${route.route_qr_code!.id}/image.svg`
      const before = await t.api.request(path)
      await t.call('PUT', '/routes/update', { token, body: { uuid: route.uuid, slug: `${route.slug}-new` } })
      const after = await t.api.request(path)
      expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'))
      expect(await after.text()).not.toBe(await before.text())
    })

    it("shows a draft's code only to members of its category, never cached publicly", async () => {
      const m = await manager(t)
      const route = await storeRoute(t, m.token, m.category.id)
      const path = `/route-qr-codes/${route.route_qr_code!.id}/image.svg`
      expect((await t.callOffContract('GET', path)).status).toBe(404)
      const stranger = await manager(t)
      expect((await t.callOffContract('GET', path, { token: stranger.token })).status).toBe(404)
      const member = await t.callOffContract('GET', path, { token: m.token })
      expect(member.status).toBe(200)
      expect(member.headers.get('cache-control')).toBe('private, no-cache')
    })

    it('answers 404 for an unknown or non-numeric id', async () => {
      expect((await t.call('GET', '/route-qr-codes/999999/image.svg')).status).toBe(404)
      expect((await t.call('GET', '/route-qr-codes/x/image.png')).status).toBe(404)
    })
  })
})
