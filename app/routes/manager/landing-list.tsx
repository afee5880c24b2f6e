import { useTranslation } from 'react-i18next'
import { CategoryPicker } from '#app/components/category-picker.tsx'
import { EmptyState } from '#app/components/landing-editor/empty-state.tsx'
import { namedLocales } from '#app/components/landing-editor/landing-changes.ts'
import { RoutesTable } from '#app/components/landing-list/routes-table.tsx'
import { ScreenHeader } from '#app/components/screen-header.tsx'
import { localeFromParam } from '#app/i18n/config.ts'
import { requireUser } from '#app/modules/auth/guards.ts'
import { selectedCategory } from '#app/modules/categories/selected-category.server.ts'
import { addressingOf, categoryOrigin, routeAddress } from '#app/modules/addresses/route-address.ts'
import { EmbedPanel } from '#app/components/landing-editor/embed-panel.tsx'
import type { RouteQrCodeView } from '#app/modules/walks/walk-responses.schema.ts'
import type { Route } from './+types/landing-list'

const qrOf = (codes: RouteQrCodeView[]) => {
  const qr = codes[0]
  return qr ? { id: qr.id, svg: qr.qr_code_image_svg_url } : null
}

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args)
  const { services } = args.context
  const locale = localeFromParam(args.params.lang)
  const { categories, selected } = await selectedCategory(services, user, new URL(args.request.url))
  if (!selected) return { categories, category: null, routes: [], embed: null }
  const summaries = await services.walks.listForCategory(user, selected.id, locale)
  // The full routes hold the translations and QR codes; a category has tens of routes, not thousands.
  const full = await Promise.all(summaries.map((s) => services.walks.get(user, s.uuid, locale)))
  const addressing = addressingOf(services.config)
  const page = (kind: 'landing' | 'map', slug: string) => routeAddress(addressing, kind, { category: selected.slug, slug }, { locale }).url
  const routes = full.map((r) => ({
    uuid: r.uuid,
    slug: r.slug,
    name: r.name ?? r.slug,
    status: r.status,
    notice: r.notice,
    named: namedLocales(r.translations, selected.contentLocales),
    landingUrl: page('landing', r.slug),
    mapUrl: page('map', r.slug),
    landingQr: qrOf(r.route_landing_page_qr_codes),
    mapQr: qrOf(r.route_map_page_qr_codes),
  }))
  const api = `${new URL(services.config.BASE_URL).origin}/api/public/categories/${encodeURIComponent(selected.slug)}`
  const embed = { origin: categoryOrigin(addressing, selected.slug), slug: selected.slug, name: selected.name, json: api, geojson: `${api}/geojson` }
  return { categories, category: selected, routes, embed }
}

export default function LandingList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { categories, category, routes, embed } = loaderData
  return (
    <>
      <ScreenHeader title={t('nav.landingList')} description={t('screens.landingList')} />
      {!category ? (
        <EmptyState text={t('categories.none')} />
      ) : (
        <div className="flex flex-col gap-6">
          <CategoryPicker categories={categories} selectedId={category.id} />
          {routes.length === 0 ? <EmptyState text={t('landingEditor.noRoutes')} /> : <RoutesTable routes={routes} categoryId={category.id} />}
          {embed ? <EmbedPanel target={embed} /> : null}
        </div>
      )}
    </>
  )
}
