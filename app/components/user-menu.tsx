import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Check, LogOut, Mail, UserRound } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSubmit } from 'react-router'
import { addToast } from '#app/components/shell/toast-store.ts'
import { useLocalePath } from '#app/i18n/use-locale.ts'
import type { PublicUser } from '#app/modules/auth/auth.schema.ts'
import { apiErrorMessage, apiRequest } from '#app/client/api-client.ts'
import { forgetKeptPages } from '#app/visitor/forget-kept-pages.client.ts'

/**
 * The monthly report's setting: read when the menu opens (it is the user's, kept on the server),
 * saved at once when toggled. Null while not known yet: the item waits rather than guess.
 */
function useMonthlyReportSetting() {
  const { t } = useTranslation()
  const [subscribed, setSubscribed] = useState<boolean | null>(null)
  const load = () => {
    apiRequest('/monthly-report/subscription').then(
      (answer) => setSubscribed(answer.subscribed),
      () => setSubscribed(null),
    )
  }
  const toggle = (next: boolean) => {
    const before = subscribed
    setSubscribed(next)
    apiRequest('/monthly-report/subscription', { method: 'PUT', body: { subscribed: next } }).then(
      (answer) => setSubscribed(answer.subscribed),
      (error: unknown) => {
        setSubscribed(before)
        addToast({ title: apiErrorMessage(error, t('monthlyReport.menu.error')) })
      },
    )
  }
  return { subscribed, load, toggle }
}

export function UserMenu({ user }: { user: PublicUser }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const submit = useSubmit()
  // The menu unmounts as soon as an item is chosen, so the logout is submitted from here
  // rather than by a <form> inside the menu.
  const logout = () => void forgetKeptPages().finally(() => submit(null, { method: 'post', action: localePath('/auth/logout') }))
  const monthly = useMonthlyReportSetting()
  return (
    // Not modal: a modal menu hides the page from assistive technology (aria-hidden) while its
    // links stay focusable, which WCAG 4.1.2 forbids (axe: aria-hidden-focus); Escape and a click outside still close it.
    <DropdownMenu.Root modal={false} onOpenChange={(open) => open && monthly.load()}>
      <DropdownMenu.Trigger
        data-testid="user-menu"
        className="inline-flex items-center gap-2 rounded-full p-1 pr-3 text-sm hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-600 dark:hover:bg-gray-800"
      >
        {/* Named by its text, not aria-label: the visible name must be part of the accessible name (WCAG 2.5.3). */}
        {user.photo.profile_avatar ? (
          <img src={user.photo.profile_avatar} alt="" className="size-8 rounded-full object-cover" />
        ) : (
          <span className="grid size-8 place-items-center rounded-full bg-primary-100 text-primary-800 dark:bg-primary-900 dark:text-primary-100">
            <UserRound className="size-4" aria-hidden="true" />
          </span>
        )}
        <span className="hidden max-w-40 truncate sm:inline">{user.name}</span>
        <span className="sr-only">{t('shell.userMenu')}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-56 rounded-xl border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-800 dark:bg-gray-900"
        >
          <div className="px-3 py-2 text-sm">
            <p className="font-medium">{user.name}</p>
            <p className="truncate text-gray-500 dark:text-gray-400">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-gray-200 dark:bg-gray-800" />
          <DropdownMenu.CheckboxItem
            data-testid="monthly-report-setting"
            checked={monthly.subscribed ?? false}
            disabled={monthly.subscribed === null}
            // The menu stays open: the tick shows the change took.
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={(checked) => monthly.toggle(checked === true)}
            className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm outline-none data-disabled:opacity-60 data-highlighted:bg-gray-100 dark:data-highlighted:bg-gray-800"
          >
            <Mail className="size-4" aria-hidden="true" />
            <span className="flex-1">{t('monthlyReport.menu.label')}</span>
            <span className="grid size-4 place-items-center rounded border border-gray-300 dark:border-gray-600" aria-hidden="true">
              <DropdownMenu.ItemIndicator>
                <Check className="size-3" />
              </DropdownMenu.ItemIndicator>
            </span>
          </DropdownMenu.CheckboxItem>
          <DropdownMenu.Item
            data-testid="logout"
            onSelect={logout}
            className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm outline-none data-highlighted:bg-gray-100 dark:data-highlighted:bg-gray-800"
          >
            <LogOut className="size-4" aria-hidden="true" />
            {t('shell.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
