import { createApi } from '#app/api/api.server.ts'
import { loadConfig, type Config } from '#app/config/config.server.ts'
import type { Mailer, MailMessage } from '#app/modules/mail/mailer.server.ts'
import { createServices } from '#app/services.server.ts'
import { createLogger } from '#app/utils/logger.server.ts'
import type { TestDb } from './test-db.ts'

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ BASE_URL: 'http://localhost:3000', NODE_ENV: 'test', LOG_LEVEL: 'silent', ...overrides })
}

/** The API over a test database, with the mail it sends kept in `sent`. */
export function createTestApi(testDb: TestDb, overrides: Record<string, string> = {}) {
  const sent: MailMessage[] = []
  const mailer: Mailer = { send: async (message) => void sent.push(message) }
  const config = testConfig(overrides)
  const services = createServices({ config, db: testDb.db, logger: createLogger('silent'), mailer })
  const api = createApi(services)

  /** A JSON request to the API, as a client would send it. */
  async function call(method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...options.headers }
    if (options.body !== undefined) headers['Content-Type'] ??= 'application/json'
    if (options.token) headers.Authorization = `Bearer ${options.token}`
    const response = await api.request(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
    })
    const text = await response.text()
    let json: any = undefined
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: response.status, headers: response.headers, json, text }
  }

  return { api, services, sent, call, config }
}
