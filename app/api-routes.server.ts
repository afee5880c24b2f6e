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
import { trashApi } from '#app/modules/trash/trash.api.server.ts'
import { activityApi } from '#app/modules/activity/activity.api.server.ts'
import { revisionsApi } from '#app/modules/revisions/revisions.api.server.ts'
import { statsApi } from '#app/modules/stats/stats.api.server.ts'
import { requestBodyLimit } from '#app/modules/uploads/upload-form.server.ts'
import { uploadsApi } from '#app/modules/uploads/uploads.api.server.ts'
import { walksApi } from '#app/modules/walks/walks.api.server.ts'
import { gpxApi } from '#app/modules/walks/gpx.api.server.ts'
import { shareImageApi } from '#app/modules/discovery/share-image.api.server.ts'
import { recordingsApi } from '#app/modules/recordings/recordings.api.server.ts'
import { healthApi } from '#app/api/health.api.server.ts'
import { openDataApi, openDataHeaders } from '#app/modules/transfer/open-data.api.server.ts'
import { routeFilesApi, transferApi } from '#app/modules/transfer/transfer.api.server.ts'
import type { Services } from '#app/services.server.ts'
import { errorResponse } from '#app/api/envelope.server.ts'
import { renderApiReference } from '#app/api/reference.server.ts'
import { refuseNulCharacters, requireKnownBodyType, requireSameOrigin, resolveSession } from '#app/api/middleware.server.ts'
import { describeOperations } from '#app/api/openapi-document.server.ts'
import { createRouter } from '#app/api/router.server.ts'
import { unmatchedRequest } from '#app/api/unmatched.server.ts'

/**
 * Every module router and the prefix it is mounted at, in mounting order: `createApi` mounts this
 * list, and the screens' typed contract (app/client/api-contract.ts) derives its types from it.
 * A router under '/' carries full paths (e.g. /places/{id}, /place-categories/{id}/fetch-places).
 */
export const apiRouters = [
  { prefix: '/auth', router: authApi },
  { prefix: '/place-categories', router: categoriesApi },
  { prefix: '/invitations', router: invitationsApi },
  { prefix: '/', router: placesApi },
  { prefix: '/', router: qrCodesApi },
  { prefix: '/', router: walksApi },
  { prefix: '/', router: gpxApi },
  { prefix: '/', router: shareImageApi },
  { prefix: '/', router: recordingsApi },
  { prefix: '/', router: statsApi },
  { prefix: '/', router: uploadsApi },
  { prefix: '/', router: aiApi },
  { prefix: '/', router: directionsApi },
  { prefix: '/', router: geocodingApi },
  { prefix: '/', router: healthApi },
  { prefix: '/', router: dashboardApi },
  { prefix: '/', router: transferApi },
  { prefix: '/', router: routeFilesApi },
  { prefix: '/', router: openDataApi },
  { prefix: '/', router: reportsApi },
  { prefix: '/', router: monthlyReportApi },
  { prefix: '/', router: accessibilityApi },
  { prefix: '/', router: trashApi },
  { prefix: '/', router: activityApi },
  { prefix: '/', router: revisionsApi },
] as const

/** The REST API (mounted at /api by the server; tests call it in process with `api.request`). */
export function createApi(services: Services) {
  const api = createRouter()
  api.use('*', async (c, next) => {
    c.set('services', services)
    await next()
  })
  // Open data: CORS-open (errors too: first, so that every refusal below carries the headers),
  // rate-limited per client, and a preflight answer.
  api.use('/public/*', openDataHeaders)
  // JSON bodies up to MAX_BODY_BYTES; multipart uploads their own limit (8 MiB images).
  api.use('*', requestBodyLimit(services.config.MAX_BODY_BYTES))
  api.use('*', requireKnownBodyType)
  api.use('*', refuseNulCharacters)
  api.use('*', requireSameOrigin)
  api.use('*', resolveSession)
  api.options('/public/*', (c) =>
    c.body(null, 204, { 'Access-Control-Allow-Methods': 'GET, OPTIONS', 'Access-Control-Allow-Headers': 'If-None-Match, Accept-Language', 'Access-Control-Max-Age': '86400' }),
  )
  for (const { prefix, router } of apiRouters) api.route(prefix, router)
  describeOperations(api as never)

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

