import type { User } from './db/schema.ts'
import type { Services } from './services.server.ts'

/** What the server hands every loader and action (see server/http-app.ts). */
export interface TrailguideLoadContext {
  services: Services
  user: User | null
  token: string | null
  /** The caller's address, for rate limits. */
  clientIp: string
  /** The category named by the host's subdomain (SUBDOMAIN_ROUTING on), else null. */
  categorySlug: string | null
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends TrailguideLoadContext {}
}
