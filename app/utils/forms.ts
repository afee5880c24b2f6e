import type { FieldErrors, Message } from './errors.ts'

/** What an action answers a form with. */
export interface FormResult {
  errors?: FieldErrors
  formError?: Message
  success?: Message
}
