import { readCookie } from '#app/platform/http/cookies.ts'

// After a password reset the sign-in page opens with the account's e-mail filled in: a short
// HttpOnly cookie carries it there (an address in the URL would stay in the history and logs),
// read once by the sign-in page's loader.

const NAME = 'reset_email'
const LIFETIME_S = 300

function cookie(baseUrl: string, value: string, maxAge: number): string {
  const parts = [`${NAME}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAge}`]
  if (new URL(baseUrl).protocol === 'https:') parts.push('Secure')
  return parts.join('; ')
}

/** `baseUrl`: BASE_URL (Secure over https). */
export const resetEmailCookie = (baseUrl: string, email: string) => cookie(baseUrl, encodeURIComponent(email), LIFETIME_S)

/** The e-mail of a reset just done, and the header that forgets it; null when there is none. */
export function takeResetEmail(baseUrl: string, headers: Headers): { email: string; clear: string } | null {
  const value = readCookie(headers.get('cookie'), NAME)
  if (!value) return null
  let email: string
  try {
    email = decodeURIComponent(value)
  } catch {
    return null
  }
  return email.includes('@') && email.length <= 254 ? { email, clear: cookie(baseUrl, '', 0) } : null
}
