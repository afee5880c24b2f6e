import { z } from 'zod'

/** The days the dashboard's visitor figures cover, today (UTC, like the roll-ups) included. */
export const DASHBOARD_DAYS = 30

/** A category of the caller with its figures and its subcategories (recursive: named in the document). */
export const dashboardCategorySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    parent_id: z.number().int().nullable(),
    role: z.enum(['owner', 'editor']),
    routes: z.object({ published: z.number().int(), draft: z.number().int() }),
    places: z.number().int(),
    qr_codes: z.object({ activated: z.number().int(), total: z.number().int() }),
    last_30_days: z.object({ views: z.number().int(), likes: z.number().int() }),
    open_reports: z.number().int().describe('Visitor reports of the category still open'),
    get children() {
      return z.array(dashboardCategorySchema).describe('Subcategories the caller is a member of')
    },
  })
  .meta({ id: 'DashboardCategory' })

export const dashboardSchema = z.object({
  period: z.object({
    from: z.string().describe('First day counted (YYYY-MM-DD, UTC)'),
    to: z.string().describe('Last day counted: today (YYYY-MM-DD, UTC)'),
    days: z.number().int(),
  }),
  categories: z.array(dashboardCategorySchema),
})

export type DashboardCategory = z.infer<typeof dashboardCategorySchema>
export type Dashboard = z.infer<typeof dashboardSchema>
