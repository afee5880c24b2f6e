import { accessibilityApi } from '#app/modules/accessibility/accessibility.api.server.ts'
import { aiApi } from '#app/modules/ai/ai.api.server.ts'
import { authApi } from '#app/modules/auth/auth.api.server.ts'
import { categoriesApi } from '#app/modules/categories/categories.api.server.ts'
import { directionsApi } from '#app/modules/directions/directions.api.server.ts'
import { geocodingApi } from '#app/modules/geocoding/geocoding.api.server.ts'
import { dashboardApi } from '#app/modules/dashboard/dashboard.api.server.ts'
import { monthlyReportApi } from '#app/modules/monthly-report/monthly-report.api.server.ts'
import { invitationsApi } from '#app/modules/invitations/invitations.api.server.ts'
import { placesApi } from '#app/modules/places/places.api.server.ts'
import { qrCodesApi } from '#app/modules/qr-codes/qr-codes.api.server.ts'
import { reportsApi } from '#app/modules/reports/reports.api.server.ts'
import { statsApi } from '#app/modules/stats/stats.api.server.ts'
import { requestBodyLimit } from '#app/modules/uploads/upload-form.server.ts'
import { uploadsApi } from '#app/modules/uploads/uploads.api.server.ts'
import { walksApi } from '#app/modules/walks/walks.api.server.ts'
import { gpxApi } from '#app/modules/walks/gpx.api.server.ts'
import { healthApi } from '#app/api/health.api.server.ts'
import { openDataApi, openDataHeaders } from '#app/modules/transfer/open-data.api.server.ts'
import { routeFilesApi, transferApi } from '#app/modules/transfer/transfer.api.server.ts'
import type { Services } from '#app/services.server.ts'
import { errorResponse } from '#app/api/envelope.server.ts'
import { renderApiReference } from '#app/api/reference.server.ts'
import { refuseNulCharacters, requireKnownBodyType, requireSameOrigin, resolveSession } from '#app/api/middleware.server.ts'
import { createRouter } from '#app/api/router.server.ts'
import { unmatchedRequest } from '#app/api/unmatched.server.ts'

/** The REST API (mounted at /api by the server; tests call it in process with `api.request`). */
export function createApi(services: Services) {
  const api = createRouter()
  api.use('*', async (c, next) => {
    c.set('services', services)
    await next()
  })
  // JSON bodies up to MAX_BODY_BYTES; multipart uploads their own limit (8 MiB images).
  api.use('*', requestBodyLimit(services.config.MAX_BODY_BYTES))
  api.use('*', requireKnownBodyType)
  api.use('*', refuseNulCharacters)
  api.use('*', requireSameOrigin)
  api.use('*', resolveSession)
  // Open data: CORS-open (errors too), rate-limited per client, and a preflight answer.
  api.use('/public/*', openDataHeaders)
  api.options('/public/*', (c) =>
    c.body(null, 204, { 'Access-Control-Allow-Methods': 'GET, OPTIONS', 'Access-Control-Allow-Headers': 'If-None-Match, Accept-Language', 'Access-Control-Max-Age': '86400' }),
  )
  api.route('/auth', authApi)
  api.route('/place-categories', categoriesApi)
  api.route('/invitations', invitationsApi)
  // Each of these routers carries full paths (e.g. /places/{id}, /place-categories/{id}/fetch-places).
  api.route('/', placesApi)
  api.route('/', qrCodesApi)
  api.route('/', walksApi)
  api.route('/', gpxApi)
  api.route('/', statsApi)
  api.route('/', uploadsApi)
  api.route('/', aiApi)
  api.route('/', directionsApi)
  api.route('/', geocodingApi)
  api.route('/', healthApi)
  api.route('/', dashboardApi)
  api.route('/', transferApi)
  api.route('/', routeFilesApi)
  api.route('/', openDataApi)
  api.route('/', reportsApi)
  api.route('/', monthlyReportApi)
  api.route('/', accessibilityApi)

  const documentConfig = {
    openapi: '3.1.0',
    info: { title: 'Trailguide API', version: '1' },
    servers: [{ url: `${services.config.BASE_URL}/api` }],
  }
  api.doc31('/openapi.json', documentConfig)
  api.get('/reference', (c) => c.html(renderApiReference(api.getOpenAPI31Document(documentConfig), '/api')))
  // Last: what no route above answers (a route's handler ends the chain before it).
  api.all('*', unmatchedRequest(api))
  api.onError((error, c) => errorResponse(error, c))
  return api
}

