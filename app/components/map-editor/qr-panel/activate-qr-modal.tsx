import { MapPin } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { ConfirmFooter, Modal } from '#app/components/ui/modal.tsx'
import { useLocale } from '#app/i18n/use-locale.ts'
import { formatDistance } from '#app/utils/format-walk.ts'
import type { LatLng } from '../contracts.ts'
import { ErrorBanner } from '#app/components/ui/alert.tsx'
import { InputField } from '#app/components/ui/text-field.tsx'
import { addLocation, type AddLocationBody, type NearbyPlace } from './add-location.ts'

export type ActivationSource = 'map' | 'device'

type Step = { kind: 'locating' } | { kind: 'noPosition'; message: string } | { kind: 'form'; at: LatLng } | { kind: 'nearby'; at: LatLng; places: NearbyPlace[] }

/**
 * Activates a code at the map's centre or at the device's position: a name, then add-location.
 * Places within 20 m (the 409) are offered to link instead, or the new place is created anyway.
 */
export function ActivateQrModal({
  open,
  onOpenChange,
  code,
  source,
  getMapCenter,
  onDone,
}: {
  open: boolean
  onOpenChange(open: boolean): void
  code: string
  source: ActivationSource
  getMapCenter(): LatLng | null
  onDone(): void
}) {
  const { t } = useTranslation()
  const locale = useLocale()
  const formId = useId()
  // Mounted on each opening (see QrPanel): the map centre is read once, when it opens.
  const [step, setStep] = useState<Step>(() => {
    if (source === 'map') {
      const at = getMapCenter()
      return at ? { kind: 'form', at } : { kind: 'noPosition', message: t('qrPanel.activate.mapNotReady') }
    }
    return typeof navigator === 'undefined' || !('geolocation' in navigator) ? { kind: 'noPosition', message: t('qrPage.activate.noLocation') } : { kind: 'locating' }
  })
  const [name, setName] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<string[] | undefined>()

  const locating = step.kind === 'locating'
  useEffect(() => {
    if (!locating) return
    let live = true
    navigator.geolocation.getCurrentPosition(
      (p) => live && setStep({ kind: 'form', at: { lat: p.coords.latitude, lng: p.coords.longitude } }),
      () => live && setStep({ kind: 'noPosition', message: t('qrPage.activate.noLocation') }),
      { enableHighAccuracy: true, timeout: 30_000 },
    )
    return () => {
      live = false
    }
  }, [locating, t])

  async function send(body: AddLocationBody, at: LatLng) {
    setBusy(true)
    setError(null)
    setFieldErrors(undefined)
    const outcome = await addLocation(code, body)
    setBusy(false)
    if (outcome.kind === 'linked') {
      onOpenChange(false)
      onDone()
    } else if (outcome.kind === 'nearby') {
      setStep({ kind: 'nearby', at, places: outcome.places })
    } else {
      setFieldErrors(outcome.errors?.name)
      setError(outcome.errors?.name ? null : (outcome.message ?? t('qrPage.activate.failed')))
    }
  }

  const trimmed = name.trim()
  const footer =
    step.kind === 'form' ? (
      <ConfirmFooter onCancel={() => onOpenChange(false)} busy={busy} form={formId} disabled={!trimmed} label={t('qrPage.activate.submit')} testId="activate-submit" />
    ) : undefined

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      dismissible={!busy}
      testId="activate-qr-modal"
      title={t('qrPanel.activate.title', { code })}
      description={t(source === 'map' ? 'qrPanel.activate.atMapHelp' : 'qrPanel.activate.atDeviceHelp')}
      footer={footer}
    >
      <div className="flex flex-col gap-3">
        <ErrorBanner message={error} testId="modal-error" />
        {step.kind === 'locating' ? (
          <p role="status" className="text-sm">
            {t('qrPage.activate.locating')}
          </p>
        ) : null}
        {step.kind === 'noPosition' ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {step.message}
          </p>
        ) : null}
        {step.kind === 'form' ? (
          <form
            id={formId}
            className="flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault()
              if (trimmed) void send({ lat: step.at.lat, lng: step.at.lng, name: trimmed }, step.at)
            }}
          >
            {/* latitude/longitude, not lat/lng: i18next reads an `lng` option as the language. */}
            <p className="text-sm text-gray-600 dark:text-gray-300" data-testid="activation-position">
              {t(source === 'map' ? 'qrPanel.activate.atMap' : 'qrPanel.activate.atDevice', { latitude: step.at.lat.toFixed(5), longitude: step.at.lng.toFixed(5) })}
            </p>
            <InputField label={t('qrPage.activate.name')} value={name} onChange={(e) => setName(e.target.value)} maxLength={120} required autoFocus errors={fieldErrors} testId="activation-name" />
          </form>
        ) : null}
        {step.kind === 'nearby' ? (
          <div className="flex flex-col gap-2" data-testid="nearby-places">
            <p className="text-sm">{t('qrPage.activate.nearbyIntro')}</p>
            <ul className="flex flex-col gap-2">
              {step.places.map((place) => (
                <li key={place.id}>
                  <Button type="button" variant="secondary" disabled={busy} onClick={() => void send({ place_id: place.id }, step.at)} className="min-h-11 w-full justify-between">
                    <span className="flex items-center gap-2">
                      <MapPin className="size-4" aria-hidden />
                      {t('qrPage.activate.link', { name: place.name })}
                    </span>
                    <span className="text-xs text-gray-600 dark:text-gray-300">{formatDistance(place.distance, locale)}</span>
                  </Button>
                </li>
              ))}
            </ul>
            <Button
              type="button"
              variant="ghost"
              disabled={busy}
              data-testid="create-anyway"
              onClick={() => void send({ lat: step.at.lat, lng: step.at.lng, name: trimmed, create_anyway: true }, step.at)}
              className="min-h-11"
            >
              {t('qrPage.activate.createAnyway', { name: trimmed })}
            </Button>
          </div>
        ) : null}
      </div>
    </Modal>
  )
}
