import { Outlet } from 'react-router'
import { LanguageSwitcher } from '#app/components/language-switcher.tsx'
import { Logo } from '#app/components/logo.tsx'
import { ColorModeSwitch } from '#app/components/shell/color-mode.tsx'

/** The guest layout: a centred card for the sign-in family of pages. */
export default function GuestLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between gap-4 p-4">
        <Logo className="text-lg" />
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <ColorModeSwitch />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 sm:items-center">
        <div className="flex w-full max-w-md flex-col gap-5 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8 dark:border-gray-800 dark:bg-gray-900">
          <Outlet />
        </div>
      </main>
    </div>
  )
}
