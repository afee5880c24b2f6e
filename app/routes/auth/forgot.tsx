import { useTranslation } from 'react-i18next'
import { Form, Link, useNavigation } from 'react-router'
import { PageTitle } from '#app/components/page-title.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { useLocalePath } from '#app/i18n/use-locale.ts'
import { resetPasswordSchema } from '#app/modules/auth/auth.schema.ts'
import { formFailure, formFields } from '#app/utils/forms.server.ts'
import type { FormResult } from '#app/utils/forms.ts'
import { parseOrThrow } from '#app/utils/validation.ts'
import type { Route } from './+types/forgot'

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  try {
    const { email } = parseOrThrow(resetPasswordSchema, formFields(form, ['email']))
    await context.services.auth.requestPasswordReset(email, context.clientIp)
    // The same answer whether or not the address has an account.
    return { success: { key: 'auth.forgot.sent' } } satisfies FormResult
  } catch (error) {
    return formFailure(error)
  }
}

export default function Forgot({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const submitting = useNavigation().state === 'submitting'
  const result = actionData as FormResult | undefined
  return (
    <>
      <PageTitle title={t('auth.forgot.title')} />
      <h1 className="text-2xl font-semibold">{t('auth.forgot.title')}</h1>
      <p className="text-sm text-gray-600 dark:text-gray-300">{t('auth.forgot.intro')}</p>
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <Alert tone="success" message={result?.success} />
        <Alert tone="error" message={result?.formError} />
        <TextField label={t('labels.email')} name="email" type="email" autoComplete="email" required errors={result?.errors?.email} />
        <Button type="submit" disabled={submitting}>
          {t('auth.forgot.submit')}
        </Button>
      </Form>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Link className="text-primary-700 underline underline-offset-2 dark:text-primary-400" to={localePath('/auth/login')}>
          {t('auth.backToLogin')}
        </Link>
        <Link className="text-primary-700 underline underline-offset-2 dark:text-primary-400" to={localePath('/auth/reset')}>
          {t('auth.forgot.haveCode')}
        </Link>
      </div>
    </>
  )
}
