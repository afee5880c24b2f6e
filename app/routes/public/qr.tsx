import { QrCode } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { data, redirect } from 'react-router'
import { QrActivation } from '#app/components/public-map/qr-activation.tsx'
import { VisitorReportForm } from '#app/components/reports/visitor-report-form.tsx'
import { localeFromParam, localizePath, type Locale } from '#app/i18n/config.ts'
import { useLocalePath } from '#app/i18n/use-locale.ts'
import { addressingOf, routeAddress } from '#app/modules/addresses/route-address.ts'
import { textDirection } from '#app/i18n/content-locales.ts'
import { readContentWish } from '#app/platform/locale/content-wish.ts'
import { readPageQuery } from '#app/utils/page-query.ts'
import type { Route } from './+types/qr'

/**
 * A scanned plaque (its code in any case: people type them). Activated: counts a scan of the
 * plaque (a place visit) and goes (302) to the canonical map page (ADR 011) of the place's first published route,
 * focused on it; with no published route, a card of the place and its secrets. Not activated:
 * the activation flow for members of its category, a friendly page for visitors. Unknown: 404.
 * Members' own scans are not counted, nor bots', nor scans over the address's limit
 * (RATE_LIMIT_QR_SCANS): those still lead to the page.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, user } = context
  const qr = await services.qrCodes.resolve(params.code)
  if (!qr) throw data(null, { status: 404, statusText: 'Not Found' })
  const locale = localeFromParam(params.lang)
  const isMember = user ? (await services.categories.access.categoryIdsOf(user.id)).includes(qr.category_id) : false
  if (qr.place_id === null) return isMember ? { kind: 'activate' as const, code: qr.code } : { kind: 'inactive' as const, code: qr.code, locale }

  const places = services.publicPlaces
  const route = await places.firstPublishedRoute(qr.place_id)
  if (!isMember) {
    const visitor = { ip: context.clientIp, userAgent: request.headers.get('user-agent') ?? '' }
    // The scan and the route view it opens are counted here, at the resolve (ADR 025): the map
    // page the redirect leads to counts no view, and its address stays the canonical one.
    await services.stats.recordScan({ categoryId: qr.category_id, walkId: route?.id ?? null, placeId: qr.place_id, qrCodeId: qr.id }, visitor)
  }
  if (route) {
    const addressing = addressingOf(services.config)
    const target = routeAddress(addressing, 'map', { category: route.category_slug, slug: route.slug }, { locale, search: `?place=${qr.place_id}` })
    throw redirect(addressing.subdomains ? target.url : target.path, 302)
  }
  const place = (await places.place(qr.place_id))!
  // Its stories in the visitor's content language, else the category's fallback (ADR 043, 044).
  const languages = places.storyLanguagesOf(place, { lang: readPageQuery(new URL(request.url).searchParams).lang, wish: readContentWish(request.headers), ui: locale })
  const secrets = ((await places.secretsByPlace([place.id], languages))[place.id] ?? []).map((s) => {
    const lang = s.locale ?? languages.fallback
    return { id: s.id, title: s.title, text: s.text, lang, dir: textDirection(lang) }
  })
  return { kind: 'place' as const, code: qr.code, locale, place: { id: place.id, name: place.name }, secrets }
}

export const meta = () => [{ name: 'robots', content: 'noindex' }]

function Card({ children }: { children: React.ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 px-5 py-10">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800">{children}</div>
    </main>
  )
}

/** "Report a problem here" about this plaque; sent to the API once the page runs its script. */
function PlaqueReport({ code, locale }: { code: string; locale: Locale }) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (ref.current) void import('#app/visitor/report-form.client.ts').then(({ enhanceReportForm }) => ref.current && enhanceReportForm(ref.current))
  }, [])
  return (
    <div ref={ref} className="mt-5">
      <VisitorReportForm
        action={`${localizePath('/report', locale)}?qr=${encodeURIComponent(code)}`}
        api={`/api/public/reports?locale=${locale}`}
        target={{ qrCode: code }}
        about={t('reports.form.aboutPlaque', { code })}
        collapsible
      />
    </div>
  )
}

export default function QrPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  if (loaderData.kind === 'place') {
    return (
      <Card>
        <title>{`${loaderData.place.name} · Trailguide`}</title>
        <h1 className="text-2xl font-semibold">{loaderData.place.name}</h1>
        <ul className="mt-4 space-y-3">
          {loaderData.secrets.map((s) => (
            <li key={s.id} lang={s.lang} dir={s.dir} data-testid="story" className="rounded-xl bg-amber-50 p-3 dark:bg-amber-950/40">
              <h2 className="font-semibold">{s.title}</h2>
              <p className="mt-1 text-sm whitespace-pre-line">{s.text}</p>
            </li>
          ))}
        </ul>
        {loaderData.secrets.length === 0 && <p className="mt-3 text-gray-600 dark:text-gray-300">{t('publicMap.noSecrets')}</p>}
        <PlaqueReport code={loaderData.code} locale={loaderData.locale} />
      </Card>
    )
  }
  if (loaderData.kind === 'activate') {
    const code = loaderData.code
    return (
      <Card>
        <title>{`${t('qrPage.activate.title')} · Trailguide`}</title>
        <h1 className="mb-3 flex items-center gap-2 text-2xl font-semibold">
          <QrCode className="size-6" aria-hidden="true" />
          {t('qrPage.activate.title')}
        </h1>
        <QrActivation code={code} onDone={() => window.location.assign(localePath(`/q/${encodeURIComponent(code)}`))} />
      </Card>
    )
  }
  return (
    <Card>
      <title>{`${t('qrPage.inactive.title')} · Trailguide`}</title>
      <QrCode className="mb-3 size-10 text-primary-600" aria-hidden="true" />
      <h1 className="text-2xl font-semibold">{t('qrPage.inactive.title')}</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-200">{t('qrPage.inactive.text')}</p>
      <PlaqueReport code={loaderData.code} locale={loaderData.locale} />
    </Card>
  )
}
