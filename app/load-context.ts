import type { User } from '#app/db/schema.ts'
import type { CacheTag } from '#app/platform/page-cache/page-cache.server.ts'
import type { Services } from '#app/services.server.ts'

/** What the server hands every loader and action (see server/http-app.ts). */
interface TrailguideLoadContext {
  services: Services
  user: User | null
  token: string | null
  /** The caller's address, for rate limits. */
  clientIp: string
  /** The category named by the host's subdomain (SUBDOMAIN_ROUTING on), else null. */
  categorySlug: string | null
  /** This response's Content-Security-Policy nonce for inline scripts (server/security-headers.ts). */
  cspNonce?: string
  /**
   * Set by a public page's loader for the render cache (app/platform/page-cache): its tag when the
   * answer may be kept for every visitor, null when this answer is one visitor's own.
   */
  pageCacheTag?: CacheTag | null
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends TrailguideLoadContext {}
}
