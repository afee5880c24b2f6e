import { ApiError, apiErrorMessage } from '#app/client/api-client.ts'

export interface NearbyPlace {
  id: number
  name: string
  distance: number
}

export type AddLocationBody = { place_id: number } | { lat: number; lng: number; name: string; create_anyway?: boolean }

export type AddLocationOutcome = { kind: 'linked' } | { kind: 'nearby'; places: NearbyPlace[] } | { kind: 'failed'; message: string | null; errors?: Record<string, string[]> }

/**
 * PUT /api/qr-codes/{code}/add-location. Plain fetch, not apiRequest: its 409 carries the places
 * within 20 m to offer, and must not be retried as apiRequest retries a 409.
 */
export async function addLocation(code: string, body: AddLocationBody, fetchImpl: typeof fetch = fetch): Promise<AddLocationOutcome> {
  try {
    const response = await fetchImpl(`/api/qr-codes/${encodeURIComponent(code)}/add-location`, {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    const payload = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]>; data?: { nearby_places?: NearbyPlace[] } }
    if (response.ok) return { kind: 'linked' }
    if (response.status === 409 && Array.isArray(payload.data?.nearby_places)) return { kind: 'nearby', places: payload.data.nearby_places }
    const error = new ApiError(response.status, payload.message ?? '', payload.errors, payload.message !== undefined)
    return { kind: 'failed', message: apiErrorMessage(error, '') || null, errors: payload.errors }
  } catch {
    return { kind: 'failed', message: null }
  }
}
