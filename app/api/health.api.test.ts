import { describe, expect, it } from 'vitest'
import { createTestApi, useTestApi } from '#tests/setup/test-app.ts'
import { createTestDb, testDialects } from '#tests/setup/test-db.ts'

describe.each(testDialects)('health API on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect)

  it('GET /health answers ok without touching the database', async () => {
    testDb.queries.length = 0
    const res = await t.call('GET', '/health')
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ data: { status: 'ok' } })
    expect(testDb.queries).toEqual([])
  })

  it('GET /ready answers ready when the database answers', async () => {
    const res = await t.call('GET', '/ready')
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ data: { status: 'ready' } })
  })

  it('GET /ready answers 503 when the database is unreachable, while /health still answers ok', async () => {
    const gone = await createTestDb(dialect)
    const api = createTestApi(gone)
    await gone.destroy()
    const ready = await api.call('GET', '/ready')
    expect(ready.status).toBe(503)
    expect(ready.json).toEqual({ message: 'Not ready: the database is unreachable.' })
    const health = await api.call('GET', '/health')
    expect(health.status).toBe(200)
    expect(health.json).toEqual({ data: { status: 'ok' } })
  })
})
