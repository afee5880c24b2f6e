import { data } from 'react-router'
import { AppError, invalidField } from './errors.ts'
import type { FormResult } from './forms.ts'

/** An expected failure becomes the form's inline messages with its status; a bug stays a bug. */
export function formFailure(error: unknown) {
  if (!(error instanceof AppError)) throw error
  const result: FormResult = error.fieldErrors ? { errors: error.fieldErrors } : { formError: error.detail }
  if (error.status === 429) result.formError = error.detail
  return data(result, { status: error.status, headers: error.headers })
}

/** Form fields as a plain object: strings only, missing fields left out. */
export function formFields(form: FormData, names: string[]): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const name of names) {
    const value = form.get(name)
    // No field of the app holds a NUL character, and PostgreSQL cannot store one (a 500).
    if (typeof value === 'string' && value.includes('\u0000')) throw invalidField(name, 'validation.invalid')
    if (typeof value === 'string') fields[name] = value
  }
  return fields
}
