import { useTranslation } from 'react-i18next'
import { data, Form, Link, useLocation } from 'react-router'
import { PageTitle } from '#app/components/page-title.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { useLocalePath } from '#app/i18n/use-locale.ts'
import { assertLocaleParam } from '#app/modules/auth/guards.ts'
import { redirectSignedIn } from '#app/modules/auth/session-response.server.ts'
import type { AppLoadContext } from 'react-router'
import { sameOriginPath } from '#app/utils/redirect-target.ts'
import type { Route } from './+types/temp-token'

type PageState = { state: 'expired' } | { state: 'bad-link' } | { state: 'switch'; name: string }

/**
 * Opens a session from a single-use temporary token (a QR code shown on the desktop, scanned by
 * a phone), then goes on to `redirectTo`. A `redirectTo` that is not a path of this site refuses
 * the link before the token is used. With a session of another account already open, the link
 * could be someone else's (signing the victim into the attacker's account): it asks first, and
 * only the confirmation (a same-origin POST) switches.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  assertLocaleParam(params)
  const redirectTo = redirectTarget(request)
  if (redirectTo === undefined) return data<PageState>({ state: 'bad-link' }, { status: 400 })
  if (context.user) {
    const owner = await context.services.auth.tempTokenUserId(params.token)
    if (owner === null) return data<PageState>({ state: 'expired' }, { status: 410 })
    if (owner !== context.user.id) return data<PageState>({ state: 'switch', name: context.user.name })
  }
  return signIn(context, params.token, redirectTo)
}

/** The confirmation of the account switch. */
export async function action({ params, context, request }: Route.ActionArgs) {
  assertLocaleParam(params)
  const redirectTo = redirectTarget(request)
  if (redirectTo === undefined) return data<PageState>({ state: 'bad-link' }, { status: 400 })
  return signIn(context, params.token, redirectTo)
}

/** The link's `redirectTo`: null when absent, undefined when it is not a path of this site. */
function redirectTarget(request: Request): string | null | undefined {
  const asked = new URL(request.url).searchParams.get('redirectTo')
  if (asked === null || asked === '') return null
  return sameOriginPath(asked) ?? undefined
}

async function signIn(context: AppLoadContext, token: string, redirectTo: string | null) {
  // Used, expired or unknown: 410, this page; over the sign-in limit: the 429 error page (ADR 080).
  const session = await context.services.auth.tryExchangeTempToken(token, context.clientIp)
  if (session === null) return data<PageState>({ state: 'expired' }, { status: 410 })
  // The session this browser had is ended on the server too, not just replaced in the cookie.
  if (context.token) await context.services.auth.logout(context.token)
  return redirectSignedIn(context.services, session, redirectTo)
}

export default function TempToken({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const location = useLocation()
  const page = (actionData ?? loaderData) as PageState
  const link = 'text-primary-700 underline underline-offset-2 dark:text-primary-400'
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      {page.state === 'switch' ? (
        <>
          <PageTitle title={t('security.tempSwitch.title')} />
          <h1 className="text-xl font-semibold">{t('security.tempSwitch.title')}</h1>
          <p className="text-gray-600 dark:text-gray-300">{t('security.tempSwitch.question', { name: page.name })}</p>
          {/* Posts to this very address: the token and its redirectTo travel in it. */}
          <Form method="post" action={location.pathname + location.search} className="flex flex-col items-center gap-3">
            <Button type="submit" data-testid="temp-switch-confirm">
              {t('security.tempSwitch.confirm')}
            </Button>
            <Link className={link} to={localePath('/dashboard')}>
              {t('security.tempSwitch.cancel', { name: page.name })}
            </Link>
          </Form>
        </>
      ) : (
        <>
          <PageTitle title={t('auth.temp.title')} />
          <h1 className="text-xl font-semibold">{t('auth.temp.title')}</h1>
          <p className="text-gray-600 dark:text-gray-300" data-testid="temp-message">
            {page.state === 'bad-link' ? t('security.tempBadLink') : t('auth.temp.expired')}
          </p>
          <Link className={link} to={localePath('/auth/login')}>
            {t('auth.backToLogin')}
          </Link>
        </>
      )}
    </main>
  )
}
