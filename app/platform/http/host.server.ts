import type { Config } from '#app/config/config.server.ts'

/**
 * The category slug a request's host names when subdomain routing is on:
 * "lausanne.example.org" → "lausanne" for BASE_URL https://example.org. Null for the base host
 * itself, for other hosts, and always when subdomain routing is off (localhost works path-based).
 */
export function categorySlugFromHost(host: string | null | undefined, config: Pick<Config, 'BASE_URL' | 'SUBDOMAIN_ROUTING'>): string | null {
  if (!config.SUBDOMAIN_ROUTING || !host) return null
  const hostname = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '')
  const base = new URL(config.BASE_URL).hostname.toLowerCase()
  if (hostname === base || !hostname.endsWith(`.${base}`)) return null
  const label = hostname.slice(0, -(base.length + 1))
  return /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(label) ? label : null
}
