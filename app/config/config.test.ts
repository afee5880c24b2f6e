import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.server.ts'

describe('loadConfig', () => {
  it('stops on a missing or empty BASE_URL with the spec’s message', () => {
    expect(() => loadConfig({})).toThrowError(new ConfigError('BASE_URL is not defined'))
    expect(() => loadConfig({ BASE_URL: '' })).toThrowError(new ConfigError('BASE_URL is not defined'))
  })

  it('refuses a BASE_URL that is not an http(s) URL', () => {
    expect(() => loadConfig({ BASE_URL: 'ftp://example.org' })).toThrow(/BASE_URL: BASE_URL must be an http\(s\) URL/)
  })

  it('fills every other setting with its default', () => {
    const config = loadConfig({ BASE_URL: 'http://localhost:3000/' })
    expect(config).toMatchObject({
      BASE_URL: 'http://localhost:3000',
      PORT: 3000,
      DATABASE_URL: 'data/trailguide.sqlite',
      SUBDOMAIN_ROUTING: false,
      ROOT_REDIRECT_STATUS: 302,
      RATE_LIMIT_LOGIN: { limit: 10, windowMs: 60_000 },
    })
    expect(config.ROOT_REDIRECT).toBeUndefined()
    expect(config.SMTP_URL).toBeUndefined()
  })

  it('reads flags and rate limits, and names the setting that is wrong', () => {
    const config = loadConfig({ BASE_URL: 'https://example.org', SUBDOMAIN_ROUTING: 'on', RATE_LIMIT_RESET: '3/60' })
    expect(config.SUBDOMAIN_ROUTING).toBe(true)
    expect(config.RATE_LIMIT_RESET).toEqual({ limit: 3, windowMs: 60_000 })
    expect(() => loadConfig({ BASE_URL: 'https://example.org', PORT: 'eighty' })).toThrow(/^PORT: /)
    expect(() => loadConfig({ BASE_URL: 'https://example.org', RATE_LIMIT_LOGIN: 'ten' })).toThrow(/RATE_LIMIT_LOGIN/)
  })

  it('leaves the third-party hooks off unless set, and checks their URLs', () => {
    const off = loadConfig({ BASE_URL: 'https://example.org', ANALYTICS_HOST: '', SENTRY_DSN: '' })
    expect([off.ANALYTICS_HOST, off.ANALYTICS_DOMAIN, off.SENTRY_DSN]).toEqual([undefined, undefined, undefined])
    const on = loadConfig({ BASE_URL: 'https://example.org', ANALYTICS_HOST: 'https://plausible.io/', SENTRY_DSN: 'https://key@o1.ingest.sentry.io/42' })
    expect(on.ANALYTICS_HOST).toBe('https://plausible.io')
    expect(on.SENTRY_DSN).toBe('https://key@o1.ingest.sentry.io/42')
    expect(() => loadConfig({ BASE_URL: 'https://example.org', ANALYTICS_HOST: 'plausible.io' })).toThrow(/^ANALYTICS_HOST: /)
    expect(() => loadConfig({ BASE_URL: 'https://example.org', SENTRY_DSN: 'key' })).toThrow(/^SENTRY_DSN: /)
  })
})
