import type { DB } from '#app/db/db.server.ts'
import { SubdomainsRepo } from './subdomains.repo.server.ts'

/** What to do with a page request on a category subdomain. */
export type SubdomainDecision =
  /** Serve the page as asked. */
  | { kind: 'pass' }
  /** No category has this subdomain. */
  | { kind: 'unknown-category' }
  /** The /r/ slug belongs to another category: go here instead (a path on the same host). */
  | { kind: 'redirect'; location: string }

const LANDING_PATH = /^(\/(?:fr|en|de|it))?\/r\/([^/]+)\/?$/

/** The landing list a manager is sent to when the host's category has no published route. */
export const LANDING_LIST_PATH = '/landing/list'

export class SubdomainService {
  private readonly repo: SubdomainsRepo

  constructor(db: DB) {
    this.repo = new SubdomainsRepo(db)
  }

  /**
   * Spec section 4: on a category's subdomain, a /r/ page whose slug exists only in another
   * category goes to the host category's first published route's landing page, or to the
   * landing list when it has none. Other paths, and slugs found nowhere, pass (the page 404s).
   */
  async resolveLandingRedirect(categorySlug: string, pathname: string): Promise<SubdomainDecision> {
    const categoryId = await this.repo.findCategoryId(categorySlug)
    if (categoryId === undefined) return { kind: 'unknown-category' }
    const match = LANDING_PATH.exec(pathname)
    if (!match) return { kind: 'pass' }
    const prefix = match[1] ?? ''
    const slug = safeDecode(match[2]!)
    const owners = await this.repo.categoryIdsWithSlug(slug)
    if (owners.length === 0 || owners.includes(categoryId)) return { kind: 'pass' }
    const first = await this.repo.firstPublishedSlug(categoryId)
    return { kind: 'redirect', location: first ? `${prefix}/r/${first}` : `${prefix}${LANDING_LIST_PATH}` }
  }
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}
