import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Message } from '#app/utils/errors.ts'
import { LengthHint } from './length-hint.tsx'
import { messageKey } from '#app/i18n/keys.ts'

/** A labelled input with its errors read out by screen readers (aria-describedby); a maxLength is said. */
export function TextField({
  label,
  name,
  errors,
  hint,
  ...input
}: React.InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; errors?: Message[]; hint?: string }) {
  const { t } = useTranslation()
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const lengthId = `${id}-length`
  const invalid = Boolean(errors?.length)
  // Uncontrolled inputs too: the counter follows what is typed.
  const [typed, setTyped] = useState(String(input.defaultValue ?? '').length)
  const length = input.value !== undefined ? String(input.value).length : typed
  const max = input.maxLength
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-800 dark:text-gray-200">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={invalid || undefined}
        aria-describedby={clsxIds(invalid && errorId, hint && hintId, max !== undefined && lengthId)}
        className="rounded-lg border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 shadow-xs focus:border-primary-500 focus:ring-2 focus:ring-primary-500/30 focus:outline-none aria-invalid:border-red-500 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
        {...input}
        onChange={(event) => {
          setTyped(event.target.value.length)
          input.onChange?.(event)
        }}
      />
      {max !== undefined ? <LengthHint id={lengthId} length={length} max={max} /> : null}
      {hint ? (
        <p id={hintId} className="text-xs text-gray-500 dark:text-gray-400">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <ul id={errorId} className="text-sm text-red-600 dark:text-red-400" data-testid={`error-${name}`}>
          {errors!.map((error) => (
            <li key={error.key}>{t(messageKey(error.key), { ...error.values, attribute: t(messageKey(`fields.${name}`)) })}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

const clsxIds = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined
