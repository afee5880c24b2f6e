import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type Answer, type TestApi } from '#tests/setup/test-app.ts'
import { createTestDb, type TestDb } from '#tests/setup/test-db.ts'

// Real answers against /api/openapi.json (ADR 083): a representative set of endpoints is called
// through the Hono app in process, and each answer (status, content type, body) must be one the
// document describes for that path and method, its body valid for the schema given there.

interface MediaType {
  schema?: object
}
interface Operation {
  responses: Record<string, { content?: Record<string, MediaType> }>
}
interface Document {
  paths: Record<string, Record<string, Operation>>
  components?: { schemas?: Record<string, object> }
}

// ajv-formats is CommonJS: its default export arrives as the module object under Node's ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule

/** The document's operation a request reaches: its path template matched segment by segment. */
function operationOf(doc: Document, method: string, url: string): { template: string; operation: Operation } | null {
  const path = url.split('?')[0]
  for (const [template, operations] of Object.entries(doc.paths)) {
    const pattern = new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`)
    const operation = operations[method.toLowerCase()]
    if (operation && pattern.test(path)) return { template, operation }
  }
  return null
}

const XML_TYPES = new Set(['application/gpx+xml', 'application/vnd.google-earth.kml+xml', 'image/svg+xml'])

describe('real answers against the OpenAPI document', () => {
  let db: TestDb
  let t: TestApi
  let doc: Document
  let ajv: Ajv2020
  const validators = new Map<string, ValidateFunction>()
  /** Every answer checked, and what was wrong with each that disagreed. */
  const checked: string[] = []
  const disagreements: string[] = []

  beforeAll(async () => {
    db = await createTestDb('sqlite')
    t = createTestApi(db)
    doc = (await t.callOffContract<Document>('GET', '/openapi.json')).json
    ajv = new Ajv2020({ strict: false, allErrors: true })
    addFormats(ajv)
  })
  afterAll(async () => {
    await db.destroy()
  })

  /** The document's schema, its references to components made references to `$defs`. */
  function validatorFor(key: string, schema: object): ValidateFunction {
    let validate = validators.get(key)
    if (!validate) {
      const inlined = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"#/$defs/')) as object
      const defs = JSON.parse(JSON.stringify(doc.components?.schemas ?? {}).replaceAll('"#/components/schemas/', '"#/$defs/')) as object
      validate = ajv.compile({ ...inlined, $defs: defs })
      validators.set(key, validate)
    }
    return validate
  }

  /** Checks one answer against the document and records what disagrees. */
  function check(method: string, url: string, res: Pick<Answer<unknown>, 'status' | 'headers' | 'text'>) {
    const label = `${method} ${url} → ${res.status}`
    checked.push(label)
    const found = operationOf(doc, method, url)
    if (!found) return void disagreements.push(`${label}: no operation in the document`)
    const response = found.operation.responses[String(res.status)] ?? found.operation.responses.default
    if (!response) return void disagreements.push(`${label}: status not documented (${Object.keys(found.operation.responses).join(', ')})`)
    const type = (res.headers.get('content-type') ?? '').split(';')[0].trim()
    if (!response.content) {
      if (res.text !== '') disagreements.push(`${label}: a body (${type}) where the document describes none`)
      return
    }
    const media = response.content[type]
    if (!media) return void disagreements.push(`${label}: content type ${type} not documented (${Object.keys(response.content).join(', ')})`)
    if (!media.schema) return
    const body = type.endsWith('json') ? (JSON.parse(res.text) as unknown) : res.text
    if (XML_TYPES.has(type) && !/^<\?xml|^<svg/.test(res.text.trimStart())) disagreements.push(`${label}: ${type} that is not XML`)
    const validate = validatorFor(`${found.template} ${method} ${res.status} ${type}`, media.schema)
    if (!validate(body)) disagreements.push(`${label}: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}`)
  }

  /** A JSON call through the contract's types, its answer checked against the document. */
  const call = (async (method: string, path: string, options?: object) => {
    const res = await t.callOffContract(method, path, options)
    check(method, path, res)
    return res
  }) as TestApi['call']

  /** A call the contract's types do not describe (a body refused on purpose, a form read by its route), checked the same way. */
  async function offContract(method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> }) {
    const res = await t.callOffContract(method, path, options)
    check(method, path, res)
    return res
  }

  it('answers as the document says, success and error envelopes, JSON and files', { timeout: 60_000 }, async () => {
    const anonymous = await call('GET', '/auth/user')
    expect(anonymous.status).toBe(401)
    const registered = await call('POST', '/auth/register', { body: { name: 'Olga Owner', email: 'olga@example.org', password: 'a long enough password' } })
    expect(registered.status).toBeLessThan(300)
    await offContract('POST', '/auth/register', { body: { name: 'x', email: 'not an address', password: 'short' } })
    const login = await call('POST', '/auth/login', { body: { email: 'olga@example.org', password: 'a long enough password' } })
    const token = login.json.data.access_token
    await call('POST', '/auth/login', { body: { email: 'olga@example.org', password: 'wrong password' } })
    await call('GET', '/auth/user', { token })
    await call('PUT', '/auth/user', { token, body: { name: 'Olga O.' } })

    const category = await call('POST', '/place-categories', { token, body: { name: 'Lausanne', slug: 'lausanne-openapi' } })
    const categoryId = category.json.data.id
    await call('GET', '/place-categories', { token })
    await call('GET', `/place-categories/${categoryId}`, { token })
    await call('GET', '/place-categories/999999', { token })
    await call('GET', `/place-categories/${categoryId}/members`, { token })
    await call('GET', '/dashboard', { token })

    const a = (await call('POST', '/places', { token, body: { place_category_id: categoryId, name: 'Cathédrale', lat: 46.5225, lng: 6.6355 } })).json.data.id
    const b = (await call('POST', '/places', { token, body: { place_category_id: categoryId, name: 'Château', lat: 46.5241, lng: 6.6366 } })).json.data.id
    await offContract('POST', '/places', { token, body: { place_category_id: categoryId, name: '' } })
    await call('GET', `/places/${a}`, { token })
    await call('PUT', `/places/${a}`, { token, body: { name: 'Cathédrale Notre-Dame' } })
    await call('GET', `/place-categories/${categoryId}/fetch-places`, { token })
    await call('GET', `/places/nearby?place_category_id=${categoryId}&lat=46.5225&lng=6.6355`, { token })
    await call('POST', `/places/${a}/secrets`, { token, body: { title: 'The watchman', text: 'He still calls the hours at night.' } })
    await call('GET', `/places/${a}/secrets`, { token })

    const qr = (await call('POST', '/qr-codes', { token, body: { place_category_id: categoryId, name: 'Door plaque' } })).json.data
    await call('POST', '/qr-codes/batch', { token, body: { place_category_id: categoryId, count: 2 } })
    await call('GET', `/qr-codes/${qr.code}`, { token })
    await call('GET', `/place-categories/${categoryId}/fetch-qr-codes`, { token })
    // 20 m from a place: the offer (409) carries the places near the spot.
    await call('PUT', `/qr-codes/${qr.code}/add-location`, { token, body: { lat: 46.52251, lng: 6.63551, name: 'Side door' } })
    await call('PUT', `/qr-codes/${qr.code}/add-location`, { token, body: { place_id: b } })
    const svg = await t.api.request(`/qr-codes/${qr.code}/image.svg`)
    check('GET', `/qr-codes/${qr.code}/image.svg`, { status: svg.status, headers: svg.headers, text: await svg.text() })

    const route = (await call('POST', '/routes/store', { token, body: { name: 'Vieille ville', place_category_id: categoryId, locale: 'fr' } })).json.data
    await call('PUT', '/routes/update', {
      token,
      body: {
        uuid: route.uuid,
        status: 'published',
        places: [{ id: a }, { id: b }],
        features_collection: {
          type: 'FeatureCollection',
          features: [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: [[6.6355, 46.5225, 410], [6.6366, 46.5241, 420]] } }],
        },
      },
    })
    await offContract('PUT', '/routes/update', { token, body: { uuid: route.uuid, color: 'red' } })
    await call('GET', `/routes/${route.uuid}/get-route`, { token })
    await call('GET', '/routes/00000000-0000-4000-8000-000000000000/get-route', { token })
    await call('POST', '/routes/slug', { body: { routeSlug: route.slug, place_category_slug: 'lausanne-openapi' } })
    await call('GET', `/place-categories/${categoryId}/fetch-routes`, { token })
    const other = (await call('POST', '/routes/store', { token, body: { name: 'Lakeside', place_category_id: categoryId } })).json.data
    await call('POST', '/routes/assign-nearby-route', { token, body: { currentRouteUuid: route.uuid, nearbyRouteUuid: other.uuid, sortId: 1 } })
    await call('GET', `/route-qr-codes/${route.route_qr_code!.id}`, { token })

    // The files: a route's GPX, GeoJSON and KML; the category's export in every format.
    for (const format of ['gpx', 'geojson', 'kml'] as const) await call('GET', `/routes/${route.uuid}/${format}`)
    await call('GET', `/routes/${other.uuid}/gpx`)
    for (const format of ['geojson', 'csv', 'gpx', 'kml'] as const) await call('GET', `/place-categories/${categoryId}/export?format=${format}`, { token })
    await call('GET', '/public/categories/lausanne-openapi')
    await call('GET', '/public/categories/lausanne-openapi/geojson')
    await call('GET', '/public/categories/nowhere')

    const visitor = { 'User-Agent': 'Mozilla/5.0 (openapi test)', 'X-Forwarded-For': '203.0.113.5' }
    await call('POST', '/events', { body: { type: 'view', route_uuid: route.uuid }, headers: visitor })
    await offContract('POST', '/events', { body: { type: 'nothing' }, headers: visitor })
    await call('GET', `/place-categories/${categoryId}/fetch-statistic`, { token })
    await call('GET', `/place-categories/${categoryId}/statistics/breakdown`, { token })
    await call('GET', `/place-categories/${categoryId}/heatmap`, { token })
    await offContract('POST', '/public/reports', { body: { kind: 'path_blocked', route: route.uuid, message: 'A fallen tree blocks the path near the castle.' }, headers: { ...visitor, Origin: 'http://localhost:3000' } })
    await call('GET', `/place-categories/${categoryId}/reports`, { token })

    await call('GET', '/ai/status', { token })
    await call('POST', '/ai/draft-route', { token, body: { place_category_id: categoryId, start_place_id: a, target_minutes: 30 } })
    await call('POST', '/ai/draft-texts', { token, body: { route_uuid: route.uuid } })
    await call('POST', '/directions', { token, body: { coordinates: [{ lat: 46.5225, lng: 6.6355 }, { lat: 46.5241, lng: 6.6366 }] } })
    await call('GET', '/monthly-report/subscription', { token })
    await call('PUT', '/monthly-report/subscription', { token, body: { subscribed: false } })

    await call('DELETE', '/routes/delete', { token, body: { uuid: other.uuid } })
    await call('GET', `/trash?place_category_id=${categoryId}`, { token })
    await call('GET', '/health')
    await call('GET', '/ready')

    expect(disagreements).toEqual([])
    // At least 40 answers, successes and refusals, as many as the calls above.
    expect(checked.length).toBeGreaterThanOrEqual(40)
    expect(checked.filter((label) => / → [45]\d\d$/.test(label)).length).toBeGreaterThanOrEqual(10)
  })

  it('finds a disagreement when an answer is not what the document says', async () => {
    // The check itself: a route answered without its fields, a status the operation does not list.
    const before = disagreements.length
    check('GET', '/auth/user', { status: 200, headers: new Headers({ 'content-type': 'application/json' }), text: '{"data":{"name":1}}' })
    check('GET', '/auth/user', { status: 418, headers: new Headers({ 'content-type': 'application/json' }), text: '{}' })
    expect(disagreements.slice(before)).toEqual([expect.stringContaining('GET /auth/user → 200: body/data'), expect.stringContaining('GET /auth/user → 418: status not documented')])
  })
})
