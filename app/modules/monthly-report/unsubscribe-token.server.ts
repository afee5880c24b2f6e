import { createHmac, timingSafeEqual } from 'node:crypto'
import { unsubscribeTokenSchema } from './monthly-report.schema.ts'

// The one-click link works without signing in: it names the user and proves it was made by this
// server (an HMAC under the app's secret). It never expires: a link in a mail read a year later
// must still say "no more"; the worst it can do is turn off that user's monthly report.

const mac = (secret: string, userId: number) => createHmac('sha256', secret).update(`monthly-report-unsubscribe\n${userId}`).digest('base64url')

export function unsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${mac(secret, userId)}`
}

/** The user a token was made for, or null when it is malformed or not ours. */
export function verifyUnsubscribeToken(secret: string, token: string): number | null {
  if (!unsubscribeTokenSchema.safeParse(token).success) return null
  const [id, given] = token.split('.')
  const userId = Number(id)
  if (!Number.isSafeInteger(userId)) return null
  const expected = Buffer.from(mac(secret, userId))
  const actual = Buffer.from(given)
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? userId : null
}
