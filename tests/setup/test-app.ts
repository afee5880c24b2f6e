import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { createApi } from '#app/api-routes.server.ts'
import type { ApiBody, ApiMethod, ApiOutput, ApiPath } from '#app/client/api-contract.ts'
import { standardPasswordHashing, type PasswordHashing } from '#app/modules/auth/auth.service.server.ts'
import { loadConfig, type Config } from '#app/config/config.server.ts'
import type { Mailer, MailMessage } from '#app/platform/mail/mailer.server.ts'
import { createServices } from '#app/services.server.ts'
import { createLogger } from '#app/platform/observability/logger.server.ts'
import { createTestDb, type TestDb, type TestDialect } from './test-db.ts'

/** What a test sends: the endpoint's JSON body, or a text sent as it is (a malformed or hostile body). */
export interface CallOptions<Body> {
  body?: Body | string
  token?: string
  headers?: Record<string, string>
}

/**
 * The fields of the API's error envelope (`{ message, errors }`, docs/api.md). Typed as present:
 * a test reads them after asserting a refusal's status, and one that is missing fails there.
 */
export interface ErrorFields {
  message: string
  errors: Record<string, string[]>
}

/**
 * An answer's JSON as a test reads it: the route's successful envelope, with the error
 * envelope's fields for a refusal (a test asserts the status before it reads either).
 */
export type AnswerJson<Output> = [Output] extends [never] ? ErrorFields & { data?: unknown } : Output extends object ? Output & ErrorFields : ErrorFields & { data?: unknown }

/** /api/openapi.json as tests read it: its paths, their operations, parameters and answers. */
export interface OpenApiPaths {
  paths: Record<string, Record<string, { parameters: { name: string; in: string }[]; responses: Record<string, unknown> }>>
}

export interface Answer<Json> {
  status: number
  headers: Headers
  json: Json
  text: string
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  // APP_SECRET set: a test that builds services without a DATA_DIR never writes data/app-secret.
  return loadConfig({ BASE_URL: 'http://localhost:3000', NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'test-secret-of-at-least-32-characters', EVENTS_FLUSH_MS: '0', ...overrides })
}

/**
 * Fixture users' passwords are hashed at argon2id's lowest cost: the suite registers thousands
 * of them (at the standard cost, 40 s of CPU). The auth tests keep the standard cost.
 */
const fixturePasswordHashing: PasswordHashing = { memoryCost: 1024, timeCost: 1, parallelism: 1 }
let passwordHashing = fixturePasswordHashing

/** For a file of auth tests: its test APIs hash passwords at the cost production uses. */
export function hashPasswordsAtStandardCost() {
  beforeAll(() => void (passwordHashing = standardPasswordHashing))
  afterAll(() => void (passwordHashing = fixturePasswordHashing))
}

/** A fresh path under the system's temporary folder, made only when something is written there. */
const tempDataDir = () => path.join(os.tmpdir(), `trailguide-test-${randomUUID()}`)

/** What a test app is built from: the sources, or the production bundle's copies (tests/setup/built-app.ts). */
export interface AppModules {
  createServices: typeof createServices
  createApi: typeof createApi
  createLogger: typeof createLogger
}
const sources: AppModules = { createServices, createApi, createLogger }

/**
 * The API over a test database, with the mail it sends kept in `sent`. Without a DATA_DIR,
 * files go to a temporary folder, never to the repository's data/.
 */
export function createTestApi(testDb: TestDb, overrides: Record<string, string> = {}, modules: AppModules = sources) {
  const sent: MailMessage[] = []
  const mailer: Mailer = { send: async (message) => void sent.push(message) }
  const config = testConfig({ DATA_DIR: tempDataDir(), ...overrides })
  const services = modules.createServices({ config, db: testDb.db, logger: modules.createLogger('silent'), mailer, passwordHashing })
  const api = modules.createApi(services)

  /** A request to the API, as a client would send it, and its answer (JSON parsed when it is JSON). */
  async function send(method: string, path: string, options: CallOptions<unknown> = {}): Promise<Answer<unknown>> {
    const headers: Record<string, string> = { ...options.headers }
    if (options.body !== undefined) headers['Content-Type'] ??= 'application/json'
    if (options.token) headers.Authorization = `Bearer ${options.token}`
    const response = await api.request(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
    })
    const text = await response.text()
    // Mail goes out after the answer (the mail queue): a test reads `sent` once it has gone.
    await services.mailQueue.idle()
    let json: unknown = undefined
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: response.status, headers: response.headers, json, text }
  }

  /**
   * A call the contract checks (app/client/api-contract.ts, the screens' own types): the path
   * must be one the API answers for the method, the body the route's request schema, and the
   * answer reads as the route's response schema. A renamed field fails the type check.
   */
  function call<M extends ApiMethod, P extends ApiPath<M>>(method: M, path: P, options?: CallOptions<ApiBody<P, M>>): Promise<Answer<AnswerJson<ApiOutput<P, M>>>> {
    return send(method, path, options) as Promise<Answer<AnswerJson<ApiOutput<P, M>>>>
  }

  /**
   * A call outside the contract, on purpose: a body the route's schema refuses (the answer still
   * read as the route's), or a path no route names, a method it does not take (the answer read
   * as the error envelope, or as `Json` for a document outside the routers: /openapi.json).
   */
  function callOffContract<M extends ApiMethod, P extends ApiPath<M>>(method: M, path: P, options?: CallOptions<unknown>): Promise<Answer<AnswerJson<ApiOutput<P, M>>>>
  function callOffContract<Json = ErrorFields & { data?: unknown }>(method: string, path: string, options?: CallOptions<unknown>): Promise<Answer<Json>>
  function callOffContract(method: string, path: string, options?: CallOptions<unknown>): Promise<Answer<unknown>> {
    return send(method, path, options)
  }

  return { api, services, sent, call, callOffContract, config }
}

export type TestApi = ReturnType<typeof createTestApi>

/**
 * For a describe block: a migrated test database of the dialect, and a fresh test API over it
 * before each test (uploads and mail files go to a temporary DATA_DIR, removed afterwards).
 * `t` and `testDb` stand for the current ones (their properties are getters), so they can be
 * destructured at once: `const { t, testDb } = useTestApi(dialect)`.
 */
export function useTestApi(
  dialect: TestDialect,
  // A function when a setting is known only once the block's servers run (e.g. an S3 server's port).
  overrides: Record<string, string> | (() => Record<string, string>) = {},
  // A function when the modules are known only once the tests run (the built bundle, imported in a beforeAll).
  modules: () => AppModules = () => sources,
): { readonly testDb: TestDb; readonly t: TestApi; readonly dataDir: string } {
  const dataDir = tempDataDir()
  let db: TestDb | undefined
  let api: TestApi | undefined
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useTestApi: the test database and API exist only while the tests of the block run')
    return value
  }

  beforeAll(async () => {
    db = await createTestDb(dialect)
  })
  afterAll(async () => {
    await db?.destroy()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })
  beforeEach(() => {
    api = createTestApi(ready(db), { ...(typeof overrides === 'function' ? overrides() : overrides), DATA_DIR: dataDir }, modules())
  })

  const testDb = liveView(() => ready(db), { db: true, dialect: true, queries: true, migrateToLatest: true, destroy: true, url: true })
  const t = liveView(() => ready(api), { api: true, services: true, sent: true, call: true, callOffContract: true, config: true })
  return { testDb, t, dataDir }
}

/** An object whose properties (every key of T, as the type checker makes sure) read those of `current()` when read. */
function liveView<T extends object>(current: () => T, keys: Record<keyof T, true>): T {
  const view = {} as T
  for (const key of Object.keys(keys) as (keyof T)[]) Object.defineProperty(view, key, { get: () => current()[key], enumerable: true })
  return view
}
