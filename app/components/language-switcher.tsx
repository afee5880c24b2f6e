import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useRouteLoaderData } from 'react-router'
import { localeCookie, localeNames, locales, localizePath, type Locale } from '#app/i18n/config.ts'
import { changeLocale } from '#app/i18n/i18n.client.ts'
import { useLocale } from '#app/i18n/use-locale.ts'
import type { RootLoaderData } from '#app/root.tsx'
import { apiRequest } from '#app/client/api-client.ts'

/**
 * Changes the language: remembered in the cookie, saved on the signed-in user's profile, and
 * the page reopens under the new prefix once its messages are loaded.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation()
  const locale = useLocale()
  const signedIn = Boolean(useRouteLoaderData<RootLoaderData>('root')?.user)
  const location = useLocation()
  const navigate = useNavigate()

  async function switchTo(next: Locale) {
    document.cookie = `${localeCookie.name}=${next}; Max-Age=${localeCookie.maxAgeSeconds}; Path=/; SameSite=Lax`
    if (signedIn) {
      try {
        await apiRequest('/auth/user', { method: 'PUT', body: { locale: next } })
      } catch {
        return // a dead session has already been handled by the API client
      }
    }
    await changeLocale(next)
    await navigate(localizePath(location.pathname, next) + location.search)
  }

  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <span className="sr-only">{t('shell.language')}</span>
      <select
        data-testid="language-switcher"
        value={locale}
        onChange={(event) => void switchTo(event.target.value as Locale)}
        className="rounded-lg border border-gray-300 bg-white px-2 py-1.5 text-sm dark:border-gray-700 dark:bg-gray-900"
      >
        {locales.map((code) => (
          <option key={code} value={code} lang={code}>
            {localeNames[code]}
          </option>
        ))}
      </select>
    </label>
  )
}
