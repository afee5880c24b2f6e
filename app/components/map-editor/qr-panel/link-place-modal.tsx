import { MapPin } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Modal } from '#app/components/ui/modal.tsx'
import type { PlaceSummary } from '#app/modules/places/places.schema.ts'
import { ErrorBanner } from '#app/components/ui/alert.tsx'
import { addLocation } from './add-location.ts'
import { SearchField } from '#app/components/ui/search-field.tsx'
import { RowButton } from '#app/components/ui/row-button.tsx'

const fold = (s: string) => s.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '')

/** Links a code to an existing place of the category (add-location with place_id). */
export function LinkPlaceModal({ open, onOpenChange, code, places, onDone }: { open: boolean; onOpenChange(open: boolean): void; code: string; places: PlaceSummary[]; onDone(): void }) {
  const { t } = useTranslation()
  const [query, setQuery] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const shown = useMemo(() => {
    const q = fold(query.trim())
    const sorted = [...places].sort((a, b) => a.name.localeCompare(b.name))
    return q ? sorted.filter((p) => fold(p.name).includes(q)) : sorted
  }, [places, query])

  async function link(placeId: number) {
    setBusy(true)
    setError(null)
    const outcome = await addLocation(code, { place_id: placeId })
    setBusy(false)
    if (outcome.kind === 'linked') {
      onOpenChange(false)
      onDone()
    } else setError(outcome.kind === 'failed' ? (outcome.message ?? t('qrPanel.failed')) : t('qrPanel.failed'))
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} dismissible={!busy} testId="link-place-modal" title={t('qrPanel.link.title', { code })} description={t('qrPanel.link.description')}>
      <div className="flex flex-col gap-3">
        <ErrorBanner message={error} testId="modal-error" />
        <SearchField label={t('qrPanel.link.search')} value={query} onChange={setQuery} />
        {shown.length === 0 ? (
          <p role="status" className="py-4 text-center text-sm text-gray-500 dark:text-gray-400">
            {places.length === 0 ? t('qrPanel.link.none') : t('qrPanel.link.noMatch')}
          </p>
        ) : (
          <ul className="flex max-h-80 flex-col divide-y divide-gray-200 overflow-y-auto rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
            {shown.map((p) => (
              <li key={p.id}>
                <RowButton disabled={busy} onClick={() => void link(p.id)} data-testid="link-place-option" className="min-h-11">
                  <MapPin className="size-4 shrink-0 text-gray-500 dark:text-gray-400" aria-hidden />
                  <span className="truncate">{p.name}</span>
                </RowButton>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  )
}
