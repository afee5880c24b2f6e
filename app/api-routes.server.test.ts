import { describe, expect, it } from 'vitest'
import { createTestApi } from '#tests/setup/test-app.ts'
import { createTestDb } from '#tests/setup/test-db.ts'
import { apiRouters, createApi } from './api-routes.server.ts'

// The one registry (ADR 081): what createApi mounts is exactly the list the screens' contract
// (app/client/api-contract.ts) derives its types from, route for route.

const joined = (prefix: string, path: string) => (prefix === '/' ? path : `${prefix}${path === '/' ? '' : path}`)
const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`

describe('the API registry', () => {
  it('mounts every route of every listed router, and no module route besides', async () => {
    const db = await createTestDb('sqlite')
    try {
      const { api } = createTestApi(db)
      const mounted = new Set(api.routes.filter((r) => r.method !== 'ALL').map(key))
      const listed = new Set(apiRouters.flatMap(({ prefix, router }) => router.routes.filter((r) => r.method !== 'ALL').map((r) => key({ method: r.method, path: joined(prefix, r.path) }))))
      expect(listed.size).toBeGreaterThan(90)
      expect([...listed].filter((r) => !mounted.has(r))).toEqual([])
      // Besides the list: the API's own description and reference, and the open data's preflight.
      expect([...mounted].filter((r) => !listed.has(r)).sort()).toEqual(['GET /openapi.json', 'GET /reference', 'OPTIONS /public/*'])
    } finally {
      await db.destroy()
    }
  })

  it('lists each router once', () => {
    expect(new Set(apiRouters.map((r) => r.router)).size).toBe(apiRouters.length)
    expect(typeof createApi).toBe('function')
  })
})
