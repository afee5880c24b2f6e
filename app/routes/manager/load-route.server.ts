import type { LoaderFunctionArgs } from 'react-router'
import { localeFromParam } from '#app/i18n/config.ts'
import { addressingOf } from '#app/modules/addresses/route-address.ts'
import { requireUser } from '#app/modules/auth/guards.ts'
import { selectedCategory } from '#app/modules/categories/selected-category.server.ts'
import type { RouteSummaryView, RouteView } from '#app/modules/walks/walk-responses.schema.ts'

/**
 * What /landing and /branding load: the user's categories, the selected one's routes and the
 * selected route in full (`?route=<uuid>` when it is one of them, else the first).
 */
export async function loadRouteScreen(args: LoaderFunctionArgs) {
  const user = requireUser(args)
  const { services } = args.context
  const url = new URL(args.request.url)
  const locale = localeFromParam(args.params.lang)
  const { categories, selected } = await selectedCategory(services, user, url)
  // How public pages are addressed, for the preview's links (ADR 011).
  const addressing = addressingOf(services.config)
  // The History panel says how long revisions are kept (ADR 111).
  const revisionsDays = services.config.REVISIONS_DAYS
  // The assistant's translation drafts (ADR 043) are offered only where a provider is configured.
  const aiTexts = Boolean(services.config.AI_BASE_URL)
  if (!selected) return { categories, category: null, routes: [] as RouteSummaryView[], route: null, addressing, revisionsDays, aiTexts }
  const routes: RouteSummaryView[] = await services.walks.listForCategory(user, selected.id, locale)
  const chosen = routes.find((r) => r.uuid === url.searchParams.get('route')) ?? routes[0]
  const route: RouteView | null = chosen ? await services.walks.get(user, chosen.uuid, locale) : null
  return { categories, category: selected, routes, route, addressing, revisionsDays, aiTexts }
}
