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
})
