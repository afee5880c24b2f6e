import { createHmac, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from './server.ts'
import { createPostgresTestDatabase } from '../setup/test-db.ts'

// Issue 8, "more than one server": two server processes over one database and no shared
// memory. A write through one is read through the other, a session made on one works on the
// other, and the rate limits are shared (in the database, or in Redis with REDIS_URL).
// Runs on one shared SQLite file, and on PostgreSQL when TEST_DATABASE_URL is set (a fresh
// database of its own), each with the database store and the Redis store (TEST_REDIS_URL).

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const LOGIN_LIMIT = 4

interface Database {
  url: string
  drop(): Promise<void>
}

async function sqliteFile(): Promise<Database> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trailguide-multi-'))
  return { url: path.join(dir, 'shared.sqlite'), drop: async () => fs.rmSync(dir, { recursive: true, force: true }) }
}

// An empty database: the server migrates it as in production.
const postgresDatabase = (): Promise<Database> => createPostgresTestDatabase({ migrated: false })

const variants = [
  { database: 'sqlite', store: 'database' },
  { database: 'sqlite', store: 'redis' },
  ...(process.env.TEST_DATABASE_URL
    ? [
        { database: 'postgres', store: 'database' },
        { database: 'postgres', store: 'redis' },
      ]
    : []),
] as const

describe.each(variants)('two server processes on $database, rate limits in the $store store', ({ database, store }) => {
  let db: Database
  let a: RunningServer
  let b: RunningServer
  const redisPrefix = `trailguide-test:multi:${randomBytes(4).toString('hex')}:`
  const appSecret = randomBytes(32).toString('hex')

  beforeAll(async () => {
    db = database === 'sqlite' ? await sqliteFile() : await postgresDatabase()
    const env = {
      DATABASE_URL: db.url,
      RATE_LIMIT_LOGIN: `${LOGIN_LIMIT}/60`,
      // Each has a data folder of its own here: the rate-limit keys' secret is given to both.
      APP_SECRET: appSecret,
      // Each test speaks for its own client address, so their rate-limit counters stay apart.
      TRUST_PROXY: 'on',
      LOG_LEVEL: 'info',
      ...(store === 'redis' ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: redisPrefix } : {}),
    }
    // One after the other: the first one migrates the database, the second finds it migrated.
    a = await startServer(env)
    b = await startServer(env)
  })

  afterAll(async () => {
    await a?.stop()
    await b?.stop()
    await db?.drop()
    if (store === 'redis') {
      const redis = new Redis(redisUrl)
      const keys = await redis.keys(`${redisPrefix}*`)
      if (keys.length) await redis.del(...keys)
      await redis.quit()
    }
  })

  async function call(server: RunningServer, method: string, path: string, options: { body?: unknown; token?: string; client?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { 'X-Forwarded-For': options.client ?? '203.0.113.1', ...options.headers }
    if (options.body !== undefined) headers['Content-Type'] = 'application/json'
    if (options.token) headers.Authorization = `Bearer ${options.token}`
    const res = await fetch(`${server.url}/api${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) })
    const text = await res.text()
    return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined }
  }

  const account = (label: string) => ({ name: `Multi ${label}`, email: `multi-${label}-${randomBytes(3).toString('hex')}@example.org`, password: 'two processes one database' })

  async function register(server: RunningServer, label: string, client: string) {
    const user = account(label)
    const res = await call(server, 'POST', '/auth/register', { body: user, client })
    expect(res.status, JSON.stringify(res.json)).toBe(200)
    return { user, token: res.json.data.access_token as string }
  }

  it('reads through B what was written through A, and the other way round', async () => {
    const { token } = await register(a, 'writes', '203.0.113.10')
    const category = await call(a, 'POST', '/place-categories', { token, body: { name: 'Lakeside', slug: `lakeside-${randomBytes(3).toString('hex')}` } })
    expect(category.status, JSON.stringify(category.json)).toBe(201)
    const categoryId = category.json.data.id as number
    const created = await call(a, 'POST', '/routes/store', { token, body: { name: 'Tour du lac', place_category_id: categoryId } })
    expect(created.status, JSON.stringify(created.json)).toBe(201)
    const uuid = created.json.data.uuid as string

    const readOnB = await call(b, 'GET', `/routes/${uuid}/get-route`, { token })
    expect(readOnB.status).toBe(200)
    expect(readOnB.json.data).toMatchObject({ uuid, name: 'Tour du lac' })
    const listOnB = await call(b, 'GET', `/place-categories/${categoryId}/fetch-routes`, { token })
    expect(listOnB.status).toBe(200)
    expect(JSON.stringify(listOnB.json.data)).toContain(uuid)

    // And back: a category made on B is at once among A's categories.
    const second = await call(b, 'POST', '/place-categories', { token, body: { name: 'Old town', slug: `old-town-${randomBytes(3).toString('hex')}` } })
    expect(second.status).toBe(201)
    const onA = await call(a, 'GET', `/place-categories/${second.json.data.id}`, { token })
    expect(onA.status).toBe(200)
    expect(onA.json.data.name).toBe('Old town')
  })

  it('accepts on B a session made on A, and a sign-out on B ends it on A', async () => {
    const { user } = await register(a, 'session', '203.0.113.20')
    const login = await call(a, 'POST', '/auth/login', { body: { email: user.email, password: user.password }, client: '203.0.113.20' })
    expect(login.status).toBe(200)
    const token = login.json.data.access_token as string

    const me = await call(b, 'GET', '/auth/user', { token })
    expect(me.status).toBe(200)
    expect(me.json.data.email).toBe(user.email)
    // The cookie works across processes too (a browser behind a load balancer).
    const byCookie = await fetch(`${b.url}/api/auth/user`, { headers: { Cookie: `token=${token}` } })
    expect(byCookie.status).toBe(200)

    expect((await call(b, 'POST', '/auth/logout', { token })).status).toBeLessThan(300)
    const afterLogout = await call(a, 'GET', '/auth/user', { token })
    expect(afterLogout.status).toBe(401)
    expect(afterLogout.json).toEqual({ message: 'Unauthenticated.' })
  })

  it(`shares the login rate limit: ${LOGIN_LIMIT} attempts alternating A and B, then 429 on either`, async () => {
    const client = '203.0.113.30'
    const attempt = (server: RunningServer) => call(server, 'POST', '/auth/login', { body: { email: 'nobody@example.org', password: 'wrong password here' }, client })
    for (let i = 0; i < LOGIN_LIMIT; i++) expect((await attempt(i % 2 ? b : a)).status).toBe(422)
    for (const server of [a, b]) {
      const refused = await attempt(server)
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    // Another client is not affected.
    expect((await call(b, 'POST', '/auth/login', { body: { email: 'nobody@example.org', password: 'wrong password here' }, client: '203.0.113.31' })).status).toBe(422)

    if (store === 'redis') {
      // The counters really are in Redis, under the configured prefix, keyed by an HMAC of the address.
      const redis = new Redis(redisUrl)
      const hashed = createHmac('sha256', appSecret).update(`login:${client}`).digest('hex')
      expect(await redis.get(`${redisPrefix}rl:login:${hashed}`)).toBe(String(LOGIN_LIMIT + 2))
      expect((await redis.keys(`${redisPrefix}*`)).join(' ')).not.toContain(client)
      await redis.quit()
    }
  })

  it('logs JSON lines with the request id and without passwords, tokens or e-mail addresses', async () => {
    const { user, token } = await register(b, 'logs', '203.0.113.40')
    const res = await call(b, 'GET', '/auth/user', { token, headers: { 'X-Request-Id': 'multi-process-check' } })
    expect(res.headers.get('x-request-id')).toBe('multi-process-check')
    // The line is written once the answer is complete: give the pipe a moment.
    await new Promise((resolve) => setTimeout(resolve, 200))
    const lines = b.output().split('\n').filter(Boolean)
    const isJson = (line: string) => {
      try {
        return typeof JSON.parse(line) === 'object'
      } catch {
        return false
      }
    }
    expect(lines.filter((line) => !isJson(line))).toEqual([])
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(records).toContainEqual(expect.objectContaining({ msg: 'request', request_id: 'multi-process-check', method: 'GET', path: '/api/auth/user', status: 200 }))
    const output = b.output() + a.output()
    for (const secret of [user.email, user.password, token, 'example.org']) expect(output).not.toContain(secret)
  })
})
