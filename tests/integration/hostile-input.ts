import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { zipSync } from 'fflate'
import { sql } from 'kysely'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken, newToken } from '#app/modules/auth/tokens.server.ts'
import { GEOCODER_MAPBOX_TOKEN, startFakeGeocoder, type FakeGeocoder } from '#app/modules/geocoding/geocoding.test-fixtures.ts'
import { pngDeclaring, solidImage } from '#app/platform/images/images.test-fixtures.ts'
import { formFields } from '#app/utils/forms.server.ts'
import { createHttpApp } from '../../server/http-app.ts'
import { addMember, createUser } from '../setup/factories.ts'
import { useTestApi, type ErrorFields, type TestApi } from '../setup/test-app.ts'
import { testDialects, type TestDb } from '../setup/test-db.ts'

// Hostile input, derived from the OpenAPI document: for every operation, generated valid and
// mutated bodies, hostile path parameters, query strings and headers, sent as the owner of a
// category with real records (so handlers go deep), as another tenant, anonymously and with a
// cookie from a foreign origin. Never a 5xx, always the JSON envelope, never a stack trace or a
// file path, and a refused request (>= 400) leaves every table exactly as it was.
// Reproduce a failure with the seed fast-check prints: FC_SEED=<seed> npx vitest run tests/integration/hostile-input
// The operations are shared among hostile-input.operations-N.test.ts (files run side by side);
// hostile-input.test.ts holds the examples the generated requests found.

const seed = Number(process.env.FC_SEED ?? 20261121)
/** Runs per operation and dialect: small, so the file stays well under a minute. */
const runs = Number(process.env.FC_RUNS ?? 20)

// ---------------------------------------------------------------------------------------------
// The world: real records the generated requests point at, rebuilt after a successful write.

type People = Record<'owner' | 'colleague' | 'outsider' | 'placeUser', Awaited<ReturnType<typeof createUser>>>
type World = Awaited<ReturnType<typeof buildWorld>>

let serial = 0
async function buildWorld(t: TestApi, people: People) {
  const s = t.services
  const { owner } = people
  const category = (await s.categories.create(owner.user, { name: 'Hostile', slug: `hostile-${++serial}-${Date.now()}` })).id
  await addMember(s, category, people.colleague.user, 'editor')
  const place = (await s.places.create(owner.user, { place_category_id: category, name: 'Square', lat: 46.5, lng: 6.6 })).id
  const place2 = (await s.places.create(owner.user, { place_category_id: category, name: 'Bridge', lat: 46.51, lng: 6.62 })).id
  await s.db.insertInto('place_users').values({ place_id: place, user_id: people.placeUser.user.id, created_at: new Date().toISOString() }).execute()
  const [qr] = await s.qrCodes.createBatch(owner.user, { place_category_id: category, count: 1 })
  const route = await s.walks.store(owner.user, { name: 'Old town', place_category_id: category }, 'en')
  const otherRoute = await s.walks.store(owner.user, { name: 'Lakeside', place_category_id: category }, 'en')
  await s.walks.update(owner.user, { uuid: route.uuid, status: 'published', places: [{ id: place }, { id: place2 }] }, 'en')
  await s.walks.assignNearby(owner.user, { currentRouteUuid: otherRoute.uuid, nearbyRouteUuid: route.uuid, sortId: 1 }, 'en')
  const walk = await s.db.selectFrom('walks').select(['id', 'slug']).where('uuid', '=', route.uuid).executeTakeFirstOrThrow()
  const routeQrCode = (await s.db.selectFrom('walk_qr_codes').select('id').where('walk_id', '=', walk.id).executeTakeFirstOrThrow()).id
  const logo = (await s.db.insertInto('walk_logos').values({ walk_id: walk.id, path: `routes/${route.uuid}/logo-x.webp`, sort_id: 1 }).returning('id').executeTakeFirstOrThrow()).id
  const secret = (await s.places.createSecret(owner.user, place, { title: 'Tip', text: 'Text' })).id
  const sentBefore = t.sent.length
  const invitation = (await s.categories.invite(owner.user, category, { email: `invited-${serial}@example.org`, role: 'editor' }, 'en')).id
  const mail = JSON.stringify(t.sent.slice(sentBefore))
  const invitationToken = /\/invitations\/([A-Za-z0-9_-]{16,})/.exec(mail)?.[1] ?? 'no-token-in-mail'
  const placeInvitation = (await s.places.invite(owner.user, place, `shop-${serial}@example.org`, 'en')).id
  const categorySlug = (await s.db.selectFrom('place_categories').select('slug').where('id', '=', category).executeTakeFirstOrThrow()).slug
  const report = (
    await s.db.insertInto('visitor_reports').values({ category_id: category, place_id: place, kind: 'path_blocked', locale: 'en', created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()
  ).id
  // A place in the category's trash (ADR 110).
  const trashEntry = await s.trash.trashPlace(owner.user, (await s.places.create(owner.user, { place_category_id: category, name: 'Gone', lat: 46.52, lng: 6.64 })).id)
  // The newest revisions of the route and the place (ADR 111).
  const revisionOf = async (kind: 'route' | 'place', id: number) =>
    (await s.db.selectFrom('revisions').select('id').where('kind', '=', kind).where('item_id', '=', id).orderBy('id', 'desc').executeTakeFirstOrThrow()).id
  const routeRevision = await revisionOf('route', walk.id)
  const placeRevision = await revisionOf('place', place)
  return {
    routeRevision, placeRevision,
    category, place, place2, report, trashEntry, code: qr.code, route: route.uuid, otherRoute: otherRoute.uuid, slug: walk.slug, categorySlug, routeQrCode,
    logo, secret, invitation, invitationToken, placeInvitation, colleague: people.colleague.user.id, placeUser: people.placeUser.user.id,
  }
}

/** A reference to a real record, resolved against the current world when the request is sent. */
class Ref {
  constructor(readonly key: keyof World) {}
}
const realInt = fc.constantFrom<keyof World>('category', 'place', 'place2', 'trashEntry', 'routeRevision', 'placeRevision', 'routeQrCode', 'logo', 'secret', 'invitation', 'placeInvitation', 'colleague', 'placeUser').map((k) => new Ref(k))
const realString = fc.constantFrom<keyof World>('route', 'otherRoute', 'code', 'slug', 'categorySlug', 'invitationToken').map((k) => new Ref(k))

function resolveRefs(value: unknown, world: World): unknown {
  if (value instanceof Ref) return world[value.key]
  if (Array.isArray(value)) return value.map((v) => resolveRefs(v, world))
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    // defineProperty keeps "__proto__" an own, serialisable key instead of changing the prototype.
    for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: resolveRefs(v, world), enumerable: true, writable: true, configurable: true })
    return out
  }
  return value
}

// ---------------------------------------------------------------------------------------------
// JSON schema → arbitraries of valid values.

interface Schema {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean | Schema
  enum?: unknown[]
  const?: unknown
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  items?: Schema
  minItems?: number
  maxItems?: number
  oneOf?: Schema[]
  anyOf?: Schema[]
  allOf?: Schema[]
  $ref?: string
}
interface Parameter {
  $ref?: string
  in: 'path' | 'query' | 'header' | 'cookie'
  name: string
  required?: boolean
  schema?: Schema
}
interface Operation {
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema?: Schema }> }
}
interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>
  components?: { schemas?: Record<string, Schema>; parameters?: Record<string, Parameter> }
}

function deref<T extends { $ref?: string }>(doc: OpenApiDoc, node: T): T {
  if (!node.$ref) return node
  const name = node.$ref.split('/').pop()!
  return ((node.$ref.includes('/parameters/') ? doc.components?.parameters?.[name] : doc.components?.schemas?.[name]) ?? {}) as unknown as T
}

function validValue(doc: OpenApiDoc, raw: Schema, depth = 0): fc.Arbitrary<unknown> {
  const s = deref(doc, raw)
  if (s.const !== undefined) return fc.constant(s.const)
  if (s.enum) return fc.constantFrom(...s.enum)
  if (s.oneOf || s.anyOf) return fc.oneof(...(s.oneOf ?? s.anyOf)!.map((x) => validValue(doc, x, depth + 1)))
  if (s.allOf) {
    const parts = s.allOf.map((x) => deref(doc, x))
    return validValue(doc, { type: 'object', properties: Object.assign({}, ...parts.map((p) => p.properties)), required: parts.flatMap((p) => p.required ?? []) }, depth)
  }
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties ? ['object'] : []
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 })
  return fc.oneof(...types.map((type) => valueOfType(doc, s, type, depth)))
}

function valueOfType(doc: OpenApiDoc, s: Schema, type: string, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null)
    case 'boolean':
      return fc.boolean()
    case 'integer': {
      const min = Math.max(s.minimum ?? -1_000_000, s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -Infinity)
      const max = Math.min(s.maximum ?? 1_000_000, s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : Infinity)
      return fc.oneof(realInt, fc.integer({ min, max }), fc.constantFrom(min, max))
    }
    case 'number': {
      const min = s.minimum ?? s.exclusiveMinimum ?? -1_000_000
      const max = s.maximum ?? s.exclusiveMaximum ?? 1_000_000
      return fc.oneof(fc.double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded: s.exclusiveMinimum !== undefined, maxExcluded: s.exclusiveMaximum !== undefined }), fc.constantFrom(min, max).filter((v) => (s.exclusiveMinimum === undefined || v > s.exclusiveMinimum) && (s.exclusiveMaximum === undefined || v < s.exclusiveMaximum)))
    }
    case 'string': {
      const minLength = s.minLength ?? 0
      const maxLength = Math.min(s.maxLength ?? 40, 40)
      const fitting = (v: string) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity)
      if (s.format === 'binary') return fc.constant('binary')
      if (s.format === 'email') return fc.oneof(fc.emailAddress(), fc.constant('someone@example.org'))
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter(fitting)
      return fc.oneof(fc.string({ minLength, maxLength: Math.max(minLength, maxLength), unit: 'grapheme' }), realString, fc.constant('a long enough password').filter(fitting))
    }
    case 'array': {
      if (depth > 4) return fc.constant([])
      return fc.array(validValue(doc, s.items ?? {}, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 4, 4)) })
    }
    case 'object': {
      if (depth > 4 || !s.properties) return fc.constant({})
      const keys = Object.keys(s.properties)
      const model = Object.fromEntries(keys.map((k) => [k, validValue(doc, s.properties![k], depth + 1)]))
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => keys.includes(k)) })
    }
    default:
      return fc.jsonValue({ maxDepth: 1 })
  }
}

// ---------------------------------------------------------------------------------------------
// Hostile values and mutations.

const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n)
const hostileScalar = fc.constantFrom<unknown>(
  '', ' ', '\u0000', 'a\u0000b', '\u202Eevil', '\uD800', '😀'.repeat(300), 'é'.repeat(5000), "' OR 1=1 --", "1; DROP TABLE walks; --",
  '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '../../etc/passwd', '%00', 'x'.repeat(70_000), '2147483648', '1e3', 'NaN',
  -1, 0, -0, 1.5, 2 ** 31, 2 ** 31 - 1, 2 ** 53 + 1, Number.MAX_VALUE, -Number.MAX_VALUE, 1e-320, 1e21, true, false, null, [], {}, [null],
  { '': '' }, { $gt: '' }, [[[[[[]]]]]],
)
const protoKeys = fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'role', 'user_id', 'id', 'category_id', 'created_at')
const protoValue = fc.constantFrom<unknown>({ polluted: 'yes' }, { prototype: { polluted: 'yes' } }, 'polluted', 1)

/** A placeholder replaced by raw JSON text after serialisation (for nesting JSON.stringify cannot make cheaply). */
const DEEP = '@@deep@@'

type Mutation =
  | { kind: 'set'; pick: number; value: unknown }
  | { kind: 'delete'; pick: number }
  | { kind: 'extra'; pick: number; key: string; value: unknown }
  | { kind: 'deep'; pick: number }
  | { kind: 'raw'; text: string }

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('set' as const), pick: fc.nat(), value: fc.oneof(hostileScalar, fc.jsonValue({ maxDepth: 2 })) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('extra' as const), pick: fc.nat(), key: fc.oneof(protoKeys, fc.string()), value: fc.oneof(protoValue, hostileScalar) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deep' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('raw' as const),
      text: fc.constantFrom('', 'null', '[]', '"text"', '123', '{', '{"a":', 'not json', '{"a":1}{"b":2}', '\u0000', deepArray(20_000), '{"__proto__":{"polluted":"yes"}}', '{"constructor":{"prototype":{"polluted":"yes"}}}', '1'.repeat(5000), `{"name":"${'x'.repeat(2 * 1024 * 1024)}"}`),
    }),
  },
)

/** Every (container, key) inside a value, so a mutation can land at any depth. */
function slots(value: unknown, out: Array<{ parent: Record<string, unknown> | unknown[]; key: string | number }> = []) {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      out.push({ parent: value, key: i })
      slots(v, out)
    })
  } else if (value && typeof value === 'object' && !(value instanceof Ref)) {
    for (const [k, v] of Object.entries(value)) {
      out.push({ parent: value as Record<string, unknown>, key: k })
      slots(v, out)
    }
  }
  return out
}
function containers(value: unknown, out: Array<Record<string, unknown>> = []) {
  if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Ref)) {
    out.push(value as Record<string, unknown>)
    Object.values(value).forEach((v) => containers(v, out))
  } else if (Array.isArray(value)) value.forEach((v) => containers(v, out))
  return out
}

/** The request body text for a (resolved) valid value and an optional mutation. */
function bodyText(valid: unknown, m: Mutation | null): string {
  if (!m) return JSON.stringify(valid)
  if (m.kind === 'raw') return m.text
  const value = structuredClone(valid)
  const all = slots(value)
  const at = all.length ? all[m.pick % all.length] : undefined
  const setAt = (v: unknown) => {
    if (!at) return v
    if (Array.isArray(at.parent)) at.parent[at.key as number] = v
    else Object.defineProperty(at.parent, at.key, { value: v, enumerable: true, writable: true, configurable: true })
    return value
  }
  switch (m.kind) {
    case 'set':
      return JSON.stringify(setAt(m.value))
    case 'delete':
      if (at && Array.isArray(at.parent)) at.parent.splice(at.key as number, 1)
      else if (at) delete (at.parent as Record<string, unknown>)[at.key]
      return JSON.stringify(at ? value : undefined) ?? ''
    case 'extra': {
      const boxes = containers(value)
      const box = boxes.length ? boxes[m.pick % boxes.length] : undefined
      if (!box) return JSON.stringify({ [m.key]: m.value })
      Object.defineProperty(box, m.key, { value: m.value, enumerable: true, writable: true, configurable: true })
      return JSON.stringify(value)
    }
    case 'deep':
      return JSON.stringify(setAt(DEEP)).replace(`"${DEEP}"`, deepArray(5_000))
  }
}

const hostilePathParam = fc.constantFrom(
  '..%2f..%2fetc%2fpasswd', '%2e%2e', '..', '99999999999999999999', '2147483648', '9007199254740993', '-1', '0', '1.5', '1e3', '0x10', '%201', '%00',
  '%C3%A9', '%F0%9F%98%80', "1'%20OR%20'1'%3D'1", '1%3BDROP%20TABLE%20walks', 'x'.repeat(3000), '%', '%zz', 'null', 'undefined', '__proto__',
  'constructor', '%E2%80%AE', 'NaN',
)
const hostileQueryValue = fc.constantFrom('', '-1', '0', '99999999999999999999', 'NaN', 'Infinity', '1e400', '%00', '%', "'%20OR%201=1", '9999-99', 'total%00', '2026-13', '0001', 'x'.repeat(3000), '%F0%9F%98%80', '__proto__')

type Caller = 'owner' | 'editor' | 'outsider' | 'anonymous' | 'foreign-cookie' | 'garbage-bearer'
const caller = fc.constantFrom<Caller>('owner', 'owner', 'owner', 'editor', 'outsider', 'anonymous', 'foreign-cookie', 'garbage-bearer')
const garbageAuthorization = fc.constantFrom('Bearer ', 'Bearer x', `Bearer ${'a'.repeat(2_000)}`, 'Basic Zm9vOmJhcg==', 'bearer', 'Bearer null', 'Bearer %00', 'Token abc', 'Bearer a b c')
const headerTwist = fc.oneof(
  { weight: 5, arbitrary: fc.constant<Record<string, string>>({}) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('text/html', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', 'application/json;;;', 'multipart/form-data', 'multipart/form-data; boundary=zzz', 'text/plain', 'application/jsonx', 'APPLICATION/JSON', '*/*', 'application/xml').map((type) => ({ 'Content-Type': type })),
  },
  { weight: 1, arbitrary: fc.constantFrom('0', '1', '999999999999', '-1', 'abc').map((length) => ({ 'Content-Length': length })) },
  { weight: 1, arbitrary: fc.constantFrom<Record<string, string>>({ 'Accept-Language': 'x'.repeat(5000) }, { 'X-Forwarded-For': "'; DROP TABLE users; --" }, { 'User-Agent': '' }, { Accept: 'text/html' }, { Origin: 'null' }) },
)

// ---------------------------------------------------------------------------------------------
// The checks.

const stackOrPath = /\n\s+at\s|node_modules|\/work\/|\/home\/|\/tmp\/|file:\/\/|\.tsx?:\d+|Error:\s|SQLITE_|syntax error|relation "/i

/** Every table's row count and a hash of its rows: a refused request must leave it identical. */
async function snapshotOf(testDb: TestDb, tables: string[]): Promise<Record<string, string>> {
  if (testDb.dialect === 'postgres') {
    // One round trip for all tables: each row as text, sorted, hashed by the server.
    const parts = tables.map((table) => sql`SELECT ${table} AS name, count(*) || ':' || md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) AS hash FROM ${sql.table(table)} r`)
    const { rows } = await sql<{ name: string; hash: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(testDb.db)
    return Object.fromEntries(rows.map((r) => [r.name, r.hash]))
  }
  const hashes = await Promise.all(
    tables.map(async (table) => {
      const rows = await testDb.db.selectFrom(table as 'users').selectAll().execute()
      const lines = rows.map((r) => JSON.stringify(r)).sort()
      return `${rows.length}:${createHash('sha1').update(lines.join('\n')).digest('hex')}`
    }),
  )
  return Object.fromEntries(tables.map((table, i) => [table, hashes[i]]))
}

/** 5xx answers that are the design, not a crash: AI text drafting is not configured in tests (503). */
const designed5xx: Record<string, number> = { 'POST /ai/draft-texts': 503, 'POST /ai/translate-texts': 503 }

function expectEnvelope(res: { status: number; text: string; json: unknown; headers: Headers }, label: string, operation: string) {
  if (res.status !== designed5xx[operation]) expect(res.status, `${label} → ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500)
  if (res.status >= 400) {
    expect(res.headers.get('content-type') ?? '', label).toMatch(/^application\/json/)
    expect(res.json, `${label}: ${res.text.slice(0, 300)}`).toEqual(
      expect.objectContaining({ message: expect.stringMatching(/\S/) }),
    )
    const envelope = res.json as Partial<ErrorFields>
    expect(Object.keys(envelope).every((k) => k === 'message' || k === 'errors'), `${label}: ${res.text.slice(0, 300)}`).toBe(true)
    if (envelope.errors !== undefined) {
      for (const messages of Object.values(envelope.errors)) expect(messages, label).toEqual(expect.arrayContaining([expect.any(String)]))
    }
    expect(res.text, label).not.toMatch(stackOrPath)
  } else if ((res.headers.get('content-type') ?? '').startsWith('application/json') && res.text) {
    expect(res.json, `${label}: ${res.text.slice(0, 200)}`).toBeTypeOf('object')
  }
}

const pollutionFree = () => {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeNames)
}
const prototypeNames = Object.getOwnPropertyNames(Object.prototype)

// ---------------------------------------------------------------------------------------------

/**
 * The hostile-input tests on each dialect: `operations` the share of the OpenAPI document's
 * operations this file sends generated requests to (the `part`th of `parts`), or the examples.
 */
export function describeHostileInput(what: { operations: { part: number; parts: number } } | 'examples') {
  describe.each(testDialects)('hostile input on %s', (dialect) => {
    let geocoder: FakeGeocoder
    // Rate limits high: the generated load must reach the handlers, not stop at 429. The address
    // search asks a local stand-in (Mapbox's protocol: no one-a-second turn), never the internet.
    const { t, testDb } = useTestApi(dialect, () => ({
      RATE_LIMIT_LOGIN: '100000/60', RATE_LIMIT_REGISTER: '100000/60', RATE_LIMIT_RESET: '100000/60', RATE_LIMIT_EVENTS: '100000/60', RATE_LIMIT_UPLOADS: '100000/60',
      RATE_LIMIT_INVITATIONS: '100000/60', RATE_LIMIT_AI: '100000/60', RATE_LIMIT_GEOCODE: '100000/60', RATE_LIMIT_RESTORES: '100000/60',
      GEOCODER: 'mapbox', MAPBOX_ACCESS_TOKEN: GEOCODER_MAPBOX_TOKEN, MAPBOX_BASE_URL: geocoder.baseUrl,
    }))
    beforeAll(async () => {
      geocoder = await startFakeGeocoder()
    })
    afterAll(async () => {
      await geocoder.close()
    })

    async function setUp() {
      const people: People = {
        owner: await createUser(t.services, { name: 'Owner' }),
        colleague: await createUser(t.services, { name: 'Colleague' }),
        outsider: await createUser(t.services, { name: 'Outsider' }),
        placeUser: await createUser(t.services, { name: 'Shopkeeper' }),
      }
      await t.services.categories.create(people.outsider.user, { name: 'Elsewhere', slug: `elsewhere-${++serial}-${Date.now()}` })
      return people
    }
    async function tablesOf(): Promise<string[]> {
      // This file's own schema only: on PostgreSQL the introspection lists every schema's tables,
      // those of test files running beside this one too (they come and go).
      const own = testDb.dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(testDb.db)).rows[0].s : undefined
      const tables = (await testDb.db.introspection.getTables()).filter((table) => own === undefined || table.schema === own)
      // rate_limits counts refused attempts too, by design; stat_salts holds the day's secret for
      // hashing visitor addresses, made on first need (the event rate limit's key uses it).
      return tables.map((x) => x.name).filter((name) => !/^kysely_|^rate_limits$|^stat_salts$/.test(name)).sort()
    }

    if (what !== 'examples') it('never answers 5xx, always the envelope, and never half-writes, for every operation of the OpenAPI document (this file\'s share)', { timeout: 240_000 }, async () => {
      const doc = (await t.callOffContract<OpenApiDoc>('GET', '/openapi.json')).json
      const tables = await tablesOf()
      expect(tables).toEqual(expect.arrayContaining(['walks', 'walk_places', 'events', 'users', 'auth_tokens']))
      const people = await setUp()
      // The snapshot sees a change: building a world changes the tables it writes (and only those).
      const empty = await snapshotOf(testDb, tables)
      let world = await buildWorld(t, people)
      const built = await snapshotOf(testDb, tables)
      // The tables as the next request finds them: each request's "after" is the next one's
      // "before" (one snapshot per request, not two), taken again after any write of the test's own.
      let current = built
      expect(tables.filter((table) => built[table] !== empty[table])).toEqual(expect.arrayContaining(['walks', 'walk_places', 'walk_translations', 'places', 'secrets', 'invitations']))
      const all = Object.entries(doc.paths).flatMap(([p, item]) => Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path: p, op })))
      expect(all.length).toBeGreaterThan(60)
      const { part, parts } = what.operations
      const operations = all.filter((_, index) => index % parts === part - 1)

      for (const { method, path: template, op } of operations) {
        const started = Date.now()
        const params = (op.parameters ?? []).map((p) => deref(doc, p))
        const pathParams = params.filter((p) => p.in === 'path')
        const queryParams = params.filter((p) => p.in === 'query')
        const content = op.requestBody?.content ?? {}
        const jsonSchema = content['application/json']?.schema
        const multipart = 'multipart/form-data' in content

        const pathValue = fc.oneof({ weight: 3, arbitrary: fc.constant<'real'>('real') }, { weight: 1, arbitrary: hostilePathParam })
        const request = fc.record({
          caller,
          pathValues: fc.tuple(...pathParams.map(() => pathValue)),
          query: fc.tuple(...queryParams.map((p) => fc.option(fc.oneof(p.schema ? validValue(doc, p.schema).map((v) => (v instanceof Ref ? v : encodeURIComponent(String(v)))) : fc.constant('1'), hostileQueryValue), { nil: undefined }))),
          extraQuery: fc.option(fc.constantFrom('__proto__[polluted]=yes', 'constructor[prototype][polluted]=yes', 'a=1&a=2', '%', 'x='.concat('y'.repeat(4000))), { nil: undefined, freq: 4 }),
          valid: jsonSchema ? validValue(doc, jsonSchema) : fc.constant(undefined),
          mutation: jsonSchema ? fc.option(mutation, { nil: null, freq: 3 }) : fc.constant(null),
          upload: multipart ? fc.oneof(fc.uint8Array({ maxLength: 300 }), fc.constantFrom('png', 'no-file', 'wrong-field', 'json', ...Object.keys(dataFiles))) : fc.constant(null),
          headers: headerTwist,
          authorization: garbageAuthorization,
        })

        await fc.assert(
          fc.asyncProperty(request, async (r) => {
            // A generated request may have signed the owner or the editor out (logout, password change): sign in again.
            for (const who of ['owner', 'colleague'] as const) {
              if (await t.services.auth.userForSession(people[who].token)) continue
              // A fresh session straight into the table: signing in again would cost an argon2 hash.
              const token = newToken()
              await testDb.db
                .insertInto('auth_tokens')
                .values({ user_id: people[who].user.id, kind: 'session', token_hash: hashToken(token), created_at: new Date().toISOString(), expires_at: new Date(Date.now() + 86_400_000).toISOString() })
                .execute()
              people[who] = { ...people[who], token }
              current = await snapshotOf(testDb, tables)
            }
            // A path parameter is a real record's id (of the right kind) or something hostile.
            let url = template
            pathParams.forEach((p, i) => {
              const v = r.pathValues[i]
              url = url.replace(`{${p.name}}`, v === 'real' ? encodeURIComponent(String(realPathValue(template, p.name, world))) : v)
            })
            const query = queryParams
              .map((p, i) => (r.query[i] === undefined ? null : `${p.name}=${String(resolveRefs(r.query[i], world))}`))
              .filter((q): q is string => q !== null)
            if (r.extraQuery) query.push(r.extraQuery)
            if (query.length) url += `?${query.join('&')}`

            const headers: Record<string, string> = {}
            if (r.caller === 'owner') headers.Authorization = `Bearer ${people.owner.token}`
            if (r.caller === 'editor') headers.Authorization = `Bearer ${people.colleague.token}`
            if (r.caller === 'outsider') headers.Authorization = `Bearer ${people.outsider.token}`
            if (r.caller === 'garbage-bearer') headers.Authorization = r.authorization
            if (r.caller === 'foreign-cookie') Object.assign(headers, { Cookie: `token=${people.owner.token}`, Origin: 'https://evil.example' })

            let body: BodyInit | undefined
            if (jsonSchema) {
              body = bodyText(resolveRefs(r.valid, world), r.mutation)
              headers['Content-Type'] = 'application/json'
            } else if (multipart && r.upload !== null) {
              body = await uploadBody(r.upload, headers)
            }
            Object.assign(headers, r.headers)

            const before = current
            const res = await send(t, method, url, headers, body)
            const label = `${method} ${url.slice(0, 200)} as ${r.caller} ${JSON.stringify(r.headers)}`
            current = await snapshotOf(testDb, tables)
            expectEnvelope(res, label, `${method} ${template}`)
            pollutionFree()
            if (res.status >= 400) {
              const changed = tables.filter((table) => current[table] !== before[table])
              expect(changed, `${label} → ${res.status} ${res.text.slice(0, 200)} changed these tables`).toEqual([])
            } else if (method === 'DELETE' || /detach|accept/.test(template)) {
              // Something of the world is gone (or taken): later runs need it whole to go deep.
              // (Other successful writes leave it usable; not rebuilding keeps the tables small.)
              world = await buildWorld(t, people)
              current = await snapshotOf(testDb, tables)
            }
          }),
          { numRuns: runs, seed, endOnFailure: true, verbose: 1 },
        )
        if (process.env.HOSTILE_TIMING) process.stdout.write(`${method} ${template}: ${Date.now() - started} ms\n`)
      }
    })

    if (what === 'examples') describe('bugs the generated requests found (kept as examples)', () => {
      it('answers 422, not 500, to a body whose unknown key is "__proto__" or "constructor"', async () => {
        for (const body of ['{"__proto__":{"polluted":"yes"}}', '{"constructor":{"prototype":{"polluted":"yes"}}}', '{"email":"a@b.ch","constructor":1}']) {
          const res = await send(t, 'POST', '/auth/reset-password', { 'Content-Type': 'application/json' }, body)
          expect([body, res.status]).toEqual([body, 422])
          expect(res.json.message).toMatch(/\S/)
        }
        pollutionFree()
      })

      it('refuses a NUL character in the path, the query or a JSON body with 400 (PostgreSQL cannot hold one), writing nothing', async () => {
        const people = await setUp()
        const world = await buildWorld(t, people)
        const tables = await tablesOf()
        const before = await snapshotOf(testDb, tables)
        const auth = { Authorization: `Bearer ${people.owner.token}` }
        const json = { ...auth, 'Content-Type': 'application/json' }
        const answers = [
          await send(t, 'GET', `/routes/${world.slug}/gpx?category=total%00`, auth),
          await send(t, 'GET', `/routes/${world.route}%00/get-route`, auth),
          await send(t, 'PUT', '/routes/update', json, JSON.stringify({ uuid: world.route, name: 'A\u0000B' })),
          await send(t, 'POST', '/places', json, JSON.stringify({ place_category_id: world.category, name: 'Ok', lat: 46.5, lng: 6.6, ['k\u0000']: 1 })),
          await send(t, 'POST', '/events', { 'Content-Type': 'application/json' }, JSON.stringify({ type: 'view', route_uuid: `${world.route}\u0000` })),
          // navigator.sendBeacon's text/plain body, read as JSON by the events endpoint
          await send(t, 'POST', '/events', { 'Content-Type': 'text/plain' }, JSON.stringify({ type: 'view', route_uuid: `${world.route}\u0000` })),
        ]
        expect(answers.map((a) => [a.status, a.json])).toEqual(answers.map(() => [400, { message: 'The request could not be read.' }]))
        expect(await snapshotOf(testDb, tables)).toEqual(before)

        // Page forms (sign-in, registration, dashboard): the field is invalid, a 422 the form shows.
        const form = new FormData()
        form.set('name', 'Evil\u0000name')
        form.set('email', 'ok@example.org')
        expect(() => formFields(form, ['name', 'email'])).toThrow(expect.objectContaining({ status: 422, fieldErrors: { name: [{ key: 'validation.invalid', values: undefined }] } }))

        // Pages too: refused before any loader runs (the build is never reached here).
        const http = createHttpApp({ services: t.services, mode: 'production', build: async () => { throw new Error('a page with NUL reached React Router') } })
        for (const url of [`/r/${world.slug}%00`, '/m/%00', '/fr/r/x?liked=%00']) expect([url, (await http.request(url)).status]).toEqual([url, 400])
        expect((await http.request('/api/routes/x%00/gpx')).headers.get('content-type')).toMatch(/^application\/json/)
      })
    })

    if (what === 'examples') describe('uploads', () => {
      async function upload(url: string, token: string, bytes: Buffer, type = 'image/png', name = 'image.png') {
        const form = new FormData()
        form.append('file', new Blob([new Uint8Array(bytes)], { type }), name)
        return send(t, 'POST', url, { Authorization: `Bearer ${token}` }, form)
      }
      const stored = (url: string) => fs.readFileSync(path.join(t.config.DATA_DIR, 'uploads', url.replace(/^\/uploads\//, '')))

      it('re-encodes a polyglot PNG (script in a text chunk, HTML after IEND): nothing of the payload is stored', async () => {
        const people = await setUp()
        const world = await buildWorld(t, people)
        const payload = '<script>alert(document.cookie)</script><html><body onload=alert(1)>'
        const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#16a34a' } })
          .png()
          .withMetadata()
          .toBuffer()
        // A tEXt chunk before IEND carrying the payload, and HTML appended after IEND (a GIFAR-like polyglot).
        const text = Buffer.from(`Comment\0${payload}`, 'latin1')
        const chunk = Buffer.concat([u32(text.length), Buffer.from('tEXt'), text, u32(crc32(Buffer.concat([Buffer.from('tEXt'), text])))])
        const iend = png.length - 12
        const polyglot = Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend), Buffer.from(payload)])
        expect(polyglot.includes(payload)).toBe(true)

        const res = await upload(`/routes/${world.route}/photo`, people.owner.token, polyglot, 'text/html', 'page.html')
        expect(res.status).toBe(200)
        const url: string = res.json.data.photo
        expect(url).toMatch(/\.webp$/)
        const file = stored(url)
        expect((await sharp(file).metadata()).format).toBe('webp')
        expect(file.includes('script')).toBe(false)
        expect(file.includes('alert')).toBe(false)
      })

      it('refuses a PDF sent as image/png, an SVG with script, and HTML, with 422 and no write', async () => {
        const people = await setUp()
        const world = await buildWorld(t, people)
        const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF')
        const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10"/></svg>')
        const html = Buffer.from('<!doctype html><script>alert(1)</script>')
        const tables = await tablesOf()
        for (const [bytes, type, name] of [[pdf, 'image/png', 'photo.png'], [svg, 'image/svg+xml', 'logo.svg'], [html, 'image/jpeg', 'x.jpg']] as const) {
          for (const slot of ['photo', 'content-image', 'logo-pro', 'logos']) {
            const before = await snapshotOf(testDb, tables)
            const res = await upload(`/routes/${world.route}/${slot}`, people.owner.token, bytes, type, name)
            expect([slot, name, res.status]).toEqual([slot, name, 422])
            expect(res.json.message).toMatch(/not an image we accept/)
            expect(await snapshotOf(testDb, tables)).toEqual(before)
          }
        }
        const avatar = await upload('/auth/user/avatar', people.owner.token, svg, 'image/svg+xml', 'me.svg')
        expect(avatar.status).toBe(422)
      })

      it('refuses a decompression bomb (a few KB declaring 30000×30000) and a huge-dimension image without decoding them', async () => {
        const people = await setUp()
        const world = await buildWorld(t, people)
        const bomb = await pngDeclaring(30_000, 30_000)
        expect(bomb.length).toBeLessThan(10_000)
        const wide = await pngDeclaring(20_000, 10)
        const tables = await tablesOf()
        for (const bytes of [bomb, wide]) {
          const before = await snapshotOf(testDb, tables)
          const started = Date.now()
          const res = await upload(`/routes/${world.route}/logos`, people.owner.token, bytes)
          expect(res.status).toBe(422)
          expect(res.json.message).toMatch(/too large/)
          expect(Date.now() - started).toBeLessThan(3000)
          expect(await snapshotOf(testDb, tables)).toEqual(before)
        }
        // A real image still goes through after them.
        const ok = await upload(`/routes/${world.route}/logos`, people.owner.token, await solidImage(30, 20))
        expect(ok.status).toBe(200)
      })
    })

    if (what === 'examples') describe('rich text', () => {
      it('stores <script> and onerror= in content_text as text: the public page data escapes it', async () => {
        const people = await setUp()
        const world = await buildWorld(t, people)
        const hostile = '</script><script>alert("xss")</script><img src=x onerror=alert(1)> <a href="javascript:alert(1)">x</a>'
        const res = await t.call('PUT', '/routes/update', { token: people.owner.token, body: { uuid: world.route, content_title: hostile, content_text: hostile, description: hostile } })
        expect(res.status).toBe(200)
        // The API returns it verbatim as JSON text (it is data; the page renders it as text, see tests/e2e/hostile-content.test.ts).
        expect(res.json.data.content_text).toBe(hostile)
        expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      })
    })
  })
}

function realPathValue(template: string, name: string, world: World): string | number {
  switch (name) {
    case 'id':
      if (template.startsWith('/place-categories')) return world.category
      if (template.startsWith('/places')) return world.place
      if (template.startsWith('/secrets')) return world.secret
      if (template.startsWith('/route-qr-codes')) return world.routeQrCode
      if (template.startsWith('/trash')) return world.trashEntry
      return world.category
    case 'userId':
      return template.startsWith('/places') ? world.placeUser : world.colleague
    case 'invitationId':
      return template.startsWith('/places') ? world.placeInvitation : world.invitation
    case 'code':
      return world.code
    case 'uuid':
      return world.route
    case 'ref':
      return world.slug
    case 'token':
      return world.invitationToken
    case 'logoId':
      return world.logo
    case 'reportId':
      return world.report
    case 'revisionId':
      return template.startsWith('/places') ? world.placeRevision : world.routeRevision
    case 'slug':
      return world.categorySlug
    case 'locale':
      return 'fr'
    default:
      throw new Error(`hostile-input: no real value for path parameter {${name}} of ${template}: add one`)
  }
}

async function uploadBody(kind: Uint8Array | string, headers: Record<string, string>): Promise<BodyInit> {
  if (kind === 'json') {
    headers['Content-Type'] = 'application/json'
    return '{"file":"not a file"}'
  }
  const form = new FormData()
  if (kind === 'no-file') form.append('other', 'value')
  else if (kind === 'wrong-field') form.append('image', new Blob([new Uint8Array(await tinyPng())], { type: 'image/png' }), 'x.png')
  else if (typeof kind === 'string' && kind in dataFiles) {
    // The data import's own hostile files (and a good one, so it goes deep); images refuse them all.
    form.append('file', new Blob([new Uint8Array(dataFiles[kind]())], { type: 'application/octet-stream' }), 'x.csv')
    form.append('options', kind === 'csv' ? '{"duplicates":"link"}' : '{"rows":{"__proto__":"create"}}')
  } else form.append('file', new Blob([kind === 'png' ? new Uint8Array(await tinyPng()) : (kind as Uint8Array<ArrayBuffer>)], { type: 'image/png' }), 'x.png')
  return form
}
const text = (value: string) => () => new TextEncoder().encode(value)
let kmzBomb: Uint8Array | undefined
const dataFiles: Record<string, () => Uint8Array> = {
  csv: text('name,lat,lng\nHostile square,46.5,6.6\nBad,x,6.6\n'),
  laughs: text('<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><gpx><wpt lat="1" lon="1"><name>&b;</name></wpt></gpx>'),
  xxe: text('<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY x SYSTEM "file:///etc/passwd">]><kml><Placemark><name>&x;</name></Placemark></kml>'),
  kmzBomb: () => (kmzBomb ??= zipSync({ 'doc.kml': new Uint8Array(24 * 1024 * 1024) }, { level: 9 })),
}
let png: Buffer | undefined
const tinyPng = async () => (png ??= await solidImage(20, 10))

async function send(t: TestApi, method: string, url: string, headers: Record<string, string>, body?: BodyInit) {
  const response = await t.api.request(url, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : body })
  const text = await response.text()
  let json: any
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  return { status: response.status, headers: response.headers, text, json }
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(n >>> 0)
  return b
}
function crc32(bytes: Buffer): number {
  let crc = ~0
  for (const byte of bytes) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return ~crc >>> 0
}
