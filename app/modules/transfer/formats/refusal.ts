import { AppError, type Message } from '#app/utils/errors.ts'

/** A whole file refused (too large, hostile, not what it claims): 4xx, nothing is read further. */
export class ImportRefused extends AppError {
  constructor(status: 413 | 415 | 422, key: string, values?: Message['values']) {
    const message = { key: `import.errors.${key}`, values }
    super(status, message, { file: [message] })
  }
}

/**
 * Rows (places, routes and unreadable features) counted while a file is read: the file is refused
 * as soon as it passes the bound, before the rest of it is read or kept.
 */
export class RowCounter {
  private count = 0
  constructor(private readonly max: number) {}

  add() {
    if (++this.count > this.max) throw new ImportRefused(422, 'too_many_features', { max: this.max })
  }
}
