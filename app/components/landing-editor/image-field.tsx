import { ImagePlus, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { addToast } from '#app/components/shell/toast-store.ts'
import { Button } from '#app/components/ui/button.tsx'
import type { RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import { apiRequest } from '#app/utils/api-client.ts'
import { apiErrorMessage } from '#app/utils/api-client.ts'
import { uploadImage } from './upload.ts'

/** One image of a route (photo, content image, professional logo): preview, replace, remove. */
export function ImageField({
  label,
  url,
  uploadPath,
  removePath,
  onChange,
  testId,
  contain = false,
}: {
  label: string
  url: string | null
  uploadPath: `/routes/${string}/${'photo' | 'content-image' | 'logo-pro'}`
  removePath: `/routes/${string}/remove-${'photo' | 'content-image' | 'logo-pro'}`
  onChange: (route: RouteView) => void
  testId: string
  contain?: boolean
}) {
  const { t } = useTranslation()
  const inputId = useId()
  const [busy, setBusy] = useState(false)

  const run = async (work: () => Promise<RouteView>) => {
    setBusy(true)
    try {
      onChange(await work())
    } catch (error) {
      addToast({ title: apiErrorMessage(error, t('landingEditor.uploadFailed')) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="flex flex-col gap-2" data-testid={testId}>
      <span className="text-sm font-medium">{label}</span>
      <div className="flex aspect-video w-full max-w-sm items-center justify-center overflow-hidden rounded-lg border border-dashed border-gray-300 bg-gray-50 dark:border-gray-700 dark:bg-gray-900">
        {url ? (
          <img src={url} alt={t('landingEditor.preview', { label })} className={contain ? 'max-h-full max-w-full object-contain p-2' : 'h-full w-full object-cover'} data-testid={`${testId}-preview`} />
        ) : (
          <span className="text-sm text-gray-500 dark:text-gray-400">{t('landingEditor.noImage')}</span>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <label
          htmlFor={inputId}
          className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-900 dark:hover:bg-gray-800"
        >
          <ImagePlus className="size-4" aria-hidden />
          {url ? t('landingEditor.replaceImage') : t('landingEditor.uploadImage')}
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          className="sr-only"
          disabled={busy}
          aria-label={label}
          data-testid={`${testId}-input`}
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (file) void run(() => uploadImage(uploadPath, file))
          }}
        />
        {url ? (
          <Button type="button" variant="ghost" disabled={busy} onClick={() => void run(() => apiRequest(removePath, { method: 'DELETE' }))}>
            <Trash2 className="size-4" aria-hidden />
            {t('landingEditor.removeImage')}
          </Button>
        ) : null}
      </div>
    </div>
  )
}
