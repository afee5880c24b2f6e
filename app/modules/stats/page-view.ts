/**
 * A page read that is a visitor's view: a page load, not a copy fetched to be kept (the visitors'
 * service worker keeping the page just shown, a walk saved for offline: ADR 090), which browsers
 * mark with another `Sec-Fetch-Mode`. A client that sends none counts.
 */
export const isPageView = (secFetchMode: string | null | undefined): boolean => !secFetchMode || secFetchMode === 'navigate'
