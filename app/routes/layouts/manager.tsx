import { clsx } from 'clsx'
import { Menu, X } from 'lucide-react'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { data, NavLink, Outlet, useLocation } from 'react-router'
import { LanguageSwitcher } from '#app/components/language-switcher.tsx'
import { CountBadge } from '#app/components/reports/report-list.tsx'
import { Logo } from '#app/components/logo.tsx'
import { ColorModeSwitch } from '#app/components/shell/color-mode.tsx'
import { introCookie, introPlayed, Preloader } from '#app/components/shell/preloader.tsx'
import { IconButton } from '#app/components/ui/button.tsx'
import { UserMenu } from '#app/components/user-menu.tsx'
import { hasManagerMessages, loadManagerMessages } from '#app/i18n/i18n.client.ts'
import { useLocale, useLocalePath } from '#app/i18n/use-locale.ts'
import { requireUser } from '#app/modules/auth/guards.ts'
import { toPublicUser } from '#app/modules/auth/public-user.ts'
import { startBuildPolling } from '#app/platform/app-version/version-watch.ts'
import type { Route } from './+types/manager'
import { managerScreens } from './manager-nav.ts'

export async function loader(args: Route.LoaderArgs) {
  const signedIn = requireUser(args)
  const user = toPublicUser(signedIn, (key) => args.context.services.storage.url(key))
  // The navigation's badge: open visitor reports of all the user's categories (one grouped query).
  const openReports = [...(await args.context.services.reports.openCounts(signedIn.id)).values()].reduce((a, b) => a + b, 0)
  // The start-up animation: on the first page load of a browser session only.
  if (introPlayed(args.request.headers.get('cookie'))) return { user, intro: false, openReports }
  const secure = new URL(args.context.services.config.BASE_URL).protocol === 'https:'
  return data({ user, intro: true, openReports }, { headers: { 'Set-Cookie': introCookie(secure) } })
}

const noSubscription = () => () => {}

/**
 * The manager screens' messages are a second download (app/i18n/message-parts.ts): in before
 * hydration on a manager page, fetched here when the app arrives from a page without them (the
 * sign-in). The screens wait for them rather than show keys.
 */
function useManagerMessages(): boolean {
  const locale = useLocale()
  const [, setLoaded] = useState(0)
  // The server renders with every message; the browser asks the loader.
  const ready = useSyncExternalStore(
    noSubscription,
    () => hasManagerMessages(locale),
    () => true,
  )
  useEffect(() => {
    if (!ready) void loadManagerMessages(locale).then(() => setLoaded((n) => n + 1))
  }, [ready, locale])
  return ready
}

/** The default layout: the signed-in manager app with its navigation. */
export default function ManagerLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const [menuOpen, setMenuOpen] = useState(false)
  const { pathname } = useLocation()
  const [lastPath, setLastPath] = useState(pathname)
  const messagesReady = useManagerMessages()
  // Managers keep the app open for hours: learn of a new deployment before a chunk of it fails.
  useEffect(() => startBuildPolling(), [])
  if (pathname !== lastPath) {
    // A new page closes the phone menu.
    setLastPath(pathname)
    setMenuOpen(false)
  }

  const nav = (
    <nav aria-label={t('shell.navigation')} className="flex flex-col gap-1">
      {managerScreens.map(({ path, key, icon: Icon, label }) => (
        <NavLink
          key={path}
          to={localePath(path)}
          end
          className={({ isActive }) =>
            clsx(
              'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
              isActive
                ? 'bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-200'
                : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800',
            )
          }
        >
          <Icon className="size-4" aria-hidden="true" />
          {t(label)}
          {key === 'reports' ? (
            <span className="ml-auto">
              <CountBadge count={loaderData.openReports} testId="nav-reports-badge" />
            </span>
          ) : null}
        </NavLink>
      ))}
    </nav>
  )

  return (
    <div className="flex min-h-dvh">
      <Preloader play={loaderData.intro} />
      <aside className="hidden w-60 shrink-0 flex-col gap-6 border-r border-gray-200 bg-white p-4 lg:flex dark:border-gray-800 dark:bg-gray-900">
        <Logo className="px-2 text-lg" />
        {nav}
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-between gap-2 border-b border-gray-200 bg-white px-4 py-2 dark:border-gray-800 dark:bg-gray-900">
          <div className="flex items-center gap-2">
            <IconButton
              size="lg"
              className="lg:hidden"
              aria-expanded={menuOpen}
              aria-controls="mobile-nav"
              label={menuOpen ? t('shell.closeMenu') : t('shell.openMenu')}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
            </IconButton>
            {/* On a phone the navigation is folded: its reports badge shows beside the menu button. */}
            {menuOpen ? null : (
              <span className="lg:hidden">
                <CountBadge count={loaderData.openReports} testId="menu-reports-badge" />
              </span>
            )}
            <Logo className="lg:hidden" />
          </div>
          <div className="flex items-center gap-2">
            {/* On a phone these two move into the menu, so the header fits the screen. */}
            <div className="hidden items-center gap-2 sm:flex">
              <LanguageSwitcher />
              <ColorModeSwitch />
            </div>
            <UserMenu user={loaderData.user} />
          </div>
        </header>
        {menuOpen ? (
          <div id="mobile-nav" className="flex flex-col gap-3 border-b border-gray-200 bg-white p-3 lg:hidden dark:border-gray-800 dark:bg-gray-900">
            {nav}
            <div className="flex items-center gap-2 border-t border-gray-200 pt-3 sm:hidden dark:border-gray-800">
              <LanguageSwitcher />
              <ColorModeSwitch />
            </div>
          </div>
        ) : null}
        <main className="flex-1 p-4 sm:p-6" aria-busy={messagesReady ? undefined : true}>
          {messagesReady ? <Outlet /> : null}
        </main>
      </div>
    </div>
  )
}
