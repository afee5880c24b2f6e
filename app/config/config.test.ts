import path from 'node:path'
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
      DATABASE_URL: path.join('data', 'trailguide.sqlite'),
      SUBDOMAIN_ROUTING: false,
      ROOT_REDIRECT_STATUS: 302,
      RATE_LIMIT_LOGIN: { limit: 10, windowMs: 60_000 },
    })
    expect(config.ROOT_REDIRECT).toBeUndefined()
    expect(config.SMTP_URL).toBeUndefined()
  })

  it('keeps the SQLite database in DATA_DIR unless DATABASE_URL says otherwise', () => {
    // Two instances started with their own DATA_DIR must never share one database.
    const one = loadConfig({ BASE_URL: 'https://example.org', DATA_DIR: '/srv/one' })
    const two = loadConfig({ BASE_URL: 'https://example.org', DATA_DIR: '/srv/two' })
    expect(one.DATABASE_URL).toBe(path.join('/srv/one', 'trailguide.sqlite'))
    expect(two.DATABASE_URL).toBe(path.join('/srv/two', 'trailguide.sqlite'))
    expect(loadConfig({ BASE_URL: 'https://example.org', DATA_DIR: '/srv/one', DATABASE_URL: 'postgres://db/x' }).DATABASE_URL).toBe('postgres://db/x')
    expect(() => loadConfig({ BASE_URL: 'https://example.org', DATABASE_URL: '' })).toThrow(/^DATABASE_URL: /)
  })

  it('reads flags and rate limits, and names the setting that is wrong', () => {
    const config = loadConfig({ BASE_URL: 'https://example.org', SUBDOMAIN_ROUTING: 'on', RATE_LIMIT_RESET: '3/60' })
    expect(config.SUBDOMAIN_ROUTING).toBe(true)
    expect(config.RATE_LIMIT_RESET).toEqual({ limit: 3, windowMs: 60_000 })
    expect(() => loadConfig({ BASE_URL: 'https://example.org', PORT: 'eighty' })).toThrow(/^PORT: /)
    expect(() => loadConfig({ BASE_URL: 'https://example.org', RATE_LIMIT_LOGIN: 'ten' })).toThrow(/RATE_LIMIT_LOGIN/)
  })

  it('reads TRUST_PROXY as the number of trusted proxies: off, on (one) or a count', () => {
    const trusted = (TRUST_PROXY?: string) => loadConfig({ BASE_URL: 'https://example.org', ...(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }) }).TRUST_PROXY
    expect([trusted(), trusted(''), trusted('off'), trusted('false'), trusted('0')]).toEqual([0, 0, 0, 0, 0])
    expect([trusted('on'), trusted('ON'), trusted('true'), trusted('yes'), trusted('1')]).toEqual([1, 1, 1, 1, 1])
    expect([trusted('2'), trusted('3')]).toEqual([2, 3])
    expect(() => trusted('maybe')).toThrow(/TRUST_PROXY/)
    expect(() => trusted('-1')).toThrow(/TRUST_PROXY/)
  })

  it('reads the geocoder: Nominatim by default, Mapbox with its token, off; refuses anything else', () => {
    const base = { BASE_URL: 'https://example.org' }
    expect(loadConfig(base)).toMatchObject({
      GEOCODER: 'nominatim',
      NOMINATIM_URL: 'https://nominatim.openstreetmap.org',
      GEOCODER_TIMEOUT_MS: 5000,
      RATE_LIMIT_GEOCODE: { limit: 30, windowMs: 60_000 },
    })
    expect(loadConfig({ ...base, NOMINATIM_URL: 'http://nominatim.internal:8080/' }).NOMINATIM_URL).toBe('http://nominatim.internal:8080')
    expect(loadConfig({ ...base, GEOCODER: 'mapbox', MAPBOX_ACCESS_TOKEN: 'pk.x' }).GEOCODER).toBe('mapbox')
    expect(loadConfig({ ...base, GEOCODER: 'off' }).GEOCODER).toBe('off')
    expect(() => loadConfig({ ...base, GEOCODER: 'mapbox' })).toThrow(/^MAPBOX_ACCESS_TOKEN: is required when GEOCODER=mapbox$/)
    expect(() => loadConfig({ ...base, GEOCODER: 'google' })).toThrow(/^GEOCODER: /)
    expect(() => loadConfig({ ...base, NOMINATIM_URL: 'nominatim.local' })).toThrow(/^NOMINATIM_URL: must be an http\(s\) URL$/)
    expect(() => loadConfig({ ...base, GEOCODER_TIMEOUT_MS: '0' })).toThrow(/^GEOCODER_TIMEOUT_MS: /)
    expect(() => loadConfig({ ...base, RATE_LIMIT_GEOCODE: 'many' })).toThrow(/^RATE_LIMIT_GEOCODE: /)
  })

  it('saves map tiles for offline only where the tile source allows it', () => {
    // OpenStreetMap's own servers (the default) forbid bulk downloads: off unless said otherwise.
    expect(loadConfig({ BASE_URL: 'https://example.org' }).OFFLINE_TILES).toBe(false)
    expect(loadConfig({ BASE_URL: 'https://example.org', TILE_URL: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png' }).OFFLINE_TILES).toBe(false)
    expect(loadConfig({ BASE_URL: 'https://example.org', TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png' }).OFFLINE_TILES).toBe(true)
    expect(loadConfig({ BASE_URL: 'https://example.org', TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png', OFFLINE_TILES: 'off' }).OFFLINE_TILES).toBe(false)
    expect(loadConfig({ BASE_URL: 'https://example.org', OFFLINE_TILES: 'on' }).OFFLINE_TILES).toBe(true)
    expect(loadConfig({ BASE_URL: 'https://example.org' }).OFFLINE_PACK_MB).toBe(5)
    expect(() => loadConfig({ BASE_URL: 'https://example.org', OFFLINE_TILES: 'maybe' })).toThrow(/OFFLINE_TILES/)
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

  it('keeps the uploads on the local disk unless S3_BUCKET is set, and checks the S3 settings together (ADR 030)', () => {
    const local = loadConfig({ BASE_URL: 'https://example.org' })
    expect([local.S3_BUCKET, local.S3_PUBLIC_URL, local.S3_FORCE_PATH_STYLE, local.S3_REGION]).toEqual([undefined, undefined, false, 'us-east-1'])
    const s3 = loadConfig({
      BASE_URL: 'https://example.org',
      S3_BUCKET: 'trailguide-media',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_REGION: 'eu-west-3',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'on',
      S3_PUBLIC_URL: 'https://cdn.example.org/media/',
    })
    expect(s3).toMatchObject({ S3_BUCKET: 'trailguide-media', S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: true, S3_PUBLIC_URL: 'https://cdn.example.org/media' })
    const refused = (env: Record<string, string>) => () => loadConfig({ BASE_URL: 'https://example.org', ...env })
    expect(refused({ S3_BUCKET: 'Media_Files' })).toThrow(/^S3_BUCKET: must be a bucket name/)
    expect(refused({ S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000' })).toThrow(/^S3_ENDPOINT: must be an http\(s\) URL/)
    expect(refused({ S3_BUCKET: 'media', S3_PUBLIC_URL: 'cdn.example.org' })).toThrow(/^S3_PUBLIC_URL: must be an http\(s\) URL/)
    expect(refused({ S3_BUCKET: 'media', S3_REGION: 'Europe West' })).toThrow(/^S3_REGION: /)
    expect(refused({ S3_ENDPOINT: 'http://minio:9000' })).toThrow('S3_BUCKET: is required when S3_ENDPOINT is set')
    expect(refused({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toThrow('S3_SECRET_ACCESS_KEY: is required when S3_ACCESS_KEY_ID is set')
    expect(refused({ S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/^S3_FORCE_PATH_STYLE: /)
  })
})
