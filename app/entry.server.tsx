import { createInstance } from 'i18next'
import { isbot } from 'isbot'
import { renderToReadableStream } from 'react-dom/server.edge'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { isRouteErrorResponse, ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router'
import { NonceProvider } from '#app/components/shell/nonce.tsx'
import { defaultLocale, locales, splitLocalePath } from '#app/i18n/config.ts'
import { resources } from '#app/i18n/i18n.server.ts'
import { captureException } from '#app/platform/observability/error-reporting.server.ts'
import { loggablePath } from '#app/platform/observability/logger.server.ts'

export const streamTimeout = 5_000

/** Loader, action and render errors: logged as before, and sent to error reporting when configured. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // A request the browser gave up on is not a failure of ours.
  if (request.signal.aborted) return
  // The router's own answers to a wrong request (a POST to a page without an action: 405) are
  // the caller's mistake, not ours: anyone could flood the log and error reporting with them.
  if (isRouteErrorResponse(error) && error.status < 500) return
  // A JSON line carrying the request's id, masked like every other line.
  const logger = (context as Partial<AppLoadContext> | undefined)?.services?.logger
  if (logger) logger.error('unhandled page error', { path: loggablePath(request.url), error: error instanceof Error ? error : String(error) })
  else console.error(error)
  captureException(error, request)
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Every inline script of the page carries the nonce of this response's Content-Security-Policy.
  const nonce = loadContext.cspNonce ?? ''
  const locale = splitLocalePath(new URL(request.url).pathname).locale ?? defaultLocale
  const i18n = createInstance()
  await i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: defaultLocale,
    supportedLngs: [...locales],
    resources,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })

  // Bots and crawlers get the whole document at once; people get it streamed.
  const whole = isbot(request.headers.get('user-agent')) || routerContext.isSpaMode
  // React's edge build, not its Node build: the Node build keeps an AsyncLocalStorage of its own
  // switched on for good once a page is rendered, and on Node 20 that runs asynchronous hooks for
  // every promise and socket of the process, the lean path's included (~10 %, ADR 048).
  const timeout = new AbortController()
  const timer = setTimeout(() => timeout.abort(), streamTimeout + 1000)
  let shellRendered = false
  // Rejects when the shell cannot be rendered (the router then answers with its error page).
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <I18nextProvider i18n={i18n}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </I18nextProvider>
    </NonceProvider>,
    {
      nonce,
      signal: timeout.signal,
      onError(error: unknown) {
        responseStatusCode = 500
        // Errors before the shell reject the render; later ones would be lost.
        if (shellRendered) console.error(error)
      },
    },
  )
  shellRendered = true
  body.allReady.then(
    () => clearTimeout(timer),
    () => clearTimeout(timer),
  )
  if (whole) await body.allReady
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  return new Response(body, { headers: responseHeaders, status: responseStatusCode })
}
