import { LocateFixed, MapPin } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { LengthHint } from '#app/components/ui/length-hint.tsx'
import { addToast } from '#app/components/shell/toast-store.ts'
import { useLocale } from '#app/i18n/use-locale.ts'
import { formatDistance } from '#app/utils/format-walk.ts'
import { ApiError, apiErrorMessage } from '#app/client/api-client.ts'

/** The longest name of a place activated here (the activation API's limit). */
const NAME_MAX = 120

interface NearbyPlace {
  id: number
  name: string
  distance: number
}

type Step = { kind: 'start' } | { kind: 'locating' } | { kind: 'located'; lat: number; lng: number } | { kind: 'nearby'; lat: number; lng: number; places: NearbyPlace[] }

/**
 * The "activate here" flow for a member: the device's position, a name, then
 * PUT /api/qr-codes/{code}/add-location. Places within 20 m (a 409) are offered to link instead.
 * Plain fetch, not apiRequest: the 409 carries data to show, and must not be retried.
 */
export function QrActivation({ code, onDone }: { code: string; onDone: () => void }) {
  const { t } = useTranslation()
  const locale = useLocale()
  const nameId = useId()
  const [step, setStep] = useState<Step>({ kind: 'start' })
  const [name, setName] = useState('')
  const [busy, setBusy] = useState(false)

  function locate() {
    if (!('geolocation' in navigator)) return addToast({ title: t('qrPage.activate.noLocation') })
    setStep({ kind: 'locating' })
    navigator.geolocation.getCurrentPosition(
      (p) => setStep({ kind: 'located', lat: p.coords.latitude, lng: p.coords.longitude }),
      () => {
        setStep({ kind: 'start' })
        addToast({ title: t('qrPage.activate.noLocation') })
      },
      { enableHighAccuracy: true, timeout: 30_000 },
    )
  }

  async function send(body: Record<string, unknown>, at: { lat: number; lng: number }) {
    setBusy(true)
    try {
      const response = await fetch(`/api/qr-codes/${encodeURIComponent(code)}/add-location`, {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
      const payload = (await response.json().catch(() => ({}))) as { message?: string; data?: { nearby_places?: NearbyPlace[] } }
      if (response.ok) return onDone()
      if (response.status === 409 && payload.data?.nearby_places) return setStep({ kind: 'nearby', ...at, places: payload.data.nearby_places })
      addToast({ title: apiErrorMessage(new ApiError(response.status, payload.message ?? '', undefined, payload.message !== undefined), t('qrPage.activate.failed')) })
    } catch {
      addToast({ title: t('qrPage.activate.failed') })
    } finally {
      setBusy(false)
    }
  }

  if (step.kind === 'start' || step.kind === 'locating') {
    return (
      <div className="space-y-3">
        <p>{t('qrPage.activate.intro')}</p>
        <Button type="button" onClick={locate} disabled={step.kind === 'locating'} className="min-h-12 w-full text-base">
          <LocateFixed className="size-5" aria-hidden="true" />
          {step.kind === 'locating' ? t('qrPage.activate.locating') : t('qrPage.activate.useLocation')}
        </Button>
      </div>
    )
  }

  const at = { lat: step.lat, lng: step.lng }
  if (step.kind === 'nearby') {
    return (
      <div className="space-y-3" data-testid="nearby-places">
        <p>{t('qrPage.activate.nearbyIntro')}</p>
        <ul className="space-y-2">
          {step.places.map((place) => (
            <li key={place.id}>
              <Button type="button" variant="secondary" disabled={busy} onClick={() => send({ place_id: place.id }, at)} className="min-h-12 w-full justify-between text-base">
                <span className="flex items-center gap-2">
                  <MapPin className="size-5" aria-hidden="true" />
                  {t('qrPage.activate.link', { name: place.name })}
                </span>
                <span className="text-sm text-gray-600 dark:text-gray-300">{formatDistance(place.distance, locale)}</span>
              </Button>
            </li>
          ))}
        </ul>
        <Button type="button" variant="ghost" disabled={busy} onClick={() => send({ ...at, name: name.trim(), create_anyway: true }, at)} className="min-h-12 w-full text-base">
          {t('qrPage.activate.createAnyway', { name: name.trim() })}
        </Button>
      </div>
    )
  }

  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault()
        if (name.trim()) void send({ ...at, name: name.trim() }, at)
      }}
    >
      <p className="text-sm text-gray-600 dark:text-gray-300" data-testid="activation-position">
        {t('qrPage.activate.position', { latitude: step.lat.toFixed(5), longitude: step.lng.toFixed(5) })}
      </p>
      <label htmlFor={nameId} className="block text-sm font-medium">
        {t('qrPage.activate.name')}
      </label>
      <input
        id={nameId}
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        maxLength={NAME_MAX}
        aria-describedby={`${nameId}-length`}
        className="block min-h-12 w-full rounded-lg border border-gray-300 bg-white px-3 text-base dark:border-gray-700 dark:bg-gray-900"
      />
      <LengthHint id={`${nameId}-length`} length={name.length} max={NAME_MAX} />
      <Button type="submit" disabled={busy || !name.trim()} className="min-h-12 w-full text-base">
        {t('qrPage.activate.submit')}
      </Button>
    </form>
  )
}
