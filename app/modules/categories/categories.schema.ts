import { z } from 'zod'
import { locales, type Locale } from '#app/i18n/config.ts'
import { singleLineName } from '#app/utils/single-line.ts'
import { CATEGORY_SLUG_MAX } from '#app/modules/addresses/slug-limits.ts'
import { CONTENT_LOCALES_MAX, contentLocaleSchema } from '#app/i18n/content-locale-schema.ts'

/** Names a category slug cannot take: they are, or may become, the app's own subdomains. */
export const reservedSlugs = new Set([
  'www', 'api', 'admin', 'app', 'apps', 'assets', 'static', 'cdn', 'mail', 'smtp', 'imap', 'ftp',
  'dashboard', 'auth', 'login', 'help', 'support', 'status', 'docs', 'blog', 'dev', 'staging', 'prod',
  'test', 'uploads', 'media', 'img', 'images', 'm', 'q', 'r',
])


/**
 * A slug that can be a DNS label: lowercase letters, digits and inner hyphens, 2 to 63 long.
 * Each check stops the next: one message per wrong address (an empty one is "required" only).
 */
export const categorySlugSchema = z
  .string()
  .trim()
  .min(1, { abort: true })
  .max(CATEGORY_SLUG_MAX, { abort: true })
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, { error: 'validation.slug', abort: true })
  .refine((slug) => slug.length >= 2, { error: 'validation.slug', abort: true })
  .refine((slug) => !reservedSlugs.has(slug), { error: 'validation.slug_reserved' })

export const categoryRoleSchema = z.enum(['owner', 'editor'])
const id = z.number().int().positive()

export const createCategorySchema = z.strictObject({
  name: singleLineName(120),
  slug: categorySlugSchema,
  parent_id: id.nullable().optional(),
  fallback_locale: z.enum(locales).optional(),
  content_locales: z.array(contentLocaleSchema).max(CONTENT_LOCALES_MAX).optional(),
})

export const updateCategorySchema = z
  .strictObject({
    name: singleLineName(120).optional(),
    slug: categorySlugSchema.optional(),
    parent_id: id.nullable().optional(),
    fallback_locale: z.enum(locales).optional(),
    /** The category's content languages (ADR 043), canonical BCP 47 tags; the fallback is always one of them. */
    content_locales: z.array(contentLocaleSchema).max(CONTENT_LOCALES_MAX).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { error: 'validation.nothing_to_update' })

export const inviteMemberSchema = z.strictObject({
  email: z.string().trim().min(1).max(254).pipe(z.email({ error: 'validation.email' })).transform((v) => v.toLowerCase()),
  role: categoryRoleSchema.default('editor'),
})

export const changeRoleSchema = z.strictObject({ role: categoryRoleSchema })

export type CreateCategoryInput = z.output<typeof createCategorySchema>
export type UpdateCategoryInput = z.output<typeof updateCategorySchema>
export type InviteMemberInput = z.output<typeof inviteMemberSchema>

/** A category in a manager screen's picker (the tree flattened, children under their parent). */
export interface CategoryOption {
  id: number
  name: string
  slug: string
  depth: number
  /** The language its routes are written in first (the editors open on it). */
  fallbackLocale: Locale
  /** Its content languages, the fallback first (ADR 043): the editors' language tabs. */
  contentLocales: string[]
}

// ---- What the categories API answers (the OpenAPI document is generated from these) and so the
// types of those answers (ADR 035).

/** A route of a category in GET /place-categories?include_routes=true. */
export const categoryRouteSchema = z.object({ uuid: z.string(), slug: z.string(), name: z.string().nullable(), status: z.string(), color: z.string() })

/** A category with the caller's role and its subcategories (recursive: named in the document). */
export const categoryNodeSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    parent_id: z.number().int().nullable(),
    fallback_locale: z.string(),
    content_locales: z.array(z.string()).describe('The content languages (BCP 47), the fallback first (ADR 043)'),
    role: categoryRoleSchema,
    get children() {
      return z.array(categoryNodeSchema).describe('Subcategories the caller is a member of')
    },
    routes: z.array(categoryRouteSchema).optional(),
  })
  .meta({ id: 'PlaceCategory' })

export const categoryMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  photo: z.object({ profile_avatar: z.string().nullable() }),
  role: categoryRoleSchema,
  joined_at: z.string(),
})

export const categoryInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.string().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
})

export type CategoryRouteView = z.infer<typeof categoryRouteSchema>
export type CategoryNode = z.infer<typeof categoryNodeSchema>
export type CategoryMemberView = z.infer<typeof categoryMemberSchema>
export type CategoryInvitationView = z.infer<typeof categoryInvitationSchema>

/** `?category=none` on /map: the map editor's "nothing selected" (selecting a category again deselects it). */
export const NO_CATEGORY = 'none'
