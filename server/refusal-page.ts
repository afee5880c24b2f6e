import { defaultLocale, splitLocalePath } from '#app/i18n/config.ts'
import { translate } from '#app/i18n/i18n.server.ts'
import type { Message } from '#app/utils/errors.ts'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** A small page in the address's language (its `lang` too), with no script. */
function barePage(request: Request, status: number, title: Message, message: (path: string) => Message): Response {
  const { pathname } = new URL(request.url)
  const locale = splitLocalePath(pathname).locale ?? defaultLocale
  const heading = escapeHtml(translate(locale, title))
  const text = escapeHtml(translate(locale, message(pathname)))
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${heading}</title></head><body><main><h1>${status} · ${heading}</h1><p>${text}</p></main></body></html>`
  return new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } })
}

/**
 * A page request refused before the pages run (a cross-site form): a small page in the
 * address's language, with no script, so nothing of the app runs for it.
 */
export function refusalPage(request: Request, status: 403): Response {
  return barePage(request, status, { key: 'security.refusedTitle' }, () => ({ key: 'errors.cross_site' }))
}

/** A host naming no category (subdomain routing): not found, before the pages run. */
export function unknownCategoryPage(request: Request): Response {
  return barePage(request, 404, { key: 'errorPage.notFoundTitle' }, (path) => ({ key: 'errorPage.notFoundMessage', values: { path } }))
}
