import type { User } from '#app/db/schema.ts'
import { defaultLocale, isLocale } from '#app/i18n/config.ts'
import type { CategoryService } from './categories.service.server.ts'
import { NO_CATEGORY, type CategoryNode, type CategoryOption } from './categories.schema.ts'

/** The tree flattened for a picker, children indented under their parent. */
function flatten(nodes: CategoryNode[], depth = 0): CategoryOption[] {
  return nodes.flatMap((n) => [{ id: n.id, name: n.name, slug: n.slug, depth, fallbackLocale: isLocale(n.fallback_locale) ? n.fallback_locale : defaultLocale, contentLocales: n.content_locales }, ...flatten(n.children, depth + 1)])
}

export interface SelectionOptions {
  /** Honour `?category=none` (the map editor); other screens always show a category. */
  allowNone?: boolean
  /** Without `?category=`, prefer this slug (the request's subdomain) over the first category. */
  preferredSlug?: string | null
}

/**
 * The category a manager screen shows: `?category=<id>` when it is one of the user's, else
 * their first one; null when they have none yet (the screen shows its empty state).
 */
export async function selectedCategory(services: { categories: CategoryService }, user: User, url: URL, options: SelectionOptions = {}) {
  const categories = flatten(await services.categories.tree(user))
  const param = url.searchParams.get('category')
  if (options.allowNone && param === NO_CATEGORY) return { categories, selected: null }
  const asked = Number(param)
  const preferred = param === null && options.preferredSlug ? categories.find((c) => c.slug === options.preferredSlug) : undefined
  const selected = categories.find((c) => c.id === asked) ?? preferred ?? categories[0] ?? null
  return { categories, selected }
}
