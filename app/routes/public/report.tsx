import { ArrowLeft, CheckCircle2, Flag } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { data, type AppLoadContext, type MetaDescriptor } from 'react-router'
import { VisitorReportForm } from '#app/components/reports/visitor-report-form.tsx'
import { localeFromParam, localizePath, type Locale } from '#app/i18n/config.ts'
import { addressingOf, routeAddress } from '#app/modules/addresses/route-address.ts'
import { readReportForm } from '#app/modules/reports/report-form.server.ts'
import type { ReportSubject } from '#app/modules/reports/reports.schema.ts'
import { AppError, type FieldErrors, type Message } from '#app/utils/errors.ts'
import { formFailure } from '#app/utils/forms.server.ts'
import type { Route } from './+types/report'
import { messageKey, type Translate } from '#app/i18n/keys.ts'

/** The services the load context carries (app/load-context.ts), typed without importing the server module. */
type Services = AppLoadContext['services']

// The report page, /report?route=&place=&qr=: "Report a problem here" without script.
// The map page's place sheet links here, and the forms of the map and plaque pages post here: a
// plain form, answered with a thank-you page in the visitor's language (no framework runtime).
export const handle = { hydrate: false, colorMode: 'light' }

type Query = { route?: string; place?: string; qr?: string }

function queryOf(url: URL): Query {
  const get = (name: string) => url.searchParams.get(name) ?? undefined
  return { route: get('route'), place: get('place'), qr: get('qr') }
}

/** Where "back" goes: the route's map page (at the place), else the plaque's page. */
function backPath(config: Services['config'], subject: ReportSubject, locale: Locale): string | null {
  if (subject.route) {
    const search = subject.place ? `?place=${subject.place.id}` : ''
    return routeAddress(addressingOf(config), 'map', { category: subject.route.categorySlug, slug: subject.route.slug }, { locale, search }).path
  }
  return subject.qrCode ? localizePath(`/q/${encodeURIComponent(subject.qrCode)}`, locale) : null
}

async function subjectOf(args: { request: Request; params: { lang?: string }; context: { services: Services } }, query: Query) {
  const locale = localeFromParam(args.params.lang)
  const subject = await args.context.services.reports.describe(query, locale)
  if (!subject) throw data(null, { status: 404, statusText: 'Not Found' })
  return { locale, subject, back: backPath(args.context.services.config, subject, locale) }
}

export async function loader(args: Route.LoaderArgs) {
  args.context.pageCacheTag = null
  const url = new URL(args.request.url)
  const { locale, subject, back } = await subjectOf(args, queryOf(url))
  // The form posts back to this address (its query names the subject again for the answer's page).
  return { locale, subject, back, self: `${url.pathname}${url.search}` }
}

type ActionResult = { done: true; message: Message } | { done: false; errors: FieldErrors; formError: Message | null; values: { kind?: string; message?: string } }

/** The form's post: the same service as the API (limit first, every field checked, the photo's upload checks). */
export async function action(args: Route.ActionArgs) {
  const { context, request } = args
  const locale = localeFromParam(args.params.lang)
  let values: { kind?: string; message?: string } = {}
  try {
    await context.services.reports.submit(context.clientIp, locale, async () => {
      const form = await readReportForm(request)
      if (!form) throw new AppError(400, { key: 'errors.bad_request' })
      const fields = form.fields as Record<string, string>
      values = { kind: fields.kind, message: fields.message }
      return form
    })
    return { done: true, message: { key: 'reports.thanks' } } satisfies ActionResult
  } catch (error) {
    // The forms' one reading of a service's failure (app/utils/forms.server.ts), with what was typed.
    const { data: failure, init } = formFailure(error)
    const result: ActionResult = { done: false, errors: failure.errors ?? {}, formError: failure.errors ? { key: 'reports.form.fixErrors' } : (failure.formError ?? null), values }
    return data(result, init ?? undefined)
  }
}

export function meta({ loaderData }: Route.MetaArgs): MetaDescriptor[] {
  return loaderData ? [{ name: 'robots', content: 'noindex' }] : []
}

function about(t: Translate, subject: ReportSubject): string {
  if (subject.place) return t('reports.form.aboutPlace', { name: subject.place.name })
  if (subject.qrCode) return t('reports.form.aboutPlaque', { code: subject.qrCode })
  return t('reports.form.aboutRoute', { name: subject.route?.name ?? '' })
}

export default function ReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { subject, back, locale, self } = loaderData
  const result = actionData as ActionResult | undefined
  const translate = (m: Message) => t(messageKey(m.key), m.values)
  return (
    <main lang={locale} className="mx-auto flex min-h-dvh max-w-md flex-col gap-4 bg-white px-5 py-8 text-gray-900">
      {back ? (
        <a href={back} className="-ml-2 inline-flex min-h-11 items-center gap-1.5 self-start rounded-lg px-2 text-sm font-medium text-primary-800 hover:bg-gray-100">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('reports.form.back')}
        </a>
      ) : null}
      {result?.done ? (
        <section role="status" data-testid="report-thanks" className="space-y-3 rounded-2xl bg-primary-50 p-6">
          <title>{`${t('reports.form.thanksTitle')} · Trailguide`}</title>
          <CheckCircle2 className="size-10 text-primary-700" aria-hidden="true" />
          <h1 className="text-2xl font-semibold">{t('reports.form.thanksTitle')}</h1>
          <p>{translate(result.message)}</p>
        </section>
      ) : (
        <>
          <title>{`${t('reports.form.pageTitle')} · Trailguide`}</title>
          <h1 className="flex items-center gap-2 text-2xl font-semibold">
            <Flag className="size-6 text-red-700" aria-hidden="true" />
            {t('reports.form.pageTitle')}
          </h1>
          <VisitorReportForm
            action={self}
            api={`/api/public/reports?locale=${locale}`}
            target={{ route: subject.route?.uuid, placeId: subject.place?.id, qrCode: subject.qrCode }}
            about={about(t, subject)}
            collapsible={false}
            errors={result && !result.done ? Object.fromEntries(Object.entries(result.errors).map(([name, list]) => [name, list.map(translate)])) : undefined}
            formError={result && !result.done && result.formError ? translate(result.formError) : null}
            values={result && !result.done ? result.values : undefined}
          />
        </>
      )}
    </main>
  )
}
