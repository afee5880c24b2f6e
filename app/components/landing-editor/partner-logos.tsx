import { ChevronLeft, ChevronRight, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import type { RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import { apiRequest } from '#app/client/api-client.ts'
import { ImagePicker } from './image-picker.tsx'
import { uploadImage } from './upload.ts'
import { useRouteChange } from './use-route-change.ts'

/** The logo ids with the one at `index` swapped with its neighbour (`by` -1: earlier, +1: later). */
function moved(ids: number[], index: number, by: -1 | 1): number[] {
  const next = [...ids]
  ;[next[index], next[index + by]] = [next[index + by], next[index]]
  return next
}

/** Partner logos in their stored order: append, move earlier or later, remove. */
export function PartnerLogos({ route, onChange }: { route: RouteView; onChange: (route: RouteView) => void }) {
  const { t } = useTranslation()
  const { busy, run } = useRouteChange(onChange, t('landingEditor.uploadFailed'))
  const move = (index: number, by: -1 | 1) =>
    run(
      () => apiRequest(`/routes/${route.uuid}/logos/order`, { method: 'PUT', body: { ids: moved(route.logos.map((l) => l.id), index, by) } }),
      t('branding.reorderFailed'),
    )
  const last = route.logos.length - 1
  return (
    <section aria-labelledby="partner-logos-title" className="flex flex-col gap-3" data-testid="partner-logos">
      <h2 id="partner-logos-title" className="text-lg font-semibold">
        {t('branding.partnerLogos')}
      </h2>
      {route.logos.length === 0 ? <p className="text-sm text-gray-600 dark:text-gray-300">{t('branding.noLogos')}</p> : null}
      <ol className="flex flex-wrap gap-3">
        {route.logos.map((logo, i) => (
          <li key={logo.id} className="flex flex-col items-center gap-1 rounded-lg border border-gray-200 p-2 dark:border-gray-800">
            <img src={logo.url} alt={t('branding.logoN', { n: i + 1 })} className="h-16 w-24 object-contain" data-testid="partner-logo" data-logo-id={logo.id} />
            <div className="flex gap-1">
              <Button
                type="button"
                variant="ghost"
                className="px-2 py-1"
                disabled={busy || i === 0}
                aria-label={t('branding.moveLogoUp', { n: i + 1 })}
                title={t('branding.moveLogoUp', { n: i + 1 })}
                data-testid="logo-move-up"
                onClick={() => void move(i, -1)}
              >
                <ChevronLeft className="size-4" aria-hidden />
              </Button>
              <Button
                type="button"
                variant="ghost"
                className="px-2 py-1"
                disabled={busy || i === last}
                aria-label={t('branding.moveLogoDown', { n: i + 1 })}
                title={t('branding.moveLogoDown', { n: i + 1 })}
                data-testid="logo-move-down"
                onClick={() => void move(i, 1)}
              >
                <ChevronRight className="size-4" aria-hidden />
              </Button>
            </div>
            <Button type="button" variant="ghost" className="px-2 py-1 text-xs" disabled={busy} onClick={() => void run(() => apiRequest(`/routes/${route.uuid}/logos/${logo.id}`, { method: 'DELETE' }))}>
              <Trash2 className="size-3.5" aria-hidden />
              {t('landingEditor.removeImage')}
              <span className="sr-only">{t('branding.logoN', { n: i + 1 })}</span>
            </Button>
          </li>
        ))}
      </ol>
      <div>
        <ImagePicker busy={busy} testId="partner-logo-input" onFile={(file) => void run(() => uploadImage(`/routes/${route.uuid}/logos`, file))}>
          {t('branding.addLogo')}
        </ImagePicker>
      </div>
    </section>
  )
}
