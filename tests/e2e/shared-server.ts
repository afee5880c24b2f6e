import { inject } from 'vitest'
import type { SharedServer } from './global-setup.ts'

/**
 * The server of the worker running this file (global-setup.ts starts one per worker, each with its
 * own demo): no other file uses it while this one runs.
 */
export function sharedServer(): SharedServer {
  const servers = inject('servers')
  const worker = Number(process.env.VITEST_POOL_ID ?? '1')
  return servers[(worker - 1) % servers.length]!
}
