import { nowIso, type DB } from '#app/db/db.server.ts'
import type { Category, CategoryRole, User } from '#app/db/schema.ts'
import type { Locale } from '#app/i18n/config.ts'
import { photoOf } from '#app/modules/auth/public-user.ts'
import type { AddressService } from '#app/modules/addresses/addresses.service.server.ts'
import type { Storage } from '#app/platform/storage/storage.server.ts'
import type { InvitationService } from '#app/modules/invitations/invitations.service.server.ts'
import { AppError, invalidField, notFound } from '#app/utils/errors.ts'
import { recordActivity } from '#app/modules/activity/activity.service.server.ts'
import { contentLocalesOf, DEFAULT_CONTENT_LOCALES, serializeContentLocales } from '#app/i18n/content-locales.ts'
import { CategoryAccess } from './access.server.ts'
import type { CategoryInvitationView, CategoryMemberView, CategoryNode, CreateCategoryInput, InviteMemberInput, UpdateCategoryInput } from './categories.schema.ts'
import { CategoriesRepo, type CategoryWithRole } from './categories.repo.server.ts'

const toNode = (c: CategoryWithRole): CategoryNode => ({
  id: c.id,
  slug: c.slug,
  name: c.name,
  parent_id: c.parent_id,
  fallback_locale: c.fallback_locale,
  content_locales: contentLocalesOf(c),
  role: c.role,
  children: [],
})

/**
 * Hangs each node under its parent; a node whose parent is not in the map is a root. A cycle
 * stored before moves were serialised (no node of it would be a root) is cut above its first
 * node in list order, which then shows as a root: every category stays listed, every walk ends.
 */
function treeOf(nodes: Map<number, CategoryNode>): CategoryNode[] {
  const parentOf = (node: CategoryNode) => (node.parent_id !== null && node.parent_id !== node.id ? nodes.get(node.parent_id) : undefined)
  const roots: CategoryNode[] = []
  for (const node of nodes.values()) {
    const parent = parentOf(node)
    if (parent) parent.children.push(node)
    else roots.push(node)
  }
  const reached = new Set<number>()
  const reach = (node: CategoryNode) => {
    reached.add(node.id)
    for (const child of node.children) if (!reached.has(child.id)) reach(child)
  }
  roots.forEach(reach)
  for (const node of nodes.values()) {
    if (reached.has(node.id)) continue
    // Unreached: on a cycle or below one. Climb until a node repeats: that one is on the cycle.
    const climbed = new Set<number>()
    let onCycle = node
    while (!climbed.has(onCycle.id)) {
      climbed.add(onCycle.id)
      onCycle = parentOf(onCycle)!
    }
    const parent = parentOf(onCycle)!
    parent.children = parent.children.filter((child) => child !== onCycle)
    roots.push(onCycle)
    reach(onCycle)
  }
  return roots
}

export class CategoryService {
  private readonly repo: CategoriesRepo
  readonly access: CategoryAccess

  constructor(
    private readonly db: DB,
    private readonly invitations: InvitationService,
    private readonly addresses: AddressService,
    private readonly storage: Storage,
  ) {
    this.repo = new CategoriesRepo(db)
    this.access = new CategoryAccess(db)
  }

  /** The caller's categories as a tree; a category whose parent the caller cannot see is a root. */
  async tree(user: User, options: { includeRoutes?: boolean; locale?: string | null } = {}): Promise<CategoryNode[]> {
    const categories = await this.repo.listForUser(user.id)
    const nodes = new Map(categories.map((c) => [c.id, toNode(c)]))
    if (options.includeRoutes) {
      for (const node of nodes.values()) node.routes = []
      for (const route of await this.repo.routeSummaries([...nodes.keys()], options.locale ?? null)) {
        nodes.get(route.category_id)!.routes!.push({
          uuid: route.uuid,
          slug: route.slug,
          name: route.wanted_name ?? route.fallback_name ?? null,
          status: route.status,
          color: route.color,
        })
      }
    }
    return treeOf(nodes)
  }

  async get(user: User, id: number): Promise<CategoryNode> {
    const role = await this.access.require(user.id, id)
    const category = (await this.repo.findById(id))!
    return { ...toNode({ ...category, role }) }
  }

  /** Creates a category; its creator is its owner. A parent must be one the creator owns. */
  async create(user: User, input: CreateCategoryInput): Promise<CategoryNode> {
    if (input.parent_id) await this.access.require(user.id, input.parent_id, 'owner')
    await this.assertSlugFree(input.slug)
    const now = nowIso()
    const category = await this.db
      .transaction()
      .execute(async (trx) => {
      const repo = new CategoriesRepo(trx)
      const created = await repo.insert({
        parent_id: input.parent_id ?? null,
        slug: input.slug,
        name: input.name,
        fallback_locale: input.fallback_locale ?? user.locale,
        content_locales: serializeContentLocales(input.content_locales ?? DEFAULT_CONTENT_LOCALES),
        created_at: now,
        updated_at: now,
      })
      await repo.addMember(created.id, user.id, 'owner', now)
      return created
      })
      .catch(async (error: unknown) => {
        // Two managers racing for one slug: the unique index decides.
        await this.assertSlugFree(input.slug)
        throw error
      })
    return toNode({ ...category, role: 'owner' })
  }

  /** A new slug keeps the old one leading here (a trigger records it, ADR 011); no other category may take it. */
  async update(user: User, id: number, input: UpdateCategoryInput): Promise<CategoryNode> {
    await this.access.require(user.id, id, 'owner')
    if (input.slug) await this.assertSlugFree(input.slug, id)
    if (input.parent_id) await this.access.require(user.id, input.parent_id, 'owner')
    await this.db
      .transaction()
      .execute(async (trx) => {
        const repo = new CategoriesRepo(trx)
        if (input.parent_id) {
          // Checked and written under the tree lock: a concurrent move sees this one committed.
          await repo.lockTree()
          if ((await repo.ancestorIds(input.parent_id)).includes(id)) throw invalidField('parent_id', 'validation.parent_cycle')
        }
        const { content_locales, ...rest } = input
        // Stored without the fallback, which is always one (contentLocalesOf puts it first).
        await repo.update(id, { ...rest, ...(content_locales ? { content_locales: serializeContentLocales(content_locales) } : {}), updated_at: nowIso() })
      })
      .catch(async (error: unknown) => {
        // Two owners racing for one slug: the unique key of the category slugs decides.
        if (!(error instanceof AppError) && input.slug) await this.assertSlugFree(input.slug, id)
        throw error
      })
    return this.get(user, id)
  }

  async members(user: User, id: number): Promise<CategoryMemberView[]> {
    await this.access.require(user.id, id)
    const members = await this.repo.members(id)
    return members.map((m) => ({ id: m.id, name: m.name, email: m.email, photo: photoOf(m.avatar_path, (key) => this.storage.url(key)), role: m.role, joined_at: m.created_at }))
  }

  async changeRole(user: User, id: number, memberId: number, role: CategoryRole) {
    await this.access.require(user.id, id, 'owner')
    await this.db.transaction().execute(async (trx) => {
      const repo = new CategoriesRepo(trx)
      await repo.lockOwners(id)
      if (!(await repo.setRole(id, memberId, role))) throw notFound()
      if ((await repo.ownerCount(id)) === 0) throw new AppError(409, { key: 'errors.last_owner' })
      await recordActivity(trx, { categoryId: id, userId: user.id, action: 'member.role_changed', itemId: memberId, details: { role } })
    })
  }

  /** An owner removes a member, or a member leaves; a category always keeps an owner. */
  async removeMember(user: User, id: number, memberId: number) {
    await this.access.require(user.id, id, memberId === user.id ? 'editor' : 'owner')
    await this.db.transaction().execute(async (trx) => {
      const repo = new CategoriesRepo(trx)
      await repo.lockOwners(id)
      if (!(await repo.removeMember(id, memberId))) throw notFound()
      if ((await repo.ownerCount(id)) === 0) throw new AppError(409, { key: 'errors.last_owner' })
      await recordActivity(trx, { categoryId: id, userId: user.id, action: 'member.removed', itemId: memberId })
    })
  }

  async invite(user: User, id: number, input: InviteMemberInput, locale: Locale) {
    await this.access.require(user.id, id, 'owner')
    const category = (await this.repo.findById(id))!
    return this.invitations.invite({ kind: 'category', categoryId: id, role: input.role, targetName: category.name }, input.email, user, locale)
  }

  async pendingInvitations(user: User, id: number): Promise<CategoryInvitationView[]> {
    await this.access.require(user.id, id, 'owner')
    return this.invitations.pending(id)
  }

  async revokeInvitation(user: User, id: number, invitationId: number) {
    await this.access.require(user.id, id, 'owner')
    if (!(await this.invitations.revoke(invitationId, id))) throw notFound()
  }

  /** The category of a public page by its slug (subdomain routing), or undefined. */
  findBySlug(slug: string): Promise<Category | undefined> {
    return this.repo.findBySlug(slug)
  }

  /** A slug another category has or had is taken: its old addresses still lead there (ADR 011). */
  private async assertSlugFree(slug: string, exceptId?: number) {
    if (await this.addresses.categorySlugHeld(slug, exceptId)) throw invalidField('slug', 'validation.slug_taken_try', { slug: await this.addresses.freeCategorySlug(slug) })
  }
}
