import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Config } from './config.server.ts'

export const SECRET_FILE = 'app-secret'

/**
 * The app's secret for keyed hashes (rate-limit keys): APP_SECRET, else a random one kept in
 * DATA_DIR/app-secret, made at the first use. It is never in the database: a copy of the
 * database alone cannot turn a hashed client address back into the address (IPv4 has only
 * 2³² of them). Every process behind one DATA_DIR reads the same file (ADR 009).
 */
export function appSecret(config: Pick<Config, 'APP_SECRET' | 'DATA_DIR'>): string {
  if (config.APP_SECRET) return config.APP_SECRET
  const file = path.join(config.DATA_DIR, SECRET_FILE)
  try {
    return readSecret(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  fs.mkdirSync(config.DATA_DIR, { recursive: true })
  // Written whole under a temporary name, then linked: two processes starting at once never
  // read half a secret, and the first link wins (the second gets EEXIST and reads it).
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  fs.writeFileSync(temp, randomBytes(32).toString('base64url'), { mode: 0o600 })
  try {
    fs.linkSync(temp, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    fs.rmSync(temp, { force: true })
  }
  return readSecret(file)
}

function readSecret(file: string): string {
  const secret = fs.readFileSync(file, 'utf8').trim()
  if (secret.length < 32) throw new Error(`${file} holds no usable secret: remove it (a new one is made) or set APP_SECRET`)
  return secret
}
