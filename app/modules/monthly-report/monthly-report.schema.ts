import { z } from 'zod'

// One schema per payload: the API, the CLI and the user menu follow these.

/** A report's month, 'YYYY-MM' (the CLI's --month). */
export const monthSchema = z.string().regex(/^[1-9]\d{3}-(0[1-9]|1[0-2])$/, 'validation.format')

/** Whether the signed-in user receives the monthly report (the user menu's setting). */
export const subscriptionSchema = z.strictObject({
  subscribed: z.boolean({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.type_boolean') }),
})


/** The one-click link's token: `{user id}.{HMAC}`, base64url. */
export const unsubscribeTokenSchema = z.string().regex(/^[1-9]\d{0,9}\.[A-Za-z0-9_-]{43}$/)
