// `npm run demo`: loads a realistic demo (Lausanne: 29 places, 4 routes, QR codes, secrets and
// two years of visitor events) through the app's own services, so every screen has data.
// Run again to start over: the demo category is deleted and made anew.
import { loadConfig } from '#app/config/config.server.ts'
import { createDb } from '#app/db/db.server.ts'
import type { User } from '#app/db/schema.ts'
import { migrateToLatest } from '#app/db/migrate.server.ts'
import { addressingOf, routeAddress } from '#app/modules/addresses/route-address.ts'
import { pathLength, walkingDuration } from '#app/modules/geo/geo.ts'
import { PublicPlaces } from '#app/modules/places/public-places.server.ts'
import type { NewEvent } from '#app/modules/stats/stats.service.server.ts'
import { createServices, type Services } from '#app/services.server.ts'
import { createLogger } from '#app/platform/observability/logger.server.ts'
import { demoCategory, demoPlaces, demoRoutes, demoSecrets } from './demo/lausanne.ts'

const DEMO_PASSWORD = 'trailguide-demo'
const DAY = 24 * 3600 * 1000

/** A small seeded generator: the same demo every time. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

async function demoUser(services: Services, email: string, name: string, locale: 'en' | 'fr'): Promise<User> {
  const existing = await services.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()
  if (existing) return existing
  const token = await services.auth.register({ name, email, password: DEMO_PASSWORD, locale }, 'demo-script')
  return (await services.auth.userForSession(token))!
}

async function main() {
  const config = loadConfig({ ...process.env, BASE_URL: process.env.BASE_URL ?? `http://localhost:${process.env.PORT ?? 3000}` })
  const db = createDb({ url: config.DATABASE_URL })
  await migrateToLatest(db)
  const services = createServices({ config, db, logger: createLogger('warn') })
  const owner = await demoUser(services, 'demo@trailguide.test', 'Claire Demo', 'fr')
  const editor = await demoUser(services, 'editor@trailguide.test', 'Marco Editor', 'en')

  const previous = await services.categories.findBySlug(demoCategory.slug)
  if (previous) {
    if ((await services.categories.access.roleOf(owner.id, previous.id)) !== 'owner') {
      throw new Error(`The slug "${demoCategory.slug}" belongs to another account: the demo will not touch it.`)
    }
    // The demo starts over: the old one goes to the trash and is emptied at once.
    await services.trash.deleteForGood(owner, await services.trash.trashCategory(owner, previous.id))
  }
  const category = await services.categories.create(owner, demoCategory)
  await db.insertInto('category_members').values({ category_id: category.id, user_id: editor.id, role: 'editor', created_at: new Date().toISOString() }).execute()

  const places = new Map<string, { id: number; lat: number | null; lng: number | null }>()
  for (const place of demoPlaces) {
    const located = Number.isFinite(place.lat)
    const created = await services.places.create(owner, {
      place_category_id: category.id,
      name: place.name,
      ...(located ? { lat: place.lat, lng: place.lng } : {}),
    })
    places.set(place.key, { id: created.id, lat: created.lat, lng: created.lng })
  }

  const routes = new Map<string, { uuid: string; id: number; slug: string }>()
  for (const route of demoRoutes) {
    const stored = await services.walks.store(owner, { name: route.texts.fr.name, color: route.color as never, place_category_id: category.id, locale: 'fr' }, 'fr')
    const stops = route.places.map((key) => places.get(key)!)
    const line = stops.map((p) => [p.lng!, p.lat!] as [number, number])
    const distance = Math.round(pathLength(stops.map((p) => ({ lat: p.lat!, lng: p.lng! }))))
    await services.walks.update(
      owner,
      {
        uuid: stored.uuid,
        translations: route.texts,
        status: route.status,
        places: stops.map((p) => ({ id: p.id })),
        features_collection: { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: line } }] },
        distance,
        duration: Math.round(walkingDuration(distance)),
      },
      'fr',
    )
    const row = await db.selectFrom('walks').select('id').where('uuid', '=', stored.uuid).executeTakeFirstOrThrow()
    routes.set(route.key, { uuid: stored.uuid, id: row.id, slug: stored.slug })
  }
  await services.walks.assignNearby(owner, { currentRouteUuid: routes.get('old-town')!.uuid, nearbyRouteUuid: routes.get('lakeside')!.uuid, sortId: 1 }, 'fr')
  await services.walks.assignNearby(owner, { currentRouteUuid: routes.get('old-town')!.uuid, nearbyRouteUuid: routes.get('sauvabelin')!.uuid, sortId: 2 }, 'fr')
  await services.walks.assignNearby(owner, { currentRouteUuid: routes.get('lakeside')!.uuid, nearbyRouteUuid: routes.get('old-town')!.uuid, sortId: 1 }, 'fr')

  // Twelve plaques: seven on walls already, five waiting in a drawer.
  const codes = await services.qrCodes.createBatch(owner, { place_category_id: category.id, count: 12, name_prefix: 'Plaque' })
  const plaqued = ['cathedral', 'palud', 'market-stairs', 'chateau', 'ouchy-port', 'olympic-museum', 'sauvabelin-tower']
  for (const [i, key] of plaqued.entries()) {
    await services.qrCodes.addLocation(owner, codes[i].code, { place_id: places.get(key)!.id })
  }

  for (const secret of demoSecrets) {
    await services.places.createSecret(owner, places.get(secret.place)!.id, { title: secret.title, text: secret.text, locale: secret.locale })
  }

  // A scan opens the map page of the place's first published route, as /q does (ADR 025).
  const publicPlaces = new PublicPlaces(db)
  const scanned = await Promise.all(
    plaqued.map(async (key, i) => {
      const placeId = places.get(key)!.id
      return { placeId, qrCodeId: codes[i].id, walkId: (await publicPlaces.firstPublishedRoute(placeId))?.id ?? null }
    }),
  )

  // Two years of visitors: more in summer and at weekends, most on the old town.
  const rand = random(42)
  const published = demoRoutes.filter((r) => r.status === 'published')
  const popularity: Record<string, number> = { 'old-town': 1, lakeside: 0.8, sauvabelin: 0.45 }
  const start = Date.UTC(new Date().getUTCFullYear() - 1, 0, 1)
  const events: NewEvent[] = []
  let total = 0
  const flush = async () => {
    total += events.length
    await services.stats.record(events.splice(0))
  }
  for (let day = start; day < Date.now() - DAY; day += DAY) {
    const date = new Date(day)
    const season = 1 + 0.8 * Math.sin(((date.getUTCMonth() - 3) / 12) * 2 * Math.PI)
    const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6 ? 1.6 : 1
    for (const route of published) {
      const walkId = routes.get(route.key)!.id
      const views = Math.round(12 * season * weekend * popularity[route.key] * (0.6 + rand() * 0.8))
      for (let v = 0; v < views; v++) {
        const at = new Date(day + (8 + rand() * 12) * 3600 * 1000).toISOString()
        const visitor = `demo-${Math.floor(rand() * 5000)}`
        events.push({ categoryId: category.id, walkId, type: 'view', visitorHash: visitor, occurredAt: at })
        if (rand() < 0.7) events.push({ categoryId: category.id, walkId, type: 'time', value: Math.round(40 + rand() * 600), visitorHash: visitor, occurredAt: at })
        if (rand() < 0.06) events.push({ categoryId: category.id, walkId, type: 'like', visitorHash: visitor, occurredAt: at })
      }
    }
    for (const [i, plaque] of scanned.entries()) {
      // Some plaques are scanned far more than others; the last one fell silent a while ago.
      const silent = i === scanned.length - 1 && day > Date.now() - 45 * DAY
      const scans = silent ? 0 : Math.round(3 * season * weekend * rand() * (1.6 - i * 0.2))
      for (let s = 0; s < scans; s++) {
        const at = new Date(day + (9 + rand() * 9) * 3600 * 1000).toISOString()
        events.push({ categoryId: category.id, placeId: plaque.placeId, walkId: plaque.walkId, qrCodeId: plaque.qrCodeId, type: 'place_visit', occurredAt: at })
        if (plaque.walkId !== null) events.push({ categoryId: category.id, walkId: plaque.walkId, qrCodeId: plaque.qrCodeId, type: 'view', occurredAt: at })
      }
    }
    if (rand() < 0.03) events.push({ categoryId: category.id, placeId: places.get('cathedral')!.id, type: 'contribution', occurredAt: new Date(day + 12 * 3600 * 1000).toISOString() })
    if (events.length > 5000) await flush()
  }
  await flush()
  // The plaques were put up when their scans begin: "since" on the QR panel is not the day of the demo load.
  const since = new Date(start).toISOString()
  await db.updateTable('qr_codes').set({ created_at: since }).where('category_id', '=', category.id).execute()
  await db.updateTable('qr_codes').set({ activated_at: since }).where('category_id', '=', category.id).where('activated_at', 'is not', null).execute()
  await db.destroy()

  console.log(`Demo loaded: category "${category.name}" (${category.slug}), ${places.size} places, ${routes.size} routes, ${codes.length} QR codes (${plaqued.length} activated), ${demoSecrets.length} secrets, ${total} visitor events since ${new Date(start).toISOString().slice(0, 10)}.`)
  console.log(`Sign in at ${config.BASE_URL}/auth/login as demo@trailguide.test (owner) or editor@trailguide.test (editor), password "${DEMO_PASSWORD}".`)
  const first = routes.get(published[0].key)!
  console.log(`A published route's page: ${routeAddress(addressingOf(config), 'landing', { category: category.slug, slug: first.slug }).url}`)
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
