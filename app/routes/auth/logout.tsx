import { useTranslation } from 'react-i18next'
import { Form, Link, redirect } from 'react-router'
import { PageTitle } from '#app/components/page-title.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { useLocalePath } from '#app/i18n/use-locale.ts'
import { localeFromParam, localizePath } from '#app/i18n/config.ts'
import { assertLocaleParam } from '#app/modules/auth/guards.ts'
import { sessionCookie } from '#app/platform/http/session-cookie.server.ts'
import { forgetKeptPages } from '#app/visitor/forget-kept-pages.client.ts'
import type { Route } from './+types/logout'

/**
 * Logout revokes the token on the server, clears the cookie and opens the login page (spec
 * section 4). Only a POST signs out, and the server refuses one sent by another site with the
 * cookie (server/http-app.ts): a link, an image or a form elsewhere cannot sign anyone out.
 */
export async function action({ context, params }: Route.ActionArgs) {
  assertLocaleParam(params)
  if (context.token) await context.services.auth.logout(context.token)
  return redirect(localizePath('/auth/login', localeFromParam(params.lang)), {
    headers: { 'Set-Cookie': sessionCookie(context.services.config, null) },
  })
}

/** Opened as a page (a typed or linked address): asks first, with a button that posts. */
export function loader({ context, params }: Route.LoaderArgs) {
  assertLocaleParam(params)
  if (!context.user) throw redirect(localizePath('/auth/login', localeFromParam(params.lang)))
  return null
}

export default function Logout() {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <PageTitle title={t('security.logout.title')} />
      <h1 className="text-xl font-semibold">{t('security.logout.title')}</h1>
      <p className="text-gray-600 dark:text-gray-300">{t('security.logout.question')}</p>
      <Form method="post" className="flex flex-wrap items-center justify-center gap-3" onSubmit={() => void forgetKeptPages()}>
        <Button type="submit" data-testid="logout-confirm">
          {t('security.logout.confirm')}
        </Button>
        <Link className="text-primary-700 underline underline-offset-2 dark:text-primary-400" to={localePath('/dashboard')}>
          {t('security.logout.cancel')}
        </Link>
      </Form>
    </main>
  )
}
