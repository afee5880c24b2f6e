import { useTranslation } from 'react-i18next'
import { Link, useRouteLoaderData } from 'react-router'
import { ScreenHeader } from '#app/components/screen-header.tsx'
import { useLocalePath } from '#app/i18n/use-locale.ts'
import type { RootLoaderData } from '#app/root.tsx'
import { managerScreens } from '../layouts/manager-nav.ts'

export default function Dashboard() {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const user = useRouteLoaderData<RootLoaderData>('root')?.user
  return (
    <>
      <ScreenHeader title={t('nav.dashboard')} description={t('dashboard.welcome', { name: user?.name ?? '' })} />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {managerScreens
          .filter((screen) => screen.key !== 'dashboard')
          .map(({ path, key, icon: Icon }) => (
            <li key={key}>
              <Link
                to={localePath(path)}
                className="flex h-full flex-col gap-2 rounded-xl border border-gray-200 bg-white p-5 hover:border-primary-400 hover:shadow-sm dark:border-gray-800 dark:bg-gray-900 dark:hover:border-primary-600"
              >
                <span className="flex items-center gap-2 font-medium">
                  <Icon className="size-5 text-primary-600 dark:text-primary-400" aria-hidden="true" />
                  {t(`nav.${key}`)}
                </span>
                <span className="text-sm text-gray-600 dark:text-gray-300">{t(`screens.${key}`)}</span>
              </Link>
            </li>
          ))}
      </ul>
    </>
  )
}
