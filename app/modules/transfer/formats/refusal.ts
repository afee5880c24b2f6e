import { AppError, type Message } from '#app/utils/errors.ts'

/** A whole file refused (too large, hostile, not what it claims): 4xx, nothing is read further. */
export class ImportRefused extends AppError {
  constructor(status: 413 | 415 | 422, key: string, values?: Message['values']) {
    const message = { key: `import.errors.${key}`, values }
    super(status, message, { file: [message] })
  }
}
