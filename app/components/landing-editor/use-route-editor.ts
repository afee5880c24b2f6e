import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidator } from 'react-router'
import { addToast, SAVED_NOTICE_MS } from '#app/components/shell/toast-store.ts'
import type { RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import { apiErrorMessage, apiRequest, ApiError, isSessionEnded } from '#app/client/api-client.ts'
import type { ApiBody } from '#app/client/api-contract.ts'
import type { FieldErrors } from '#app/utils/errors.ts'
import { messageKey } from '#app/i18n/keys.ts'

/** Field errors as the form shows them: messages in the user's language, by the form's field key. */
export type FormErrors = Record<string, string[]>

export interface RouteEditorOptions<S> {
  toState: (route: RouteView) => S
  /** The update the edits make (PUT /routes/update's body, checked by tsc against the API's schema). */
  toUpdate: (uuid: string, saved: S, edited: S) => ApiBody<'/routes/update', 'PUT'> | null
  /** Checks the update before it is sent (the API's own rules), by the form's field keys. */
  validate?: (update: object) => FieldErrors | null
  /** The form's field key of an API error key (`translations.de.name` → `de.name`). */
  fieldOf?: (apiKey: string) => string
  /** The label of a form field, named in its messages ("Name is required"). */
  labelOf?: (field: string) => string
}

/**
 * The editing state of one route on a manager screen: the saved and edited form states, the
 * update they differ by, and a save that sends only that (PUT /routes/update is strict). Invalid
 * input is shown at its field (checked before sending, and from a 422), never as a passing toast.
 */
export function useRouteEditor<S>(initial: RouteView, { toState, toUpdate, validate, fieldOf = (key) => key, labelOf }: RouteEditorOptions<S>) {
  const { t } = useTranslation()
  const revalidator = useRevalidator()
  const [route, setRoute] = useState(initial)
  const [saved, setSaved] = useState<S>(() => toState(initial))
  const [edited, setEdited] = useState<S>(() => toState(initial))
  const [saving, setSaving] = useState(false)
  const [errors, setErrors] = useState<FormErrors>({})
  const changes = toUpdate(route.uuid, saved, edited)

  /** Saves; true when saved (or nothing to save). */
  const save = async (): Promise<boolean> => {
    if (!changes) return true
    const invalid = validate?.(changes)
    if (invalid && Object.keys(invalid).length > 0) {
      setErrors(Object.fromEntries(Object.entries(invalid).map(([field, messages]) => [field, messages.map((m) => t(messageKey(m.key), { ...m.values, ...(labelOf ? { attribute: labelOf(field) } : {}) }))])))
      return false
    }
    setErrors({})
    setSaving(true)
    try {
      const next = await apiRequest('/routes/update', { method: 'PUT', body: changes })
      setRoute(next)
      setSaved(toState(next))
      setEdited(toState(next))
      addToast({ title: t('landingEditor.saved'), timeout: SAVED_NOTICE_MS })
      // The screen's route picker lists the routes as loaded: a new name or status shows there at once.
      void revalidator.revalidate()
      return true
    } catch (error) {
      if (isSessionEnded(error)) return false // said once by the API client; the work is kept
      if (error instanceof ApiError && error.status === 422 && error.errors && Object.keys(error.errors).length > 0) {
        const fields: FormErrors = {}
        for (const [key, messages] of Object.entries(error.errors)) (fields[fieldOf(key)] ??= []).push(...messages)
        setErrors(fields)
      } else {
        addToast({ title: t('editorSafety.saveFailed'), description: apiErrorMessage(error, '') || undefined })
      }
      return false
    } finally {
      setSaving(false)
    }
  }

  /** The route as saved elsewhere (a restored revision): the form starts from it. */
  const replace = (next: RouteView) => {
    setRoute(next)
    setSaved(toState(next))
    setEdited(toState(next))
    setErrors({})
    void revalidator.revalidate()
  }

  /** Back to the route as last saved. */
  const discard = () => {
    setEdited(saved)
    setErrors({})
  }

  return { route, setRoute, replace, saved, edited, setEdited, changes, saving, save, discard, errors }
}
