import type { DB } from '#app/db/db.server.ts'
import type { OnHandle } from '#app/db/handle.server.ts'
import type { Walk } from '#app/db/schema.ts'
import { CATEGORY_SLUG_MAX, ROUTE_SLUG_MAX } from './slug-limits.ts'
import { uniqueSlug } from './slug.ts'
import { AddressesRepo } from './addresses.repo.server.ts'
import type { AskedAddress } from './route-address.ts'

/**
 * Printed addresses are forever (ADR 011): which route or category an address names, now and
 * after renames, and which slugs are still free. Built on a db handle or a transaction (`on`, ADR 037).
 */
export class AddressService implements OnHandle<AddressService> {
  private readonly repo: AddressesRepo

  constructor(db: DB) {
    this.repo = new AddressesRepo(db)
  }

  /** The same service inside a transaction. */
  on(db: DB): AddressService {
    return new AddressService(db)
  }

  /**
   * The route an address names: with a category, the route that has or had that slug in the
   * category that has or had that slug; without, the route that keeps the category-less address
   * printed before ADR 011 (never whichever route has the slug now). Visibility is the caller's.
   */
  findRoute(asked: AskedAddress): Promise<Walk | undefined> {
    return asked.category === null ? this.repo.findLegacyRoute(asked.slug) : this.repo.findRouteInCategory(asked.category, asked.slug)
  }

  /** The category that has or had this slug, with its current one. */
  findCategory(slug: string): Promise<{ id: number; slug: string } | undefined> {
    return this.repo.findCategory(slug)
  }

  /** Whether another category has or had the slug (a category's old slugs redirect to it). */
  categorySlugHeld(slug: string, exceptCategoryId?: number): Promise<boolean> {
    return this.repo.categorySlugHeld(slug, exceptCategoryId)
  }

  /** The first free "-2", "-3"… version of a category slug that is taken (a DNS label: 63 characters at most). */
  async freeCategorySlug(base: string): Promise<string> {
    return uniqueSlug(base, await this.repo.categorySlugsStartingWith(base.slice(0, CATEGORY_SLUG_MAX - 8)), CATEGORY_SLUG_MAX)
  }

  /** Whether another route of the category has or had the slug (its old addresses redirect to it). */
  routeSlugHeld(categoryId: number, slug: string, exceptWalkId?: number): Promise<boolean> {
    return this.repo.routeSlugHeld(categoryId, slug, exceptWalkId)
  }

  /** The base slug when no route of the category has or had it, else the first free "-2", "-3"… */
  async freeRouteSlug(categoryId: number, base: string): Promise<string> {
    return uniqueSlug(base, await this.repo.routeSlugsStartingWith(categoryId, base.slice(0, ROUTE_SLUG_MAX - 8)))
  }
}
