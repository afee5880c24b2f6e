import { useState } from 'react'
import { addToast } from '#app/components/shell/toast-store.ts'
import type { RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import { apiErrorMessage } from '#app/client/api-client.ts'

/**
 * One change of a route at a time (an upload, a move, a removal): `busy` while it runs, the
 * answered route passed to `onChange`, a failure shown as a toast (the API's message, else
 * `failure`).
 */
export function useRouteChange(onChange: (route: RouteView) => void, failure: string) {
  const [busy, setBusy] = useState(false)
  const run = async (work: () => Promise<RouteView>, message = failure) => {
    setBusy(true)
    try {
      onChange(await work())
    } catch (error) {
      addToast({ title: apiErrorMessage(error, message) })
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}
