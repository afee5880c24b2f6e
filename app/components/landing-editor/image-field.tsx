import { Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import type { RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import { apiRequest } from '#app/client/api-client.ts'
import { ImagePicker } from './image-picker.tsx'
import { uploadImage } from './upload.ts'
import { useRouteChange } from './use-route-change.ts'

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
  const { busy, run } = useRouteChange(onChange, t('landingEditor.uploadFailed'))

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
        <ImagePicker busy={busy} ariaLabel={label} testId={`${testId}-input`} onFile={(file) => void run(() => uploadImage(uploadPath, file))}>
          {url ? t('landingEditor.replaceImage') : t('landingEditor.uploadImage')}
        </ImagePicker>
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
