import { RefreshCw, Smartphone } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorBanner } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Modal } from '#app/components/ui/modal.tsx'
import { qrSvg } from '#app/modules/qr-codes/qr-svg.ts'
import { apiRequest } from '#app/client/api-client.ts'
import { CopyField } from './copy-field.tsx'
import { formatCountdown, mapEditorPath, TEMP_TOKEN_LIFETIME_MS, tempLoginUrl } from './share-links.ts'

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; url: string; svg: string; expiresAt: number }

/**
 * Opens this map on a phone: a single-use temporary token (POST /api/auth/get-temp-token, five
 * minutes) in a QR code that signs the phone in and lands on /map with this category and route.
 */
export function MobileMapModal({ open, onOpenChange, categoryId, routeUuid }: { open: boolean; onOpenChange(open: boolean): void; categoryId: number; routeUuid: string | null }) {
  const { t } = useTranslation()
  const [state, setState] = useState<State>({ kind: 'loading' })
  const [now, setNow] = useState(() => Date.now())
  // Bumped by "new code": each value fetches one token; a late answer for an old one is dropped.
  const [generation, setGeneration] = useState(0)

  useEffect(() => {
    let live = true
    void (async () => {
      try {
        const { token } = await apiRequest('/auth/get-temp-token', { method: 'POST' })
        const fetchedAt = Date.now()
        const url = tempLoginUrl(window.location.origin, token, mapEditorPath(categoryId, routeUuid))
        // The qrcode package loads only when this modal opens.
        const svg = await qrSvg(url)
        if (live) setState({ kind: 'ready', url, svg, expiresAt: fetchedAt + TEMP_TOKEN_LIFETIME_MS })
      } catch {
        if (live) setState({ kind: 'failed' })
      }
    })()
    return () => {
      live = false
    }
  }, [generation, categoryId, routeUuid])

  const renew = () => {
    setState({ kind: 'loading' })
    setGeneration((g) => g + 1)
  }

  const ready = state.kind === 'ready'
  useEffect(() => {
    if (!ready) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [ready])

  const left = state.kind === 'ready' ? Math.min(state.expiresAt - now, TEMP_TOKEN_LIFETIME_MS) : 0
  const expired = state.kind === 'ready' && left <= 0

  return (
    <Modal open={open} onOpenChange={onOpenChange} testId="mobile-map-modal" title={t('routeModals.mobile.title')} description={t('routeModals.mobile.description')}>
      <div className="flex flex-col items-center gap-4">
        {state.kind === 'loading' ? (
          <div className="flex size-56 items-center justify-center rounded-lg border border-dashed border-gray-300 text-sm text-gray-500 dark:text-gray-400 dark:border-gray-700" role="status">
            {t('routeModals.mobile.loading')}
          </div>
        ) : null}
        {state.kind === 'failed' ? (
          <ErrorBanner message={t('routeModals.mobile.failed')} testId="mobile-error" className="w-full" />
        ) : null}
        {state.kind === 'ready' ? (
          <>
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(state.svg)}`}
              alt={t('routeModals.mobile.qrAlt')}
              data-testid="mobile-qr"
              className={`size-56 rounded-lg border border-gray-200 bg-white p-2 dark:border-gray-700 ${expired ? 'opacity-20' : ''}`}
            />
            <p className="flex items-center gap-2 text-sm" aria-live="polite" data-testid="mobile-countdown">
              <Smartphone className="size-4" aria-hidden />
              {expired ? t('routeModals.mobile.expired') : t('routeModals.mobile.expiresIn', { time: formatCountdown(left) })}
            </p>
            {!expired ? (
              <div className="w-full">
                <CopyField label={t('routeModals.mobile.link')} value={state.url} testId="mobile-url" />
                <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">{t('routeModals.mobile.singleUse')}</p>
              </div>
            ) : null}
          </>
        ) : null}
        <Button type="button" variant="secondary" onClick={renew} disabled={state.kind === 'loading'} data-testid="mobile-new-code">
          <RefreshCw className="size-4" aria-hidden />
          {t('routeModals.mobile.newCode')}
        </Button>
      </div>
    </Modal>
  )
}
