import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Logo } from '#app/components/logo.tsx'
import { PageTitle } from '#app/components/page-title.tsx'
import { useLocalePath } from '#app/i18n/use-locale.ts'
import { requireUser } from '#app/modules/auth/guards.ts'
import type { Route } from './+types/invitation'

/** The link of an invitation e-mail: sign in (or sign up) first, then join. */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args)
  const { services } = args.context
  // A used, expired or unknown invitation is the error page's (app/utils/page-errors.ts).
  const joined = await services.invitations.accept(args.params.token, user)
  const category = await services.categories.get(user, joined.category_id).catch(() => null)
  return { kind: joined.kind, name: category?.name ?? '' }
}

export default function Invitation({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const title = t('invitation.title')
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <PageTitle title={title} />
      <Logo className="text-lg" />
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="text-gray-600 dark:text-gray-300" data-testid="invitation-result">
        {t(loaderData.kind === 'place' ? 'invitation.joinedPlace' : 'invitation.joinedCategory', { name: loaderData.name })}
      </p>
      <Link className="rounded-lg bg-primary-700 px-4 py-2 font-medium text-white hover:bg-primary-800" to={localePath('/dashboard')}>
        {t('invitation.open')}
      </Link>
    </main>
  )
}
