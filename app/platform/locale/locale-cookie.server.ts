import type { Config } from '#app/config/config.server.ts'
import { localeCookie, type Locale } from '#app/i18n/config.ts'

/** The language cookie (docs/spec.md §9): 365 days, path /, SameSite=Lax, shared by subdomains. */
export function localeCookieHeader(locale: Locale, config: Pick<Config, 'BASE_URL' | 'SUBDOMAIN_ROUTING'>): string {
  const domain = config.SUBDOMAIN_ROUTING ? `; Domain=${new URL(config.BASE_URL).hostname}` : ''
  return `${localeCookie.name}=${locale}; Max-Age=${localeCookie.maxAgeSeconds}; Path=/; SameSite=Lax${domain}`
}
