import { defaultLocale, splitLocalePath } from '#app/i18n/config.ts'
import { translate } from '#app/i18n/i18n.server.ts'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/**
 * A page request refused before the pages run (a cross-site form): a small page in the
 * address's language, with no script, so nothing of the app runs for it.
 */
export function refusalPage(request: Request, status: 403): Response {
  const locale = splitLocalePath(new URL(request.url).pathname).locale ?? defaultLocale
  const title = escapeHtml(translate(locale, { key: 'security.refusedTitle' }))
  const message = escapeHtml(translate(locale, { key: 'errors.cross_site' }))
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><h1>${status} · ${title}</h1><p>${message}</p></body></html>`
  return new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } })
}
