import { parse } from 'hono/utils/cookie'

/** The value of one cookie of a Cookie header: the one reader of cookies on the server. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined
  return parse(cookieHeader, name)[name]
}
