import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { insertPlace, manager, storeRoute } from '#app/modules/walks/walks.test-fixtures.ts'
import { importBuiltApp, type BuiltApp } from '#tests/setup/built-app.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { root } from '../tests/e2e/server.ts'
import { plaqueScanOf } from './plaque-scan.ts'

// A plaque's scan in one round trip (issue 28 item 4, ADR 071): /q/{code} answers the map page
// it leads to, focused on the plaque's place, with its canonical address; the scan is counted
// once, on the lean path (a kept page) as on the framework's (a first render).

let built: BuiltApp
const clientDir = path.join(root, 'build/client')
beforeAll(async () => {
  built = await importBuiltApp()
})

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1'

function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'user-agent': PHONE, 'accept-encoding': 'identity', ...headers } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }))
      })
      .on('error', reject)
  })
}

describe('plaque scan addresses', () => {
  it('reads /q/{code} with and without a language, nothing else', () => {
    expect(plaqueScanOf('/q/ABCD2345')).toEqual({ code: 'ABCD2345', locale: 'en' })
    expect(plaqueScanOf('/fr/q/abcd2345')).toEqual({ code: 'abcd2345', locale: 'fr' })
    for (const other of ['/en/q/ABCD2345', '/xx/q/ABCD2345', '/q/', '/q/A/B', '/m/q/ABCD', '/q/%E0%A4%A']) expect(plaqueScanOf(other)).toBeNull()
  })
})

describe.each(testDialects)('a plaque scan in one round trip on %s', (dialect) => {
  const ctx = useTestApi(dialect, {}, () => built)
  let server: http.Server | undefined
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve))
    server = undefined
  })

  async function listen() {
    server = http.createServer(built.createRequestListener({ services: ctx.t.services, build: built, mode: 'production', clientDir }))
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`
  }

  async function plaque() {
    const { t } = ctx
    const m = await manager(t)
    const placeId = await insertPlace(ctx.testDb.db, m.category.id, { name: 'Fountain' })
    const route = await storeRoute(t, m.token, m.category.id, { name: 'Old town' })
    expect((await t.call('PUT', '/routes/update', { token: m.token, body: { uuid: route.uuid, status: 'published', places: [{ id: placeId }] } })).status).toBe(200)
    const [qr] = (await t.call('POST', '/qr-codes/batch', { token: m.token, body: { place_category_id: m.category.id, count: 1 } })).json.data
    expect((await t.call('PUT', `/qr-codes/${qr.code}/add-location`, { token: m.token, body: { place_id: placeId } })).status).toBe(200)
    const slug = (await ctx.testDb.db.selectFrom('walks').select('slug').where('uuid', '=', route.uuid).executeTakeFirstOrThrow()).slug
    return { ...m, placeId, code: qr.code as string, mapPath: `/m/${m.category.slug}/${slug}` }
  }

  const scans = async (placeId: number) =>
    Number((await ctx.testDb.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).where('place_id', '=', placeId).where('type', '=', 'place_visit').executeTakeFirstOrThrow()).n)

  it('answers the focused map page itself, names its canonical address, and counts each scan once', async () => {
    const { placeId, code, mapPath } = await plaque()
    const base = await listen()
    const direct = await get(`${base}${mapPath}?place=${placeId}`)
    expect(direct.status).toBe(200)
    // A first scan (the framework's path, rendering if the page is not kept) and kept ones (the lean path).
    for (let i = 1; i <= 3; i++) {
      const scanned = await get(`${base}/q/${i === 2 ? code.toLowerCase() : code}`)
      expect(scanned.status).toBe(200)
      expect(scanned.headers.location).toBeUndefined()
      expect(scanned.body).toContain(`<link rel="canonical" href="http://localhost:3000${mapPath}"/>`)
      // The page opens on the plaque's stop; its script puts the map page's address in the history.
      expect(scanned.body.replace(/nonce="[^"]+"/g, '')).toBe(direct.body.replace(/nonce="[^"]+"/g, ''))
      expect(scanned.body).toContain(`&quot;focus&quot;:${placeId}`)
      await expect.poll(() => scans(placeId)).toBe(i)
    }
    // In French: the French map page, from /fr/q/… and, at once (no redirect to the language
    // first), from a French phone's first scan of /q/….
    const french = await get(`${base}/fr/q/${code}`)
    expect(french.body).toContain(`<link rel="canonical" href="http://localhost:3000/fr${mapPath}"/>`)
    const phone = await get(`${base}/q/${code}`, { accept: 'text/html', 'accept-language': 'fr-CH,fr;q=0.9' })
    expect(phone.status).toBe(200)
    expect(phone.body).toContain(`<link rel="canonical" href="http://localhost:3000/fr${mapPath}"/>`)
    expect(String(phone.headers['set-cookie'])).toContain('i18n_redirected=fr')
    await expect.poll(() => scans(placeId)).toBe(5)
  })

  it('keeps the /q page for members, unknown codes and codes leading to no route', async () => {
    const { token, placeId, code, category } = await plaque()
    const base = await listen()
    // A member: the redirect, not counted.
    const member = await get(`${base}/q/${code}`, { cookie: `token=${token}` })
    expect(member.status).toBe(302)
    expect(await scans(placeId)).toBe(0)
    expect((await get(`${base}/q/ZZZZ9999`)).status).toBe(404)
    // A plaque at a place on no published route: the place's card.
    const alone = await insertPlace(ctx.testDb.db, category.id, { name: 'Bench' })
    const [qr] = (await ctx.t.call('POST', '/qr-codes/batch', { token, body: { place_category_id: category.id, count: 1 } })).json.data
    expect((await ctx.t.call('PUT', `/qr-codes/${qr.code}/add-location`, { token, body: { place_id: alone } })).status).toBe(200)
    const card = await get(`${base}/q/${qr.code}`)
    expect(card.status).toBe(200)
    expect(card.body).toContain('Bench')
  })
})
