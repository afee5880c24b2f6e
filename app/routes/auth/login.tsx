import { useTranslation } from 'react-i18next'
import { data, Form, Link, useNavigation, useSearchParams } from 'react-router'
import { PageTitle } from '#app/components/page-title.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { useLocalePath } from '#app/i18n/use-locale.ts'
import { loginSchema } from '#app/modules/auth/auth.schema.ts'
import { redirectSignedIn } from '#app/modules/auth/session-response.server.ts'
import { formFailure, formFields } from '#app/utils/forms.server.ts'
import { parseOrThrow } from '#app/utils/validation.ts'
import type { Route } from './+types/login'
import { takeResetEmail } from './reset-email.server.ts'

/** The e-mail of a password reset just done, to fill in (read once). */
export function loader({ request, context }: Route.LoaderArgs) {
  const reset = takeResetEmail(context.services.config.BASE_URL, request.headers)
  return reset ? data({ email: reset.email }, { headers: { 'Set-Cookie': reset.clear } }) : { email: null }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  try {
    const input = parseOrThrow(loginSchema, formFields(form, ['email', 'password']))
    const token = await context.services.auth.login(input, context.clientIp)
    return await redirectSignedIn(context.services, token, form.get('redirectTo'))
  } catch (error) {
    return formFailure(error)
  }
}

export default function Login({ actionData, loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const [searchParams] = useSearchParams()
  const submitting = useNavigation().state === 'submitting'
  const notice = searchParams.get('reset') === 'done' ? { key: 'auth.passwordChanged' } : undefined
  return (
    <>
      <PageTitle title={t('auth.login.title')} />
      <h1 className="text-2xl font-semibold">{t('auth.login.title')}</h1>
      <Alert tone="success" message={notice} />
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
        <Alert tone="error" message={actionData?.formError} />
        <TextField label={t('labels.email')} name="email" type="email" autoComplete="email" required defaultValue={loaderData.email ?? undefined} errors={actionData?.errors?.email} />
        <TextField
          label={t('labels.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          errors={actionData?.errors?.password}
        />
        <Button type="submit" disabled={submitting}>
          {t('auth.login.submit')}
        </Button>
      </Form>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Link className="text-primary-700 underline underline-offset-2 dark:text-primary-400" to={localePath('/auth/forgot')}>
          {t('auth.login.forgot')}
        </Link>
        <Link className="text-primary-700 underline underline-offset-2 dark:text-primary-400" to={localePath('/auth/register')}>
          {t('auth.login.register')}
        </Link>
      </div>
    </>
  )
}
