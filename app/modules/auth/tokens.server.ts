import { createHash, randomBytes } from 'node:crypto'

/** A fresh unguessable token (256 bits) as sent to the client; only its hash is stored. */
export const newToken = () => randomBytes(32).toString('base64url')

/** Tokens are looked up by SHA-256: fast and safe for high-entropy secrets (argon2 is for passwords). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
