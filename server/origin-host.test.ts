import { describe, expect, it, vi } from 'vitest'
import { createTestApi } from '#tests/setup/test-app.ts'
import { createTestDb } from '#tests/setup/test-db.ts'
import { createHttpApp } from './http-app.ts'

// A page write whose Origin is BASE_URL's but whose Host is another: React Router's own check
// (Origin against the request URL) would refuse it with an error log line and an error report
// every time. Refused before React Router, a 403 logged at info.

describe('page writes with an own Origin and another Host', () => {
  it('are refused with 403 before React Router, logged at info, never as an error', async () => {
    const testDb = await createTestDb('sqlite')
    try {
      const { services } = createTestApi(testDb)
      const errors = vi.spyOn(services.logger, 'error')
      const warnings = vi.spyOn(services.logger, 'warn')
      const infos = vi.spyOn(services.logger, 'info')
      let rendered = 0
      const app = createHttpApp({
        services,
        mode: 'production',
        build: async () => {
          rendered++
          throw new Error('React Router is not reached')
        },
      })
      const form = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: 'http://localhost:3000' }
      for (let i = 0; i < 5; i++) {
        const res = await app.request('http://internal.example:8080/auth/login', { method: 'POST', body: 'email=a', headers: form })
        expect(res.status).toBe(403)
      }
      expect(rendered).toBe(0)
      expect(errors).not.toHaveBeenCalled()
      expect(warnings).not.toHaveBeenCalled()
      expect(infos.mock.calls.filter(([message]) => message === 'page write refused: Origin and Host differ')).toHaveLength(5)
    } finally {
      await testDb.destroy()
    }
  })
})
