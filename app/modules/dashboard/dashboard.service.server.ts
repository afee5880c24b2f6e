import type { DB } from '#app/db/db.server.ts'
import type { User } from '#app/db/schema.ts'
import type { CategoryNode } from '#app/modules/categories/categories.schema.ts'
import type { CategoryService } from '#app/modules/categories/categories.service.server.ts'
import type { ReportService } from '#app/modules/reports/reports.service.server.ts'
import { DashboardRepo, type DayRange } from './dashboard.repo.server.ts'
import { DASHBOARD_DAYS, type Dashboard, type DashboardCategory } from './dashboard.schema.ts'

/** The last `days` UTC days up to and including the day of `now` (the roll-ups' days are UTC). */
export function lastDays(now: Date, days: number): DayRange {
  const to = now.toISOString().slice(0, 10)
  const from = new Date(`${to}T00:00:00.000Z`)
  from.setUTCDate(from.getUTCDate() - (days - 1))
  return { from: from.toISOString().slice(0, 10), to }
}

/** The manager dashboard: one summary per category of the user, in a fixed number of queries. */
export class DashboardService {
  constructor(private readonly deps: { db: DB; categories: CategoryService; reports: ReportService }) {}

  async summary(user: User, now: Date = new Date()): Promise<Dashboard> {
    const range = lastDays(now, DASHBOARD_DAYS)
    const repo = new DashboardRepo(this.deps.db)
    // Six queries whatever the number of categories: the tree, then one grouped count per kind.
    const [tree, routes, places, qrCodes, visitors, openReports] = await Promise.all([
      this.deps.categories.tree(user),
      repo.routeCounts(user.id),
      repo.placeCounts(user.id),
      repo.qrCodeCounts(user.id),
      repo.visitorCounts(user.id, range),
      this.deps.reports.openCounts(user.id),
    ])
    const summarise = (node: CategoryNode): DashboardCategory => ({
      id: node.id,
      slug: node.slug,
      name: node.name,
      parent_id: node.parent_id,
      role: node.role,
      routes: routes.get(node.id) ?? { published: 0, draft: 0 },
      places: places.get(node.id) ?? 0,
      qr_codes: qrCodes.get(node.id) ?? { activated: 0, total: 0 },
      last_30_days: visitors.get(node.id) ?? { views: 0, likes: 0 },
      open_reports: openReports.get(node.id) ?? 0,
      children: node.children.map(summarise),
    })
    return { period: { ...range, days: DASHBOARD_DAYS }, categories: tree.map(summarise) }
  }
}
