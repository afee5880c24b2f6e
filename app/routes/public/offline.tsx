import { data, type HeadersFunction, type MetaDescriptor } from 'react-router'
import { OfflinePage } from '#app/components/visitor-offline/offline-page.tsx'
import { localeFromParam } from '#app/i18n/config.ts'
import type { Route } from './+types/offline'

// The offline page (ADR 090): kept by the visitors' service worker with the first visitor page,
// in that page's language, and answered by it for a visitor page it does not keep. Its lists are
// filled by the worker from its caches (app/visitor/offline-page.ts), so the page runs no script.
export const handle = { hydrate: false, colorMode: 'light' }

export function loader({ context, params }: Route.LoaderArgs) {
  // The same page for everyone, so the worker may keep it; a member's stays theirs (never kept).
  const cacheControl = context.user ? 'private, no-store' : 'public, max-age=0, must-revalidate'
  return data({ locale: localeFromParam(params.lang) }, { headers: { 'Cache-Control': cacheControl } })
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export function meta(): MetaDescriptor[] {
  return [{ name: 'robots', content: 'noindex' }]
}

export default function Offline({ loaderData }: Route.ComponentProps) {
  return <OfflinePage locale={loaderData.locale} />
}
