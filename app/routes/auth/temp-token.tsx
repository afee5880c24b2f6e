import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import { PageTitle } from '#app/components/page-title.tsx'
import { useLocalePath } from '#app/i18n/use-locale.ts'
import { redirectSignedIn } from '#app/modules/auth/session-response.server.ts'
import { AppError } from '#app/utils/errors.ts'
import type { Route } from './+types/temp-token'

/**
 * Opens a session from a single-use temporary token (a QR code shown on the desktop, scanned by
 * a phone), then goes on to `redirectTo`.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  try {
    const token = await context.services.auth.exchangeTempToken(params.token, context.clientIp)
    return await redirectSignedIn(context.services, token, new URL(request.url).searchParams.get('redirectTo'))
  } catch (error) {
    if (error instanceof AppError) return data({ status: error.status }, { status: error.status === 422 ? 410 : error.status })
    throw error
  }
}

export default function TempToken() {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <PageTitle title={t('auth.temp.title')} />
      <h1 className="text-xl font-semibold">{t('auth.temp.title')}</h1>
      <p className="text-gray-600 dark:text-gray-300">{t('auth.temp.expired')}</p>
      <Link className="text-primary-700 hover:underline dark:text-primary-400" to={localePath('/auth/login')}>
        {t('auth.backToLogin')}
      </Link>
    </main>
  )
}
