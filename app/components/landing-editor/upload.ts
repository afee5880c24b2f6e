import { ApiError, apiRequest } from '#app/client/api-client.ts'
import type { RouteView } from '#app/modules/walks/walk-responses.schema.ts'

/**
 * Sends an image as multipart/form-data (field `file`) and answers the route. apiRequest only
 * speaks JSON; uploads are not retried (not idempotent), and a 401 then goes through apiRequest
 * so the expired-session flow stays in one place.
 */
export async function uploadImage(path: `/routes/${string}/${string}`, file: File): Promise<RouteView> {
  const form = new FormData()
  form.append('file', file)
  const response = await fetch(`/api${path}`, { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json' }, body: form })
  const payload = (await response.json().catch(() => ({}))) as { data?: RouteView; message?: string; errors?: Record<string, string[]> }
  if (response.ok) return payload.data as RouteView
  if (response.status === 401) return apiRequest(`/routes/${path.split('/')[2]}/get-route`)
  throw new ApiError(response.status, payload.message ?? response.statusText, payload.errors, payload.message !== undefined)
}
