import { clsx } from 'clsx'
import { useTranslation } from 'react-i18next'
import { data, Form, Link } from 'react-router'
import { Logo } from '#app/components/logo.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { PageTitle } from '#app/components/page-title.tsx'
import { useLocalePath } from '#app/i18n/use-locale.ts'
import type { Route } from './+types/monthly-report-unsubscribe'

type Outcome = 'confirm' | 'done' | 'invalid' | 'limited'

/**
 * The monthly report's unsubscribe link (and its List-Unsubscribe header): no sign-in, the token
 * proves whose report it is. Opening it (a GET, which mail scanners and link previews follow
 * too) only asks; the POST turns the report off: the page's button, or the mail client's own
 * one-click POST (RFC 8058). It can be turned on again in the user menu.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context
  const { allowed } = await services.rateLimiter.hitClient('unsubscribe', context.clientIp, services.config.RATE_LIMIT_UNSUBSCRIBE)
  if (!allowed) return data({ outcome: 'limited' as Outcome }, { status: 429 })
  const valid = services.monthlyReports.isUnsubscribeToken(params.token)
  return data({ outcome: (valid ? 'confirm' : 'invalid') as Outcome }, { status: valid ? 200 : 404 })
}

export async function action({ params, context }: Route.ActionArgs) {
  const { services } = context
  const { allowed } = await services.rateLimiter.hitClient('unsubscribe', context.clientIp, services.config.RATE_LIMIT_UNSUBSCRIBE)
  if (!allowed) return data({ outcome: 'limited' as Outcome }, { status: 429 })
  const done = await services.monthlyReports.unsubscribe(params.token)
  return data({ outcome: (done ? 'done' : 'invalid') as Outcome }, { status: done ? 200 : 404 })
}

export default function MonthlyReportUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const outcome = (actionData ?? loaderData).outcome
  const title = t('monthlyReport.unsubscribe.title')
  const message = {
    confirm: t('monthlyReport.unsubscribe.question'),
    done: t('monthlyReport.unsubscribe.done'),
    invalid: t('monthlyReport.unsubscribe.invalid'),
    limited: t('errors.too_many_requests'),
  }[outcome]
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <PageTitle title={title} />
      <Logo className="text-lg" />
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="text-gray-600 dark:text-gray-300" data-testid="unsubscribe-result" data-outcome={outcome}>
        {message}
      </p>
      {outcome === 'confirm' && (
        // A plain form: it works without JavaScript, as a mail's link is often opened.
        <Form method="post">
          <Button type="submit" data-testid="unsubscribe-confirm">
            {t('monthlyReport.unsubscribe.confirm')}
          </Button>
        </Form>
      )}
      {outcome === 'done' && <p className="text-sm text-gray-500 dark:text-gray-400">{t('monthlyReport.unsubscribe.again')}</p>}
      <Link
        className={outcome === 'confirm' ? clsx('rounded-lg px-4 py-2 text-sm font-medium', buttonVariants.secondary) : 'rounded-lg bg-primary-700 px-4 py-2 font-medium text-white hover:bg-primary-800'}
        to={localePath('/dashboard')}
      >
        {t('monthlyReport.unsubscribe.open')}
      </Link>
    </main>
  )
}
