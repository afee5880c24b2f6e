import type { User } from '#app/db/schema.ts'

/**
 * The services a handler reads from its context. The toolkit names no module: the composition
 * root (app/services.server.ts) makes this its `Services`, by declaration merging.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ApiServices {}

/** What every API handler can read from its context. */
export interface ApiEnv {
  Variables: {
    services: ApiServices
    user: User | null
    token: string | null
  }
}
