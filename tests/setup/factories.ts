import { randomBytes } from 'node:crypto'
import type { User } from '#app/db/schema.ts'
import type { CreateCategoryInput } from '#app/modules/categories/categories.schema.ts'
import type { Services } from '#app/services.server.ts'

const suffix = () => randomBytes(4).toString('hex')

/** A registered user with a live session token. */
export async function createUser(services: Services, overrides: { name?: string; email?: string; locale?: 'en' | 'fr' | 'de' | 'it' } = {}) {
  const email = overrides.email ?? `user-${suffix()}@example.org`
  const token = await services.auth.register(
    { name: overrides.name ?? 'Test User', email, password: 'a long enough password', locale: overrides.locale },
    `factory-${suffix()}`,
  )
  const user = (await services.auth.userForSession(token)) as User
  return { user, token }
}

/** A category owned by the user. */
export async function createCategory(services: Services, owner: User, overrides: Partial<CreateCategoryInput> = {}) {
  return services.categories.create(owner, { name: 'Lausanne', slug: `town-${suffix()}`, ...overrides })
}

/** Adds a user to a category with a role, as an accepted invitation would. */
export async function addMember(services: Services, categoryId: number, user: User, role: 'owner' | 'editor') {
  await services.db
    .insertInto('category_members')
    .values({ category_id: categoryId, user_id: user.id, role, created_at: new Date().toISOString() })
    .execute()
}
