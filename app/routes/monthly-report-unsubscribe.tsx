import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import { Logo } from '#app/components/logo.tsx'
import { PageTitle } from '#app/components/page-title.tsx'
import { useLocalePath } from '#app/i18n/use-locale.ts'
import type { Route } from './+types/monthly-report-unsubscribe'

type Outcome = 'done' | 'invalid' | 'limited'

/**
 * The monthly report's one-click link (and its List-Unsubscribe header): no sign-in, the
 * token proves whose report it is. A GET (the link) and a POST (RFC 8058, the mail client's own
 * button) both turn the report off; it can be turned on again in the user menu.
 */
async function unsubscribe({ params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { services } = context
  const { allowed } = await services.rateLimiter.hit(`unsubscribe:${context.clientIp}`, services.config.RATE_LIMIT_UNSUBSCRIBE)
  if (!allowed) return data({ outcome: 'limited' as Outcome }, { status: 429 })
  const done = await services.monthlyReports.unsubscribe(params.token)
  return data({ outcome: (done ? 'done' : 'invalid') as Outcome }, { status: done ? 200 : 404 })
}

export const loader = (args: Route.LoaderArgs) => unsubscribe(args)
export const action = (args: Route.ActionArgs) => unsubscribe(args)

export default function MonthlyReportUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const outcome = (actionData ?? loaderData).outcome
  const title = t('monthlyReport.unsubscribe.title')
  const message = { done: t('monthlyReport.unsubscribe.done'), invalid: t('monthlyReport.unsubscribe.invalid'), limited: t('errors.too_many_requests') }[outcome]
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <PageTitle title={title} />
      <Logo className="text-lg" />
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="text-gray-600 dark:text-gray-300" data-testid="unsubscribe-result" data-outcome={outcome}>
        {message}
      </p>
      {outcome === 'done' && <p className="text-sm text-gray-500 dark:text-gray-400">{t('monthlyReport.unsubscribe.again')}</p>}
      <Link className="rounded-lg bg-primary-700 px-4 py-2 font-medium text-white hover:bg-primary-800" to={localePath('/dashboard')}>
        {t('monthlyReport.unsubscribe.open')}
      </Link>
    </main>
  )
}
