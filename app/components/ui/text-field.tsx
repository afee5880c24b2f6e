import { clsx } from 'clsx'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Message } from '#app/utils/errors.ts'
import { messageKey } from '#app/i18n/keys.ts'
import { LengthHint } from './length-hint.tsx'

/** The input's fill in dark mode: a shade off what it stands on (a page is gray-950, a dialog gray-900). */
const surfaces = {
  page: 'dark:bg-gray-900',
  dialog: 'min-h-11 dark:bg-gray-950',
}

/**
 * A labelled text input whose errors (already in the user's language) are read out with it
 * (aria-describedby); a maxLength is said and counted, uncontrolled inputs too.
 */
export function InputField({
  label,
  errors,
  hint,
  testId,
  errorTestId = testId ? `${testId}-error` : undefined,
  surface = 'dialog',
  ...input
}: React.InputHTMLAttributes<HTMLInputElement> & { label: string; errors?: string[]; hint?: string; testId?: string; errorTestId?: string; surface?: keyof typeof surfaces }) {
  const id = useId()
  const invalid = Boolean(errors?.length)
  const max = input.maxLength
  const described = [invalid && `${id}-error`, hint && `${id}-hint`, max !== undefined && `${id}-length`].filter(Boolean).join(' ') || undefined
  // Uncontrolled inputs too: the counter follows what is typed.
  const [typed, setTyped] = useState(String(input.defaultValue ?? '').length)
  const length = input.value !== undefined ? String(input.value).length : typed
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-800 dark:text-gray-200">
        {label}
      </label>
      <input
        id={id}
        data-testid={testId}
        aria-invalid={invalid || undefined}
        aria-describedby={described}
        className={clsx(
          'rounded-lg border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 shadow-xs focus:border-primary-500 focus:ring-2 focus:ring-primary-500/30 focus:outline-none aria-invalid:border-red-500 dark:border-gray-700 dark:text-gray-100',
          surfaces[surface],
        )}
        {...input}
        onChange={(event) => {
          setTyped(event.target.value.length)
          input.onChange?.(event)
        }}
      />
      {max !== undefined ? <LengthHint id={`${id}-length`} length={length} max={max} /> : null}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs break-words text-gray-500 dark:text-gray-400">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <ul id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400" data-testid={errorTestId}>
          {errors!.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** An InputField on a page, its errors given as i18n messages (the form's action answers them). */
export function TextField({ name, errors, ...input }: React.InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; errors?: Message[]; hint?: string }) {
  const { t } = useTranslation()
  const messages = errors?.map((error) => t(messageKey(error.key), { ...error.values, attribute: t(messageKey(`fields.${name}`)) }))
  return <InputField name={name} errors={messages} errorTestId={`error-${name}`} surface="page" {...input} />
}
