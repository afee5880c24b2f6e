import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { addToast } from '#app/components/shell/toast-store.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Modal } from '#app/components/ui/modal.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import type { PlaceSummary } from '#app/modules/places/places.schema.ts'
import { apiErrorMessage, apiRequest } from '#app/client/api-client.ts'
import type { LatLng } from './contracts.ts'
import { useBusyAction } from '#app/components/ui/use-busy-action.ts'

interface NewPlaceDialogProps {
  /** The spot picked on the map; null: closed. */
  at: LatLng | null
  categoryId: number
  /** A route is open: offer to add the new place to it. */
  canAdd: boolean
  onClose(): void
  onCreated(place: PlaceSummary, addToRoute: boolean): void
}

/** Names a place at a spot picked on the map and creates it (`POST /api/places`). */
export function NewPlaceDialog({ at, categoryId, canAdd, onClose, onCreated }: NewPlaceDialogProps) {
  const { t, i18n } = useTranslation()
  const [name, setName] = useState('')
  const [addToRoute, setAddToRoute] = useState(true)
  const [busy, run] = useBusyAction()
  const [error, setError] = useState<string | null>(null)
  const close = () => {
    setName('')
    setError(null)
    onClose()
  }
  const coordinate = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 5 })

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!at || !name.trim()) return
    await run(async () => {
      setError(null)
      try {
        const place = await apiRequest('/places', { method: 'POST', body: { place_category_id: categoryId, name: name.trim(), lat: at.lat, lng: at.lng } })
        addToast({ title: t('mapEditor.placeCreated', { name: place.name }), timeout: 2500 })
        onCreated(place, canAdd && addToRoute)
        setName('')
      } catch (e) {
        setError(apiErrorMessage(e, t('mapEditor.placeFailed')))
      }
    })
  }

  return (
    <Modal
      open={at !== null}
      onOpenChange={(open) => (open ? null : close())}
      title={t('mapEditor.newPlaceTitle')}
      description={at ? t('mapEditor.newPlaceAt', { latitude: coordinate.format(at.lat), longitude: coordinate.format(at.lng) }) : undefined}
      size="sm"
      testId="new-place-dialog"
      dismissible={!busy}
    >
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <TextField label={t('mapEditor.placeName')} name="name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={160} autoFocus autoComplete="off" />
        {canAdd ? (
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" checked={addToRoute} onChange={(e) => setAddToRoute(e.target.checked)} className="size-4 rounded border-gray-300 accent-primary-600" />
            {t('mapEditor.addAfterCreate')}
          </label>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={close} disabled={busy}>
            {t('mapEditor.cancelPick')}
          </Button>
          <Button type="submit" disabled={busy || !name.trim()} data-testid="new-place-create">
            {t('mapEditor.create')}
          </Button>
        </div>
      </form>
    </Modal>
  )
}
