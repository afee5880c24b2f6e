import { z } from 'zod'

// The activity log of a category (ADR 115): what the API answers, the screen shows and the CSV
// holds. One schema per payload, shared by the API, the screen's loader and the browser.

/** What an entry is about: the "kind" filter of the screen and the API. */
export const ACTIVITY_KINDS = ['route', 'place', 'qr_code', 'member', 'import', 'branding', 'landing', 'report', 'category'] as const
export type ActivityKind = (typeof ACTIVITY_KINDS)[number]

/** Every action recorded, `<kind>.<what happened>`. */
export const ACTIVITY_ACTIONS = [
  'route.created',
  'route.edited',
  'route.published',
  'route.unpublished',
  'route.trashed',
  'route.restored',
  'route.version_restored',
  'route.deleted',
  'place.added',
  'place.moved',
  'place.edited',
  'place.trashed',
  'place.restored',
  'place.version_restored',
  'place.deleted',
  'qr_code.activated',
  'qr_code.linked',
  'qr_code.unlinked',
  'qr_code.trashed',
  'qr_code.restored',
  'qr_code.deleted',
  'member.invited',
  'member.role_changed',
  'member.removed',
  'import.committed',
  'branding.changed',
  'landing.changed',
  'report.resolved',
  'report.reopened',
  'category.trashed',
  'category.restored',
] as const
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number]

export const kindOfAction = (action: ActivityAction): ActivityKind => action.slice(0, action.indexOf('.')) as ActivityKind

/** The facts a sentence needs besides the label: an import's counts, a member's new role, what a report was. */
export const activityDetailsSchema = z.object({
  places: z.number().int().optional().describe('import.committed: places created'),
  routes: z.number().int().optional().describe('import.committed: routes created'),
  role: z.enum(['owner', 'editor']).optional().describe('member.invited, member.role_changed: the role'),
  report_kind: z.string().optional().describe('report.*: what the report was about (never its text)'),
  slug: z.string().optional().describe('route.restored: the address it has now when its own was taken'),
})
export type ActivityDetails = z.infer<typeof activityDetailsSchema>

export const activityEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string().describe('When, an ISO 8601 instant (UTC)'),
  kind: z.enum(ACTIVITY_KINDS),
  action: z.enum(ACTIVITY_ACTIONS),
  member: z.object({ id: z.number().int(), name: z.string() }).nullable().describe('Who; null once their account is deleted'),
  item_id: z.number().int().nullable(),
  label: z.string().describe('The item as it was named then (a route’s name, a plaque’s code, a member’s name)'),
  details: activityDetailsSchema,
  summary: z.string().describe('The entry as a sentence, in the caller’s language'),
})
export type ActivityEntryView = z.infer<typeof activityEntrySchema>

export const ACTIVITY_PER_PAGE = 50

const day = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), { message: 'validation.format' })

/** The filters, as the URL of the screen and the API's query carry them. Days are the trails' (TIME_ZONE) calendar days, both included. */
export const activityQuery = z
  .object({
    member: z.coerce.number().int().min(1).max(2_147_483_647).optional().describe('A member’s user id'),
    kind: z.enum(ACTIVITY_KINDS).optional(),
    from: day.optional().describe('First day, YYYY-MM-DD in the trails’ time zone'),
    to: day.optional().describe('Last day, YYYY-MM-DD in the trails’ time zone'),
    page: z.coerce.number().int().min(1).max(100_000).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'activity.errors.period' })
export type ActivityFilters = z.infer<typeof activityQuery>

export const activityListSchema = z.object({
  data: z.array(activityEntrySchema),
  meta: z.object({
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int().describe('Entries that match the filters'),
    activity_days: z.number().int().describe('ACTIVITY_DAYS: how long an entry is kept'),
    members: z.array(z.object({ id: z.number().int(), name: z.string() })).describe('Who appears in the log (the member filter’s choices)'),
  }),
})
export type ActivityListView = z.infer<typeof activityListSchema>
