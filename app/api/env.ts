import type { User } from '#app/db/schema.ts'
import type { Services } from '#app/services.server.ts'

/** What every API handler can read from its context. */
export interface ApiEnv {
  Variables: {
    services: Services
    user: User | null
    token: string | null
  }
}
