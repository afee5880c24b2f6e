import { useId, useState } from 'react'
import { LengthHint } from '#app/components/ui/length-hint.tsx'
import { useTranslation } from 'react-i18next'
import { ApiError, apiErrorMessage } from '#app/utils/api-client.ts'

export type ServerErrors = Record<string, string[]>

/**
 * The field errors of a 422 envelope (already in the user's language), renamed to the form's
 * fields; anything else becomes one form-level message.
 */
export function errorsOf(error: unknown, fallback: string, rename: Record<string, string> = {}): { fields: ServerErrors; form: string | null } {
  if (error instanceof ApiError && error.status === 422 && error.errors && Object.keys(error.errors).length > 0) {
    const fields: ServerErrors = {}
    for (const [key, messages] of Object.entries(error.errors)) {
      const name = rename[key] ?? key
      fields[name] = [...(fields[name] ?? []), ...messages]
    }
    return { fields, form: null }
  }
  return { fields: {}, form: apiErrorMessage(error, fallback) }
}

/** A labelled text input whose errors are read out with it (aria-describedby). */
export function InputField({
  label,
  errors,
  hint,
  testId,
  ...input
}: React.InputHTMLAttributes<HTMLInputElement> & { label: string; errors?: string[]; hint?: string; testId?: string }) {
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
        className="min-h-11 rounded-lg border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 shadow-xs focus:border-primary-500 focus:ring-2 focus:ring-primary-500/30 focus:outline-none aria-invalid:border-red-500 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-100"
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
        <ul id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400" data-testid={testId ? `${testId}-error` : undefined}>
          {errors!.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p role="alert" data-testid="modal-error" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-300">
      {message}
    </p>
  )
}

export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation()
  const published = status === 'published'
  return (
    <span data-testid={testId} data-status={status} className={published ? publishedBadge : draftBadge}>
      {t(published ? 'landingEditor.status.published' : 'landingEditor.status.draft')}
    </span>
  )
}

export const publishedBadge = 'rounded-full bg-primary-100 px-2 py-0.5 text-xs font-medium text-primary-800 dark:bg-primary-900 dark:text-primary-100'
export const draftBadge = 'rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700 dark:bg-gray-800 dark:text-gray-200'
