// A visitor started a stop's recording: the statistics count it per stop (ADR 123). Sent as a
// beacon (it outlives a page left at once) through the visitors' events endpoint, which limits
// each client; offline or refused, the play is simply not counted.
export function countPlay(routeUuid: string, placeId: number): void {
  const body = JSON.stringify({ type: 'audio_play', route_uuid: routeUuid, place_id: placeId })
  try {
    if (navigator.sendBeacon?.('/api/events', new Blob([body], { type: 'text/plain' }))) return
  } catch {
    // A beacon refused by the browser: sent as a request below.
  }
  void fetch('/api/events', { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true }).catch(() => undefined)
}
