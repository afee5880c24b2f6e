import { useTranslation } from 'react-i18next'
import { Form, Link, useNavigation } from 'react-router'
import { NewPasswordFields } from '#app/components/new-password-fields.tsx'
import { PageTitle } from '#app/components/page-title.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { localeFromParam } from '#app/i18n/config.ts'
import { useLocalePath } from '#app/i18n/use-locale.ts'
import { registerSchema } from '#app/modules/auth/auth.schema.ts'
import { redirectSignedIn } from '#app/modules/auth/session-response.server.ts'
import { formFailure, formFields } from '#app/utils/forms.server.ts'
import { parseOrThrow } from '#app/utils/validation.ts'
import type { Route } from './+types/register'

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData()
  try {
    const input = parseOrThrow(registerSchema, {
      ...formFields(form, ['name', 'email', 'password', 'password_confirmation']),
      locale: localeFromParam(params.lang),
    })
    const token = await context.services.auth.register(input, context.clientIp)
    return await redirectSignedIn(context.services, token, '/dashboard')
  } catch (error) {
    return formFailure(error)
  }
}

export default function Register({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const submitting = useNavigation().state === 'submitting'
  const errors = actionData?.errors
  return (
    <>
      <PageTitle title={t('auth.register.title')} />
      <h1 className="text-2xl font-semibold">{t('auth.register.title')}</h1>
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <Alert tone="error" message={actionData?.formError} />
        <TextField label={t('labels.name')} name="name" autoComplete="name" required errors={errors?.name} />
        <TextField label={t('labels.email')} name="email" type="email" autoComplete="email" required errors={errors?.email} />
        <NewPasswordFields label={t('labels.password')} errors={errors} />
        <Button type="submit" disabled={submitting}>
          {t('auth.register.submit')}
        </Button>
      </Form>
      <p className="text-sm">
        {t('auth.register.haveAccount')}{' '}
        <Link className="text-primary-700 underline underline-offset-2 dark:text-primary-400" to={localePath('/auth/login')}>
          {t('auth.register.login')}
        </Link>
      </p>
    </>
  )
}
