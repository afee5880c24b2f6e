// What must never leave the server or the browser in a URL: the token segments of the sign-in,
// password-reset and invitation links (with any language prefix, and under /api), and query
// values that may be secret. One rule for the logs, error reports (server and browser) and the
// analytics script (which receives the patterns as attributes: public/analytics.js).

/** Path segments that are tokens: /auth/temp/:token, /invitations/:token, /auth/reset-password/:token. */
export const TOKEN_PATH_PATTERN = String.raw`(\/(?:auth\/temp|invitations|auth\/reset-password)\/)[^/?#\s"']+`
/** Query values that may be secret (reset and invitation links, signed URLs). */
export const SECRET_QUERY_PATTERN = String.raw`([?&](?:token|code|key|signature|sig|email|password)=)[^&#\s"']*`
const REDACTED = '[redacted]'

const tokenPath = new RegExp(TOKEN_PATH_PATTERN, 'gi')
const secretQuery = new RegExp(SECRET_QUERY_PATTERN, 'gi')

/** A text (a URL, a message) with its token path segments and secret query values masked. */
export function maskTokens(text: string): string {
  return text.replace(secretQuery, `$1${REDACTED}`).replace(tokenPath, `$1${REDACTED}`)
}

/** A copy of a JSON-like value (an error report, a breadcrumb) with every string masked. */
export function maskTokensDeep<T>(value: T): T {
  return mapStringsDeep(value, maskTokens)
}

/** A copy of a JSON-like value with every string passed through `map`. */
export function mapStringsDeep<T>(value: T, map: (text: string) => string, depth = 0): T {
  if (typeof value === 'string') return map(value) as T
  if (depth > 20 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item: unknown) => mapStringsDeep(item, map, depth + 1)) as T
  // Only plain records are rebuilt (class instances, e.g. an Error in a hint, are left as they are).
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStringsDeep(item, map, depth + 1)])) as T
}
