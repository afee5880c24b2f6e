import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { addToast } from '#app/components/shell/toast-store.ts'
import type { RouteView } from '#app/modules/walks/walk-serializer.server.ts'
import { apiRequest } from '#app/utils/api-client.ts'
import { errorText } from './upload.ts'

/** Spec section 4: the route-saved notice shows for one second. */
const SAVED_NOTICE_MS = 1000

/**
 * The editing state of one route on a manager screen: the saved and edited form states, the
 * update they differ by, and a save that sends only that (PUT /routes/update is strict).
 */
export function useRouteEditor<S>(initial: RouteView, toState: (route: RouteView) => S, toUpdate: (uuid: string, saved: S, edited: S) => object | null) {
  const { t } = useTranslation()
  const [route, setRoute] = useState(initial)
  const [saved, setSaved] = useState<S>(() => toState(initial))
  const [edited, setEdited] = useState<S>(() => toState(initial))
  const [saving, setSaving] = useState(false)
  const changes = toUpdate(route.uuid, saved, edited)

  const save = async () => {
    if (!changes) return
    setSaving(true)
    try {
      const next = await apiRequest<RouteView>('/routes/update', { method: 'PUT', body: changes })
      setRoute(next)
      setSaved(toState(next))
      setEdited(toState(next))
      addToast({ title: t('landingEditor.saved'), timeout: SAVED_NOTICE_MS })
    } catch (error) {
      addToast({ title: t('landingEditor.saveFailed', { uuid: route.uuid }), description: errorText(error, '') || undefined })
    } finally {
      setSaving(false)
    }
  }

  return { route, setRoute, saved, edited, setEdited, changes, saving, save }
}
