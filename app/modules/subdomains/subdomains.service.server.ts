import type { Config } from '#app/config/config.server.ts'
import type { DB } from '#app/db/db.server.ts'
import { localizePath, splitLocalePath } from '#app/i18n/config.ts'
import { AddressService } from '#app/modules/addresses/addresses.service.server.ts'
import { addressingOf, categoryOrigin, routeAddress } from '#app/modules/addresses/route-address.ts'
import { SubdomainsRepo } from './subdomains.repo.server.ts'

/** What to do with a page request on a category subdomain. */
export type SubdomainDecision =
  /** Serve the page as asked. */
  | { kind: 'pass' }
  /** No category has or had this subdomain. */
  | { kind: 'unknown-category' }
  /** An old slug of a category (ADR 011): the same path and query on its current subdomain, for good. */
  | { kind: 'moved'; location: string }
  /** The /r/ slug belongs to another category: go here instead (a path on the same host). */
  | { kind: 'redirect'; location: string }

const LANDING_PATH = /^(\/(?:fr|en|de|it))?\/r\/([^/]+)\/?$/

/** The landing list a manager is sent to when the host's category has no published route. */
const LANDING_LIST_PATH = '/landing/list'

export class SubdomainService {
  private readonly repo: SubdomainsRepo
  private readonly addresses: AddressService

  constructor(
    db: DB,
    private readonly config: Pick<Config, 'BASE_URL' | 'SUBDOMAIN_ROUTING'>,
  ) {
    this.repo = new SubdomainsRepo(db)
    this.addresses = new AddressService(db)
  }

  /**
   * An old subdomain of a category moves to its current one, path and query kept. Spec section
   * 4: on a category's subdomain, a /r/ page whose slug exists only in another category goes to
   * the host category's first published route's landing page, or to the landing list when it has
   * none. Other paths, and slugs found nowhere, pass (the page 404s).
   */
  async resolve(categorySlug: string, url: URL): Promise<SubdomainDecision> {
    const category = await this.addresses.findCategory(categorySlug)
    if (!category) return { kind: 'unknown-category' }
    if (category.slug !== categorySlug) return { kind: 'moved', location: `${categoryOrigin(this.addressing, category.slug)}${url.pathname}${url.search}` }
    const match = LANDING_PATH.exec(url.pathname)
    if (!match) return { kind: 'pass' }
    const slug = safeDecode(match[2]!)
    const owners = await this.repo.categoryIdsWithSlug(slug)
    if (owners.length === 0 || owners.includes(category.id)) return { kind: 'pass' }
    const first = await this.repo.firstPublishedSlug(category.id)
    const locale = splitLocalePath(url.pathname).locale ?? 'en'
    const location = first ? routeAddress(this.addressing, 'landing', { category: category.slug, slug: first }, { locale }).path : localizePath(LANDING_LIST_PATH, locale)
    return { kind: 'redirect', location }
  }

  private get addressing() {
    return addressingOf(this.config)
  }
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}
