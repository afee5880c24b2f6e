import { z } from 'zod'

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
  DATABASE_URL: z.string().min(1).default('data/trailguide.sqlite'),
  DATA_DIR: z.string().min(1).default('data'),
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
  SMTP_URL: z.string().optional().transform((v) => v || undefined),
  MAIL_FROM: z.string().default('Trailguide <no-reply@localhost>'),
  SUBDOMAIN_ROUTING: flag(false),
  ROOT_REDIRECT: z.string().optional().transform((v) => v || undefined),
  ROOT_REDIRECT_STATUS: z.coerce
    .number()
    .refine((n) => [301, 302, 303, 307, 308].includes(n), 'must be a redirect status')
    .default(302),
  TRUST_PROXY: flag(false),
  MAX_BODY_BYTES: z.coerce.number().int().positive().default(1024 * 1024),
  RATE_LIMIT_LOGIN: rateLimit('10/60'),
  RATE_LIMIT_REGISTER: rateLimit('10/3600'),
  RATE_LIMIT_RESET: rateLimit('5/900'),
  RATE_LIMIT_EVENTS: rateLimit('120/60'),
  RATE_LIMIT_UPLOADS: rateLimit('60/60'),
  /** Likes per client address (every like form and like event), whatever the browser. */
  RATE_LIMIT_LIKES: rateLimit('30/3600'),
  /** Place visits counted from QR scans per client address; over it the scan still leads to the page. */
  RATE_LIMIT_QR_SCANS: rateLimit('60/600'),
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
  DIRECTIONS_PROVIDER: z.enum(['straight', 'mapbox', 'osrm']).default('straight'),
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
}).superRefine((config, ctx) => {
  // The provider's own settings are required only when it is the one chosen.
  if (config.DIRECTIONS_PROVIDER === 'mapbox' && !config.MAPBOX_ACCESS_TOKEN)
    ctx.addIssue({ code: 'custom', path: ['MAPBOX_ACCESS_TOKEN'], message: 'is required when DIRECTIONS_PROVIDER=mapbox' })
  if (config.DIRECTIONS_PROVIDER === 'osrm' && !config.OSRM_URL)
    ctx.addIssue({ code: 'custom', path: ['OSRM_URL'], message: 'is required when DIRECTIONS_PROVIDER=osrm' })
})

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
