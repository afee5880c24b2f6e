import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { apiErrorMessage, apiRequest } from '#app/client/api-client.ts'
import { ErrorBanner } from '#app/components/ui/alert.tsx'
import { ConfirmModal } from '#app/components/ui/modal.tsx'
import { TabList, TabPanel } from '#app/components/ui/tabs.tsx'
import { useBusyAction } from '#app/components/ui/use-busy-action.ts'
import { languageName, textDirection } from '#app/i18n/content-locales.ts'
import { useLocale } from '#app/i18n/use-locale.ts'
import type { PlaceTextsView } from '#app/modules/places/places.schema.ts'

const control = 'w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm dark:border-gray-700 dark:bg-gray-900'
type Texts = Record<string, { name: string; description: string }>

/**
 * A place's name and description in each of the category's content languages (ADR 043): one tab
 * per language, saved together by PUT /api/places/{id}/texts (a blank clears that language's).
 */
export function PlaceTextsModal({ open, onOpenChange, place, languages }: { open: boolean; onOpenChange(open: boolean): void; place: { id: number; name: string }; languages: string[] }) {
  const { t } = useTranslation()
  const ui = useLocale()
  const formId = useId()
  const [active, setActive] = useState(languages[0])
  const [texts, setTexts] = useState<Texts | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, run] = useBusyAction()

  useEffect(() => {
    let current = true
    apiRequest(`/places/${place.id}/texts`).then(
      (answer) => {
        const saved = (answer as PlaceTextsView).texts
        if (current) setTexts(Object.fromEntries(languages.map((l) => [l, { name: saved[l]?.name ?? '', description: saved[l]?.description ?? '' }])))
      },
      (e: unknown) => current && setError(apiErrorMessage(e, t('placeTexts.loadFailed'))),
    )
    return () => {
      current = false
    }
  }, [place.id, languages, t])

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    if (!texts) return
    await run(async () => {
      setError(null)
      try {
        await apiRequest(`/places/${place.id}/texts`, { method: 'PUT', body: { texts } })
        onOpenChange(false)
      } catch (e) {
        setError(apiErrorMessage(e, t('placeTexts.saveFailed')))
      }
    })
  }

  const set = (field: 'name' | 'description', value: string) => setTexts((s) => (s ? { ...s, [active]: { ...s[active], [field]: value } } : s))
  return (
    <ConfirmModal
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      size="md"
      testId="place-texts-modal"
      title={t('placeTexts.title', { name: place.name })}
      description={t('placeTexts.description')}
      confirm={{ form: formId, label: busy ? t('routeModals.saving') : t('placeTexts.save'), testId: 'place-texts-save', disabled: texts === null }}
    >
      <form id={formId} onSubmit={submit} className="flex flex-col gap-3">
        <ErrorBanner message={error} testId="modal-error" />
        <TabList
          items={languages.map((l) => ({ id: l, testId: `place-texts-tab-${l}`, label: <span title={languageName(l, ui)}>{l}</span> }))}
          value={active}
          onChange={setActive}
          label={t('landingEditor.languages')}
          idPrefix="place-texts-"
          className="gap-1"
          tabClassName="px-3 py-2"
        />
        <TabPanel idPrefix="place-texts-" value={active} className="flex flex-col gap-3">
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium">
              {t('placeTexts.name')} ({languageName(active, ui)})
            </span>
            <input lang={active} dir={textDirection(active)} className={control} maxLength={160} value={texts?.[active]?.name ?? ''} onChange={(e) => set('name', e.target.value)} data-testid="place-text-name" disabled={!texts} />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium">
              {t('placeTexts.descriptionField')} ({languageName(active, ui)})
            </span>
            <textarea lang={active} dir={textDirection(active)} className={control} rows={4} maxLength={5000} value={texts?.[active]?.description ?? ''} onChange={(e) => set('description', e.target.value)} data-testid="place-text-description" disabled={!texts} />
          </label>
        </TabPanel>
      </form>
    </ConfirmModal>
  )
}
