import { ImagePlus, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { addToast } from '#app/components/shell/toast-store.ts'
import { Button } from '#app/components/ui/button.tsx'
import type { RouteView } from '#app/modules/walks/walk-serializer.server.ts'
import { apiRequest } from '#app/utils/api-client.ts'
import { errorText, uploadImage } from './upload.ts'

/** Partner logos in their stored order (the API has no reorder endpoint): append, remove. */
export function PartnerLogos({ route, onChange }: { route: RouteView; onChange: (route: RouteView) => void }) {
  const { t } = useTranslation()
  const inputId = useId()
  const [busy, setBusy] = useState(false)
  const run = async (work: () => Promise<RouteView>) => {
    setBusy(true)
    try {
      onChange(await work())
    } catch (error) {
      addToast({ title: errorText(error, t('landingEditor.uploadFailed')) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <section aria-labelledby="partner-logos-title" className="flex flex-col gap-3" data-testid="partner-logos">
      <h2 id="partner-logos-title" className="text-lg font-semibold">
        {t('branding.partnerLogos')}
      </h2>
      {route.logos.length === 0 ? <p className="text-sm text-gray-600 dark:text-gray-300">{t('branding.noLogos')}</p> : null}
      <ol className="flex flex-wrap gap-3">
        {route.logos.map((logo, i) => (
          <li key={logo.id} className="flex flex-col items-center gap-1 rounded-lg border border-gray-200 p-2 dark:border-gray-800">
            <img src={logo.url} alt={t('branding.logoN', { n: i + 1 })} className="h-16 w-24 object-contain" />
            <Button type="button" variant="ghost" className="px-2 py-1 text-xs" disabled={busy} onClick={() => void run(() => apiRequest<RouteView>(`/routes/${route.uuid}/logos/${logo.id}`, { method: 'DELETE' }))}>
              <Trash2 className="size-3.5" aria-hidden />
              {t('landingEditor.removeImage')}
              <span className="sr-only">{t('branding.logoN', { n: i + 1 })}</span>
            </Button>
          </li>
        ))}
      </ol>
      <div>
        <label
          htmlFor={inputId}
          className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-900 dark:hover:bg-gray-800"
        >
          <ImagePlus className="size-4" aria-hidden />
          {t('branding.addLogo')}
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          className="sr-only"
          disabled={busy}
          data-testid="partner-logo-input"
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (file) void run(() => uploadImage(`/routes/${route.uuid}/logos`, file))
          }}
        />
      </div>
    </section>
  )
}
