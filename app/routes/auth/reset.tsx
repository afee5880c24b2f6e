import { useTranslation } from 'react-i18next'
import { Form, Link, redirect, useNavigation } from 'react-router'
import { NewPasswordFields } from '#app/components/new-password-fields.tsx'
import { PageTitle } from '#app/components/page-title.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { localeFromParam, localizePath } from '#app/i18n/config.ts'
import { useLocalePath } from '#app/i18n/use-locale.ts'
import { changePasswordSchema } from '#app/modules/auth/auth.schema.ts'
import { formFailure, formFields } from '#app/utils/forms.server.ts'
import { parseOrThrow } from '#app/utils/validation.ts'
import type { Route } from './+types/reset'
import { resetEmailCookie } from './reset-email.server.ts'

// Serves both /auth/reset (the code typed from the e-mail) and /auth/reset-password/{token} (the link).

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData()
  try {
    const fields = formFields(form, ['token', 'password', 'password_confirmation'])
    const input = parseOrThrow(changePasswordSchema, { ...fields, token: params.token ?? fields.token ?? '' })
    const { email } = await context.services.auth.changePassword(input, context.clientIp)
    return redirect(localizePath('/auth/login?reset=done', localeFromParam(params.lang)), { headers: { 'Set-Cookie': resetEmailCookie(context.services.config.BASE_URL, email) } })
  } catch (error) {
    return formFailure(error)
  }
}

export default function Reset({ actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const submitting = useNavigation().state === 'submitting'
  const errors = actionData?.errors
  return (
    <>
      <PageTitle title={t('auth.reset.title')} />
      <h1 className="text-2xl font-semibold">{t('auth.reset.title')}</h1>
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <Alert tone="error" message={actionData?.formError ?? (params.token ? errors?.token?.[0] : undefined)} />
        {params.token ? null : (
          <TextField label={t('labels.token')} name="token" autoComplete="one-time-code" required errors={errors?.token} />
        )}
        <NewPasswordFields label={t('labels.new_password')} errors={errors} />
        <Button type="submit" disabled={submitting}>
          {t('auth.reset.submit')}
        </Button>
      </Form>
      <Link className="text-sm text-primary-700 underline underline-offset-2 dark:text-primary-400" to={localePath('/auth/forgot')}>
        {t('auth.reset.newLink')}
      </Link>
    </>
  )
}
