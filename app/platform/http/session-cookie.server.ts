import type { Config } from '#app/config/config.server.ts'
import { readCookie } from './cookies.ts'

export const SESSION_COOKIE = 'token'

/**
 * The HttpOnly session cookie. With subdomain routing it is set on the base host so that every
 * category subdomain shares the session (docs/spec.md §6).
 */
export function sessionCookie(config: Pick<Config, 'BASE_URL' | 'SUBDOMAIN_ROUTING' | 'SESSION_TTL_DAYS'>, token: string | null): string {
  const url = new URL(config.BASE_URL)
  const parts = [
    `${SESSION_COOKIE}=${token ?? ''}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    token ? `Max-Age=${config.SESSION_TTL_DAYS * 24 * 60 * 60}` : 'Max-Age=0',
  ]
  if (url.protocol === 'https:') parts.push('Secure')
  if (config.SUBDOMAIN_ROUTING) parts.push(`Domain=${url.hostname}`)
  return parts.join('; ')
}

/** The access token of a request: the Bearer header first, then the cookie. */
export function tokenFromRequest(headers: Headers): string | undefined {
  const authorization = headers.get('authorization')
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1]
  return bearer ?? readCookie(headers.get('cookie'), SESSION_COOKIE)
}
