import path from 'node:path'
import { z } from 'zod'
import { directionsProviderNames, geocoderNames } from './providers.ts'

/** A boolean setting written as on/off, true/false, 1/0 or yes/no. */
const flag = (fallback: boolean) =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['on', 'true', '1', 'yes'].includes(v)))

/** A rate limit written as "<requests>/<seconds>", e.g. "10/60". */
const rateLimit = (fallback: string) =>
  z
    .string()
    .regex(/^\d+\/\d+$/, 'must look like "10/60" (requests per seconds)')
    .default(fallback)
    .transform((v) => {
      const [limit, seconds] = v.split('/').map(Number)
      return { limit, windowMs: seconds * 1000 }
    })

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  APP_ENV: z.enum(['dev', 'staging', 'prod']).default('prod'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  BASE_URL: z
    .string({ error: 'BASE_URL is not defined' })
    .min(1, 'BASE_URL is not defined')
    .pipe(z.url({ protocol: /^https?$/, error: 'BASE_URL must be an http(s) URL' }))
    .transform((v) => v.replace(/\/+$/, '')),
  /** Unset: `trailguide.sqlite` in DATA_DIR (two instances with their own DATA_DIR never share a database). */
  DATABASE_URL: z.string().min(1).optional(),
  /** PostgreSQL only: connections each server process keeps (measured, ADR 031). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** PostgreSQL only: the statements a process runs again and again are prepared once per connection (ADR 031); `0` turns it off. */
  DATABASE_PREPARED: z.enum(['0', '1']).default('1').transform((v) => v === '1'),
  DATA_DIR: z.string().min(1).default('data'),
  /** The key of keyed hashes (client addresses in rate-limit keys); unset: a random one kept in DATA_DIR/app-secret. */
  APP_SECRET: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
  SMTP_URL: z.string().optional().transform((v) => v || undefined),
  MAIL_FROM: z.string().default('Trailguide <no-reply@localhost>'),
  SUBDOMAIN_ROUTING: flag(false),
  ROOT_REDIRECT: z.string().optional().transform((v) => v || undefined),
  ROOT_REDIRECT_STATUS: z.coerce
    .number()
    .refine((n) => [301, 302, 303, 307, 308].includes(n), 'must be a redirect status')
    .default(302),
  /**
   * How many reverse proxies in front of the server append to X-Forwarded-For: `off` (0, the
   * socket's address), `on` (1) or a number. The client is the right-most hop they did not add.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim().toLowerCase())
    .pipe(z.string().regex(/^(|on|off|true|false|yes|no|\d{1,2})$/, 'must be off, on or the number of trusted proxies (e.g. 2)'))
    .transform((v) => (['', 'off', 'false', 'no'].includes(v) ? 0 : ['on', 'true', 'yes'].includes(v) ? 1 : Number(v))),
  MAX_BODY_BYTES: z.coerce.number().int().positive().default(1024 * 1024),
  /** Rendered QR images kept in memory, in MiB (they never change for a code, format and size). */
  QR_IMAGE_CACHE_MB: z.coerce.number().min(0).max(1024).default(16),
  /** QR PNGs rasterised at once (on libuv's thread pool); the others wait. */
  QR_RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** Uploaded images decoded at once; the others wait, their bodies unread. */
  IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(1),
  /** Import files read at once, each in a worker thread (ADR 050); the others wait briefly, then 503. */
  IMPORT_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** The heap an import worker may use, in MiB: a file that needs more is refused, the server stays up. */
  IMPORT_WORKER_HEAP_MB: z.coerce.number().int().min(32).max(2048).default(96),
  /** A second in which the event loop was held longer than this (ms) is logged as a warning (ADR 051). */
  EVENT_LOOP_WARN_MS: z.coerce.number().min(0).max(60_000).default(100),
  RATE_LIMIT_LOGIN: rateLimit('10/60'),
  RATE_LIMIT_REGISTER: rateLimit('10/3600'),
  /** Password-reset requests per e-mail address. */
  RATE_LIMIT_RESET: rateLimit('5/900'),
  /** Password-reset requests per client address (many people share an office's), and, counted apart, reset-link uses. */
  RATE_LIMIT_RESET_CLIENT: rateLimit('50/900'),
  RATE_LIMIT_EVENTS: rateLimit('120/60'),
  /**
   * Visitors' views, events and scans are counted in memory and written in groups every this many
   * ms, with their per-client limits (ADR 071); a SIGKILL loses at most this much. 0: each is
   * written before its answer.
   */
  EVENTS_FLUSH_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  RATE_LIMIT_UPLOADS: rateLimit('60/60'),
  /** Open data answers (`/api/public/…`) per client address: anonymous, so bounded. */
  RATE_LIMIT_OPEN_DATA: rateLimit('600/60'),
  /** Likes per client address (every like form and like event), whatever the browser. */
  RATE_LIMIT_LIKES: rateLimit('30/3600'),
  /** Place visits counted from QR scans per client address; over it the scan still leads to the page. */
  RATE_LIMIT_QR_SCANS: rateLimit('60/600'),
  /** Visitor reports (`POST /api/public/reports` and the report page's form) per client network, refused ones included. */
  RATE_LIMIT_REPORTS: rateLimit('10/3600'),
  /** Minutes a new visitor report waits for others before the owners' mail lists them all (0: at the next minute). */
  REPORT_MAIL_DELAY_MINUTES: z.coerce.number().min(0).max(24 * 60).default(5),
  /** Invitation mails per inviting user (category and place invitations together). */
  RATE_LIMIT_INVITATIONS: rateLimit('20/3600'),
  /** Visits of the monthly report's one-click unsubscribe page per client address. */
  RATE_LIMIT_UNSUBSCRIBE: rateLimit('30/3600'),
  /** AI text drafting calls (paid provider calls) per user. */
  RATE_LIMIT_AI: rateLimit('30/3600'),
  /** Minutes between purges of expired rate-limit counters, tokens and invitations (each server process runs it). */
  PURGE_INTERVAL_MINUTES: z.coerce.number().int().positive().max(7 * 24 * 60).default(60),
  /** Days a deleted route, place, QR code or category stays in its category's trash before the purge deletes it and its files (ADR 110). */
  TRASH_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Days a category's activity log keeps an entry before the purge deletes it (ADR 115). */
  ACTIVITY_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /** Days a revision of a route or a place is kept (each item keeps its newest 50 however old, ADR 111). */
  REVISIONS_DAYS: z.coerce.number().int().min(1).max(36500).default(365),
  /** Record revisions of routes and places on every save (off: none recorded; the bench compares the two). */
  REVISIONS_ENABLED: flag(true),
  /** Restores of a revision per user. */
  RATE_LIMIT_RESTORES: rateLimit('30/60'),
  /** QR PNG renders per client address (images already rendered, and SVGs, are not counted). */
  RATE_LIMIT_QR_IMAGES: rateLimit('60/60'),
  /** Routes' share pictures (og:image, ADR 121) drawn per client address (kept ones are not counted). */
  RATE_LIMIT_SHARE_IMAGES: rateLimit('30/60'),
  /** Drawn share pictures kept in memory, in MiB (keyed by their drawing: a changed route draws anew). */
  SHARE_IMAGE_CACHE_MB: z.coerce.number().min(0).max(1024).default(16),
  /** redis://… : rate-limit counters in Redis instead of the database; unset: in the database. */
  REDIS_URL: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional()),
  /** Prefix of every Redis key this app writes (several apps or environments can share one Redis). */
  REDIS_KEY_PREFIX: z.string().default('trailguide:'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** Raster tiles for every map: {z}/{x}/{y} placeholders ({s} for subdomains). */
  TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  TILE_ATTRIBUTION: z.string().default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  /** Whether "save this walk for offline" stores map tiles; unset: off for OpenStreetMap's own servers (their tile usage policy), on otherwise. */
  OFFLINE_TILES: z
    .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : ['on', 'true', '1', 'yes'].includes(v))),
  /** Largest offline pack of a walk (pages, photos and tiles), in megabytes. */
  OFFLINE_PACK_MB: z.coerce.number().positive().max(200).default(5),
  /** Added to OFFLINE_PACK_MB for a walk with recorded audio (ADR 122), whose recordings go into the pack. */
  OFFLINE_PACK_AUDIO_MB: z.coerce.number().min(0).max(500).default(20),
  /** The trails' time zone (IANA name): the day a route notice's dates are read in (ADR 026). */
  TIME_ZONE: z
    .string()
    .default('Europe/Zurich')
    .refine(isTimeZone, 'must be an IANA time zone, e.g. Europe/Zurich or UTC'),
  /** Any OpenAI-compatible chat completions endpoint, e.g. https://api.openai.com/v1; unset: text drafting is off. */
  AI_BASE_URL: z.string().optional().transform((v) => (v ? v.replace(/\/+$/, '') : undefined)),
  AI_API_KEY: z.string().optional().transform((v) => v || undefined),
  AI_MODEL: z.string().default('gpt-4o-mini'),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** Plausible-compatible analytics host, e.g. https://plausible.io; unset: no analytics script. */
  ANALYTICS_HOST: z
    .string()
    .optional()
    .transform((v) => (v ? v.replace(/\/+$/, '') : undefined))
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  /** The site name reported to analytics; default: BASE_URL's host. */
  ANALYTICS_DOMAIN: z.string().optional().transform((v) => v || undefined),
  /** Sentry-compatible DSN (http(s)://<key>@<host>/<project>); unset: no error reporting. */
  SENTRY_DSN: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.url({ protocol: /^https?$/, error: 'must be a DSN: http(s)://<key>@<host>/<project>' }).optional()),
  /** Walking directions for the map editor: straight lines (offline), Mapbox or an OSRM server. */
  DIRECTIONS_PROVIDER: z.enum(directionsProviderNames).default('straight'),
  MAPBOX_ACCESS_TOKEN: z.string().optional().transform((v) => v || undefined),
  MAPBOX_BASE_URL: z
    .string()
    .optional()
    .transform((v) => v || 'https://api.mapbox.com')
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }))
    .transform((v) => v.replace(/\/+$/, '')),
  /** An OSRM-compatible server with a foot profile, e.g. http://osrm:5000. */
  OSRM_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v.replace(/\/+$/, '') : undefined))
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  DIRECTIONS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  RATE_LIMIT_DIRECTIONS: rateLimit('60/60'),
  /** The map editor's town and address search: OpenStreetMap's Nominatim (or your own), Mapbox, or off (hidden). */
  GEOCODER: z.enum(geocoderNames).default('nominatim'),
  /** A Nominatim server; the public one is for light use only (its usage policy): run your own for more. */
  NOMINATIM_URL: z
    .string()
    .optional()
    .transform((v) => v || 'https://nominatim.openstreetmap.org')
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }))
    .transform((v) => v.replace(/\/+$/, '')),
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  /** Address searches per user (each one asks the geocoder). */
  RATE_LIMIT_GEOCODE: rateLimit('30/60'),
  /** Uploads in an S3-compatible bucket instead of DATA_DIR/uploads (ADR 030); unset: the local disk. */
  S3_BUCKET: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and dashes')
        .optional(),
    ),
  /** The S3 server, e.g. https://s3.fr-par.scw.cloud or http://minio:9000; unset: AWS for S3_REGION. */
  S3_ENDPOINT: z
    .string()
    .optional()
    .transform((v) => (v ? v.replace(/\/+$/, '') : undefined))
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  S3_REGION: z
    .string()
    .optional()
    .transform((v) => v || 'us-east-1')
    .pipe(z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as eu-west-3 or us-east-1')),
  S3_ACCESS_KEY_ID: z.string().optional().transform((v) => v || undefined),
  S3_SECRET_ACCESS_KEY: z.string().optional().transform((v) => v || undefined),
  /** Bucket in the path (http://host/bucket/key), as MinIO and most self-hosted servers need; off: bucket.host. */
  S3_FORCE_PATH_STYLE: flag(false),
  /** Where browsers fetch the uploads: a CDN or the bucket's public address; unset: the app serves /uploads from the bucket. */
  S3_PUBLIC_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v.replace(/\/+$/, '') : undefined))
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
}).superRefine((config, ctx) => {
  // The provider's own settings are required only when it is the one chosen.
  if (config.DIRECTIONS_PROVIDER === 'mapbox' && !config.MAPBOX_ACCESS_TOKEN)
    ctx.addIssue({ code: 'custom', path: ['MAPBOX_ACCESS_TOKEN'], message: 'is required when DIRECTIONS_PROVIDER=mapbox' })
  if (config.GEOCODER === 'mapbox' && !config.MAPBOX_ACCESS_TOKEN)
    ctx.addIssue({ code: 'custom', path: ['MAPBOX_ACCESS_TOKEN'], message: 'is required when GEOCODER=mapbox' })
  if (config.DIRECTIONS_PROVIDER === 'osrm' && !config.OSRM_URL)
    ctx.addIssue({ code: 'custom', path: ['OSRM_URL'], message: 'is required when DIRECTIONS_PROVIDER=osrm' })
  // An S3 setting without a bucket would silently keep the uploads on the local disk.
  if (!config.S3_BUCKET) {
    for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const)
      if (config[name]) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `is required when ${name} is set (uploads on S3-compatible storage)` })
  }
  // Half a key pair is a typo, not a choice (neither: the SDK's own credentials chain).
  if (!config.S3_ACCESS_KEY_ID !== !config.S3_SECRET_ACCESS_KEY)
    ctx.addIssue({
      code: 'custom',
      path: [config.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: `is required when ${config.S3_ACCESS_KEY_ID ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'} is set`,
    })
}).transform((config) => ({
  ...config,
  DATABASE_URL: config.DATABASE_URL ?? path.join(config.DATA_DIR, 'trailguide.sqlite'),
  OFFLINE_TILES: config.OFFLINE_TILES ?? !isOpenStreetMapTiles(config.TILE_URL),
}))

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}

/**
 * OpenStreetMap's own tile servers forbid bulk downloading ("offline" use) in their tile usage
 * policy: saving tiles is off by default with them.
 */
function isOpenStreetMapTiles(template: string): boolean {
  try {
    const host = new URL(template.replace(/\{s\}/g, 'a')).hostname
    return host === 'tile.openstreetmap.org' || host.endsWith('.tile.openstreetmap.org')
  } catch {
    return false
  }
}

export type Config = z.infer<typeof configSchema>

export class ConfigError extends Error {}

/** Reads and checks the settings; a bad one stops the server with a clear message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env)
  if (!result.success) {
    const lines = result.error.issues.map((issue) =>
      issue.path[0] === 'BASE_URL' && issue.message === 'BASE_URL is not defined'
        ? 'BASE_URL is not defined'
        : `${String(issue.path[0])}: ${issue.message}`,
    )
    throw new ConfigError(lines.join('\n'))
  }
  return result.data
}

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url)
