import { AppError } from '#app/utils/errors.ts'

/**
 * A page read that is a visitor's view: a page load, not a copy fetched to be kept (the visitors'
 * service worker keeping the page just shown, a walk saved for offline: ADR 090), which browsers
 * mark with another `Sec-Fetch-Mode`. A client that sends none counts.
 */
export const isPageView = (secFetchMode: string | null | undefined): boolean => !secFetchMode || secFetchMode === 'navigate'

/**
 * What a visit that could not be counted does: a client over its per-client limit is the limit
 * at work, not news (one line per request of a flood would be the flood again, in the logs);
 * anything else is worth a warning.
 */
export function uncounted(logger: { warn(message: string, fields: Record<string, unknown>): void }, message: string) {
  return (error: unknown) => {
    if (error instanceof AppError && error.status === 429) return
    logger.warn(message, { error: String(error) })
  }
}
