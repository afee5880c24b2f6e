import type { User } from '#app/db/schema.ts'
import type { Services } from '#app/services.server.ts'
import type { CategoryNode } from './categories.service.server.ts'

export interface CategoryOption {
  id: number
  name: string
  slug: string
  depth: number
}

/** The tree flattened for a picker, children indented under their parent. */
function flatten(nodes: CategoryNode[], depth = 0): CategoryOption[] {
  return nodes.flatMap((n) => [{ id: n.id, name: n.name, slug: n.slug, depth }, ...flatten(n.children, depth + 1)])
}

/**
 * The category a manager screen shows: `?category=<id>` when it is one of the user's, else
 * their first one; null when they have none yet (the screen shows its empty state).
 */
export async function selectedCategory(services: Services, user: User, url: URL) {
  const categories = flatten(await services.categories.tree(user))
  const asked = Number(url.searchParams.get('category'))
  const selected = categories.find((c) => c.id === asked) ?? categories[0] ?? null
  return { categories, selected }
}
