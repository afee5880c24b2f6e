import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  useRouteError,
  useRouteLoaderData,
  type LinksFunction,
} from 'react-router'
import type { Route } from './+types/root'
import { ErrorPage } from '#app/components/error-page.tsx'
import { colorModeScript, resolveForcedColorMode, useColorMode } from '#app/components/shell/color-mode.tsx'
import { LoadingOverlay, useNavigationLoader } from '#app/components/shell/loading-overlay.tsx'
import { useNonce } from '#app/components/shell/nonce.tsx'
import { Toaster } from '#app/components/shell/toaster.tsx'
import { changeLocale } from '#app/i18n/i18n.client.ts'
import { messageKey } from '#app/i18n/keys.ts'
import { useLocale } from '#app/i18n/use-locale.ts'
import { installChunkReload, reloadIfChunkError } from '#app/platform/app-version/version-watch.ts'
import { toPublicUser } from '#app/modules/auth/public-user.ts'
import { reportBrowserError, startBrowserReporting } from '#app/platform/observability/browser-reporting.ts'
import stylesheet from '#app/styles/app.css?url'
import { SECRET_QUERY_PATTERN, TOKEN_PATH_PATTERN } from '#app/platform/observability/token-paths.ts'
import { setNavigator } from '#app/client/api-client.ts'
import { toErrorPageProps } from '#app/utils/error-page.ts'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export function loader({ context, request }: Route.LoaderArgs) {
  const config = context.services.config
  return {
    // Dates are written in the trails' time zone and the reader's way (app/utils/dates.ts, ADR 100).
    dates: { timeZone: config.TIME_ZONE, languages: request.headers.get('accept-language') },
    user: context.user ? toPublicUser(context.user, (key) => context.services.storage.url(key)) : null,
    appEnv: config.APP_ENV,
    analytics: config.ANALYTICS_HOST
      ? { host: config.ANALYTICS_HOST, domain: config.ANALYTICS_DOMAIN ?? new URL(config.BASE_URL).hostname }
      : null,
    // In development errors go to the console (docs/spec.md §8); the public DSN reaches the browser only here.
    errorReporting:
      config.SENTRY_DSN && config.NODE_ENV !== 'development' ? { dsn: config.SENTRY_DSN, environment: config.APP_ENV } : null,
  }
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>

/** A page may force light or dark with `handle: { colorMode }`; the deepest match wins. */
function useForcedColorMode() {
  const matches = useMatches()
  const forced = [...matches].reverse().find((m) => (m.handle as { colorMode?: unknown } | undefined)?.colorMode)
  return resolveForcedColorMode((forced?.handle as { colorMode?: unknown } | undefined)?.colorMode)
}

/**
 * A page that is complete as HTML sets `handle: { hydrate: false }` (React Router's "disabling
 * JavaScript" pattern): the deepest match that says anything decides, and then the framework
 * runtime, its modulepreload links and the scroll script are left out.
 */
function useHydrate(): boolean {
  const matches = useMatches()
  const says = [...matches].reverse().find((m) => typeof (m.handle as { hydrate?: unknown } | undefined)?.hydrate === 'boolean')
  return (says?.handle as { hydrate: boolean } | undefined)?.hydrate ?? true
}

/**
 * zod builds its fast parsers with `new Function` after probing for it; the Content-Security-Policy
 * forbids eval, and even the caught probe is reported as a violation. `jitless` skips both; it
 * must be set before the route modules (which define schemas) run, hence a script in the head.
 */
const zodWithoutEval = 'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true})'

/** Layouts whose pages need only the base part of the messages (app/i18n/message-parts.ts). */
const BASE_MESSAGE_LAYOUTS = new Set(['routes/public/layout', 'routes/layouts/guest'])

/** 'all' when the page may show manager screens' messages: the browser loads them before hydrating. */
function useMessageParts(): 'all' | undefined {
  const matches = useMatches()
  return matches.some((m) => BASE_MESSAGE_LAYOUTS.has(m.id)) ? undefined : 'all'
}

/** Page-view analytics (public/analytics.js), on every page, with or without the framework scripts. */
function AnalyticsScript() {
  const analytics = useRouteLoaderData<RootLoaderData>('root')?.analytics
  const nonce = useNonce()
  if (!analytics) return null
  // The token rule (app/platform/observability/token-paths.ts): no live link leaves in a page URL.
  return (
    <script
      nonce={nonce}
      defer
      src="/analytics.js"
      data-api={`${analytics.host}/api/event`}
      data-domain={analytics.domain}
      data-token-path={TOKEN_PATH_PATTERN}
      data-secret-query={SECRET_QUERY_PATTERN}
    />
  )
}

export function Layout({ children }: { children: React.ReactNode }) {
  const locale = useLocale()
  const forced = useForcedColorMode()
  const hydrate = useHydrate()
  const nonce = useNonce()
  const messages = useMessageParts()
  // Framed on another site (the share-map embed) storage may be denied, and React Router's scroll
  // script would throw on it; the embed does not scroll anyway.
  const embedded = new URLSearchParams(useLocation().search).get('embed') === '1'
  return (
    <html lang={locale} data-force-color-mode={forced} data-messages={messages} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#16a34a" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: colorModeScript }} />
        {hydrate ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: zodWithoutEval }} /> : null}
        <Meta />
        <Links nonce={nonce} />
        <AnalyticsScript />
      </head>
      <body className="min-h-dvh bg-gray-50 text-gray-900 antialiased dark:bg-gray-950 dark:text-gray-100">
        {children}
        {hydrate ? (
          <>
            {embedded ? null : <ScrollRestoration nonce={nonce} />}
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate()
  const locale = useLocale()
  useEffect(() => startBrowserReporting(loaderData.errorReporting), [loaderData.errorReporting])
  useColorMode()
  useNavigationLoader()
  useEffect(() => setNavigator(navigate), [navigate])
  // A code chunk that fails to load after a new deployment reloads the page (at most every 10 s).
  useEffect(() => installChunkReload(), [])
  // Marks the page interactive (the browser tests wait for it before using script-only controls).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  useEffect(() => {
    void changeLocale(locale)
  }, [locale])
  return (
    <>
      <Outlet />
      <Toaster />
      <LoadingOverlay />
    </>
  )
}

/** The statuses a service's error may give a page, each with its own title (`errorPage.status.*`). */
const PAGE_ERROR_STATUSES = new Set([400, 401, 403, 409, 410, 413, 415, 422, 429, 502, 503, 504])

export function ErrorBoundary() {
  const error = useRouteError()
  const { t } = useTranslation()
  const location = useLocation()
  const props = toErrorPageProps(error)
  useEffect(() => reportBrowserError(error), [error])
  useEffect(() => reloadIfChunkError(error), [error])
  // The server's location has no trailing slash where the browser's has one ("/fr/q/"): the same
  // text on both sides, or hydration fails (React error #418).
  if (props.statusCode === 404) props.message = t('errorPage.notFoundMessage', { path: location.pathname.replace(/(.)\/+$/, '$1') })
  // A service's failure (app/utils/page-errors.ts): the title of its status, its own message.
  else if (PAGE_ERROR_STATUSES.has(props.statusCode)) props.statusMessage = t(messageKey(`errorPage.status.${props.statusCode}`))
  if (props.detail && props.statusCode !== 404) props.message = t(messageKey(props.detail.key), props.detail.values)
  // A form sent to a page that takes none: the router's English text stays out of the page.
  if (props.statusCode === 405) Object.assign(props, { statusMessage: t('security.pageMethodTitle'), message: t('security.pageMethodMessage') })
  return (
    <>
      <ErrorPage {...props} showStack={import.meta.env.DEV} />
      <Toaster />
    </>
  )
}
