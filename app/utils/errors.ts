/** A message to show a person: an i18n key and its values, translated where it is shown. */
export interface Message {
  key: string
  values?: Record<string, string | number>
}

export type FieldErrors = Record<string, Message[]>

/**
 * An expected failure a service reports (bad input, missing record, no right): the API turns it
 * into the error envelope, a screen into inline messages. Anything else is a bug (500).
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503 | 504,
    readonly detail: Message,
    readonly fieldErrors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(detail.key)
    this.name = 'AppError'
  }
}

export const notFound = () => new AppError(404, { key: 'errors.not_found' })
export const unauthenticated = () => new AppError(401, { key: 'errors.unauthenticated' })

/** A 422 with one field's message, the way a form shows it. */
export function invalidField(field: string, key: string, values?: Message['values']) {
  const message = { key, values }
  return new AppError(422, message, { [field]: [message] })
}
