import { ApiError, apiErrorMessage } from '#app/client/api-client.ts'

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
