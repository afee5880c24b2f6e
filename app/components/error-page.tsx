import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useLocalePath } from '#app/i18n/use-locale.ts'
import type { ErrorPageProps } from '#app/utils/error-page.ts'
import { PageTitle } from './page-title.tsx'

/**
 * The error page (docs/spec.md §2): 404 is "Page Not Found"; any other status shows its own
 * status message or "Internal Server Error". The stack only in development.
 */
export function ErrorPage({ statusCode, statusMessage, message, stack, showStack }: ErrorPageProps & { showStack?: boolean }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const title = statusCode === 404 ? t('errorPage.notFoundTitle') : statusMessage || t('errorPage.serverErrorTitle')
  return (
    <main className="mx-auto flex min-h-dvh max-w-2xl flex-col items-center justify-center gap-4 p-6 text-center">
      <PageTitle title={title} />
      <p className="text-6xl font-bold text-primary-600 dark:text-primary-400" aria-hidden="true">
        {statusCode}
      </p>
      <h1 className="text-2xl font-semibold" data-testid="error-title">
        {title}
      </h1>
      {message ? (
        <p className="text-gray-600 dark:text-gray-300" data-testid="error-message">
          {message}
        </p>
      ) : null}
      {showStack && stack ? (
        <pre className="max-h-96 w-full overflow-auto rounded-lg bg-gray-900 p-4 text-left text-xs text-gray-100">{stack}</pre>
      ) : null}
      <Link to={localePath('/')} className="rounded-lg bg-primary-700 px-4 py-2 font-medium text-white hover:bg-primary-800">
        {t('errorPage.home')}
      </Link>
    </main>
  )
}
