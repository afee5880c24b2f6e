import { Download, ExternalLink } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { CategoryPicker } from '#app/components/category-picker.tsx'
import { EmptyState } from '#app/components/landing-editor/empty-state.tsx'
import { namedLocales } from '#app/components/landing-editor/landing-changes.ts'
import { ScreenHeader } from '#app/components/screen-header.tsx'
import { NoticeBadge } from '#app/components/notice-badge.tsx'
import { localeFromParam, locales } from '#app/i18n/config.ts'
import { useLocalePath } from '#app/i18n/use-locale.ts'
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
    named: namedLocales(r.translations),
    landingUrl: page('landing', r.slug),
    mapUrl: page('map', r.slug),
    landingQr: qrOf(r.route_landing_page_qr_codes),
    mapQr: qrOf(r.route_map_page_qr_codes),
  }))
  const api = `${new URL(services.config.BASE_URL).origin}/api/public/categories/${encodeURIComponent(selected.slug)}`
  const embed = { origin: categoryOrigin(addressing, selected.slug), slug: selected.slug, name: selected.name, json: api, geojson: `${api}/geojson` }
  return { categories, category: selected, routes, embed }
}

type Row = Route.ComponentProps['loaderData']['routes'][number]

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

function RoutesTable({ routes, categoryId }: { routes: Row[]; categoryId: number }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 dark:border-gray-800">
      <table className="w-full min-w-[44rem] text-left text-sm" data-testid="landing-list">
        <caption className="sr-only">{t('nav.landingList')}</caption>
        <thead className="bg-gray-50 text-gray-600 dark:bg-gray-900 dark:text-gray-300">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">{t('landingList.route')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('landingEditor.statusLabel')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('landingList.languages')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('landingList.landingPage')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('landingList.mapPage')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
          {routes.map((r) => (
            <tr key={r.uuid} data-testid="landing-list-row" data-slug={r.slug} className="align-top">
              <th scope="row" className="px-3 py-3 font-medium">
                <a href={localePath(`/landing?category=${categoryId}&route=${r.uuid}`)} className="text-primary-700 underline dark:text-primary-300">
                  {r.name}
                </a>
              </th>
              <td className="px-3 py-3">
                <span className="inline-flex flex-wrap gap-1">
                  <StatusBadge status={r.status} />
                  <NoticeBadge notice={r.notice} />
                </span>
              </td>
              <td className="px-3 py-3">
                <Coverage named={r.named} />
              </td>
              <td className="px-3 py-3">
                <PageLinks url={r.landingUrl} qr={r.landingQr} label={t('landingList.landingPage')} name={r.name} />
              </td>
              <td className="px-3 py-3">
                <PageLinks url={r.mapUrl} qr={r.mapQr} label={t('landingList.mapPage')} name={r.name} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation()
  const published = status === 'published'
  return (
    <span
      className={
        published
          ? 'rounded-full bg-primary-100 px-2 py-0.5 text-xs font-medium text-primary-800 dark:bg-primary-900 dark:text-primary-100'
          : 'rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700 dark:bg-gray-800 dark:text-gray-200'
      }
    >
      {t(published ? 'landingEditor.status.published' : 'landingEditor.status.draft')}
    </span>
  )
}

/** fr/en/de/it, crossed out when the route has no name in that language (text says it too). */
function Coverage({ named }: { named: string[] }) {
  const { t } = useTranslation()
  return (
    <ul className="flex gap-1" aria-label={t('landingList.languages')}>
      {locales.map((l) => {
        const has = named.includes(l)
        return (
          <li
            key={l}
            data-testid={`coverage-${l}`}
            data-covered={has}
            className={has ? 'rounded bg-primary-700 px-1.5 py-0.5 text-xs font-semibold text-white uppercase' : 'rounded border border-gray-300 px-1.5 py-0.5 text-xs text-gray-500 uppercase line-through dark:border-gray-700'}
          >
            {l}
            <span className="sr-only"> {has ? t('landingList.translated') : t('landingList.missing')}</span>
          </li>
        )
      })}
    </ul>
  )
}

function PageLinks({ url, qr, label, name }: { url: string; qr: { id: number; svg: string } | null; label: string; name: string }) {
  const { t } = useTranslation()
  return (
    <div className="flex items-start gap-3">
      {qr ? <img src={qr.svg} alt={t('landingList.qrOf', { page: label, name })} className="size-16 rounded border border-gray-200 bg-white p-1 dark:border-gray-700" loading="lazy" /> : null}
      <div className="flex flex-col gap-1">
        <a href={url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-primary-700 underline dark:text-primary-300" data-testid="page-link">
          {t('landingList.open')}
          <ExternalLink className="size-3.5" aria-hidden />
        </a>
        {qr ? (
          <span className="flex gap-2">
            <a href={`/api/route-qr-codes/${qr.id}/image.svg`} download className="inline-flex items-center gap-1 text-xs underline" data-testid="qr-svg">
              <Download className="size-3" aria-hidden />
              SVG
            </a>
            <a href={`/api/route-qr-codes/${qr.id}/image.png`} download className="inline-flex items-center gap-1 text-xs underline" data-testid="qr-png">
              <Download className="size-3" aria-hidden />
              PNG
            </a>
          </span>
        ) : (
          <span className="text-xs text-gray-500">{t('landingList.noQr')}</span>
        )}
      </div>
    </div>
  )
}
