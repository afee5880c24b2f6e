import { History } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { apiErrorMessage, apiRequest } from '#app/client/api-client.ts'
import { addToast } from '#app/components/shell/toast-store.ts'
import { Button } from '#app/components/ui/button.tsx'
import { ConfirmModal, Modal } from '#app/components/ui/modal.tsx'
import { useDateFormat } from '#app/components/use-date-format.ts'
import { localeNames, isLocale } from '#app/i18n/config.ts'
import { messageKey } from '#app/i18n/keys.ts'
import type { RevisionDetailView, RevisionSummaryView } from '#app/modules/revisions/revisions.schema.ts'
import { RevisionDiffView } from './revision-diff-view.tsx'

// The History panel (ADR 111) of the landing editor, the map editor and the place editor: the
// item's revisions, one opened with its difference to the one before, and "Restore this version".

export type HistoryTarget = { kind: 'route'; uuid: string } | { kind: 'place'; id: number }

const api = {
  list: (target: HistoryTarget) => (target.kind === 'route' ? apiRequest(`/routes/${target.uuid}/revisions`) : apiRequest(`/places/${target.id}/revisions`)),
  get: (target: HistoryTarget, id: number) =>
    target.kind === 'route' ? apiRequest(`/routes/${target.uuid}/revisions/${id}`) : apiRequest(`/places/${target.id}/revisions/${id}`),
  restore: (target: HistoryTarget, id: number) =>
    target.kind === 'route'
      ? apiRequest(`/routes/${target.uuid}/revisions/${id}/restore`, { method: 'POST' })
      : apiRequest(`/places/${target.id}/revisions/${id}/restore`, { method: 'POST' }),
}

/** "Texts (Français) · Stops", in the reader's language. */
export function useChangesLine() {
  const { t } = useTranslation()
  return (changes: string[]) =>
    changes
      .map((key) => {
        if (key.startsWith('texts.')) {
          const lang = key.slice(6)
          return t('revisions.changes.texts', { language: isLocale(lang) ? localeNames[lang] : lang })
        }
        return t(messageKey(`revisions.changes.${key}`))
      })
      .join(' · ')
}

export function HistoryPanel({ target, days, onRestored }: { target: HistoryTarget; days: number; onRestored: () => Promise<void> | void }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const changesLine = useChangesLine()
  const [open, setOpen] = useState(false)
  const [list, setList] = useState<RevisionSummaryView[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [shown, setShown] = useState<RevisionDetailView | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)

  const load = async () => {
    setFailed(false)
    try {
      setList(await api.list(target))
    } catch {
      setFailed(true)
    }
  }
  const openPanel = (next: boolean) => {
    setOpen(next)
    setShown(null)
    if (next) void load()
  }
  const show = async (id: number) => {
    try {
      setShown(await api.get(target, id))
    } catch (error) {
      addToast({ title: t('revisions.loadFailed'), description: apiErrorMessage(error, '') || undefined })
    }
  }
  const restore = async () => {
    if (!shown) return
    setBusy(true)
    try {
      const answer = await api.restore(target, shown.id)
      addToast({ title: answer.message })
      setConfirming(false)
      setOpen(false)
      setShown(null)
      await onRestored()
    } catch (error) {
      addToast({ title: apiErrorMessage(error, t('revisions.loadFailed')) })
    } finally {
      setBusy(false)
    }
  }
  const who = (r: RevisionSummaryView) => (r.user ? r.user.name : r.changes.includes('baseline') ? t('revisions.baselineWho') : t('revisions.someone'))

  return (
    <>
      <Button type="button" variant="secondary" onClick={() => openPanel(true)} data-testid="history-open">
        <History className="size-4" aria-hidden="true" />
        {t('revisions.open')}
      </Button>
      <Modal open={open && !confirming} onOpenChange={openPanel} title={t('revisions.title')} description={t('revisions.description', { days })} size="lg" testId="history-panel">
        {shown ? (
          <div className="flex flex-col gap-4" data-testid="revision-detail">
            <div>
              <p className="font-medium">{t('revisions.savedOn', { date: dates.dateTime(shown.created_at) })}</p>
              <p className="text-sm text-gray-600 dark:text-gray-300">
                {who(shown)} · {changesLine(shown.changes)}
              </p>
            </div>
            <RevisionDiffView diff={shown.diff} first={shown.previous_id === null} />
            <div className="flex flex-wrap justify-between gap-2">
              <Button type="button" variant="secondary" onClick={() => setShown(null)}>
                {t('revisions.back')}
              </Button>
              <Button type="button" onClick={() => setConfirming(true)} data-testid="revision-restore">
                {t('revisions.restore')}
              </Button>
            </div>
          </div>
        ) : failed ? (
          <p role="alert">{t('revisions.loadFailed')}</p>
        ) : list === null ? (
          <p aria-busy="true" className="text-sm text-gray-600 dark:text-gray-300">
            …
          </p>
        ) : list.length === 0 ? (
          <p>{t('revisions.empty')}</p>
        ) : (
          <ol className="flex flex-col divide-y divide-gray-200 dark:divide-gray-800" data-testid="revision-list">
            {list.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <p className="text-sm font-medium">
                    <time dateTime={r.created_at}>{dates.dateTime(r.created_at)}</time> · {who(r)}
                  </p>
                  <p className="text-sm break-words text-gray-600 dark:text-gray-300">
                    {changesLine(r.changes)}
                    {r.restored_from !== null ? ` (${t('revisions.restoredFrom')})` : null}
                  </p>
                </div>
                <Button type="button" variant="secondary" className="px-2 py-1 text-sm" onClick={() => void show(r.id)} data-testid="revision-show">
                  {t('revisions.show')}
                </Button>
              </li>
            ))}
          </ol>
        )}
      </Modal>
      <ConfirmModal
        open={confirming}
        onOpenChange={setConfirming}
        busy={busy}
        title={t('revisions.confirmTitle')}
        description={shown ? t('revisions.confirmText', { date: dates.dateTime(shown.created_at) }) : undefined}
        confirm={{ label: t('revisions.restore'), onConfirm: () => void restore(), testId: 'revision-restore-confirm' }}
      />
    </>
  )
}
