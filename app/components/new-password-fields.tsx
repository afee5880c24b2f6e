import { useTranslation } from 'react-i18next'
import { passwordRules } from '#app/modules/auth/auth.schema.ts'
import type { FieldErrors } from '#app/utils/errors.ts'
import { TextField } from './ui/text-field.tsx'

/** A new password and its confirmation, as sign-up and reset ask for them. */
export function NewPasswordFields({ label, errors }: { label: string; errors?: FieldErrors }) {
  const { t } = useTranslation()
  return (
    <>
      <TextField
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={t('auth.passwordHint', { count: passwordRules.min })}
        errors={errors?.password}
      />
      <TextField
        label={t('labels.password_confirmation')}
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        required
        errors={errors?.password_confirmation}
      />
    </>
  )
}
