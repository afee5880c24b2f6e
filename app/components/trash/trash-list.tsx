import { clsx } from 'clsx'
import { Folder, MapPin, QrCode, RotateCcw, Route as RouteIcon, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { ConfirmModal } from '#app/components/ui/modal.tsx'
import { useLocale } from '#app/i18n/use-locale.ts'
import type { TrashItemView } from '#app/modules/trash/trash.schema.ts'
import type { FieldErrors, Message } from '#app/utils/errors.ts'

// The Trash screen's parts (app/routes/manager/trash.tsx, ADR 110). Each action is a form posted
// to the screen's action, so it works before the page's script has run.

const kindIcons: Record<TrashItemView['kind'], React.ReactNode> = {
  route: <RouteIcon className="size-4" aria-hidden="true" />,
  place: <MapPin className="size-4" aria-hidden="true" />,
  qr_code: <QrCode className="size-4" aria-hidden="true" />,
  category: <Folder className="size-4" aria-hidden="true" />,
}

/** Dates in the trails' time zone, said with the day: the server and the browser render the same text. */
function useDate(timeZone: string) {
  const locale = useLocale()
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone })
  return (iso: string) => format.format(new Date(iso))
}

export interface ActionAnswer {
  success?: Message
  errors?: FieldErrors
  formError?: Message
}

/** One fetcher for every action of the screen: its answer outlives the card it came from (a restored item leaves the list). */
const ACTION_KEY = 'trash-action'

/** What the last action said (the address a restored item has now, a refusal), above the list. */
export function TrashNotice({ answer: posted }: { answer?: ActionAnswer }) {
  const { t } = useTranslation()
  const answer = useFetcher<ActionAnswer>({ key: ACTION_KEY }).data ?? posted
  const failure = answer?.formError ?? (answer?.errors ? Object.values(answer.errors)[0]?.[0] : undefined)
  const said = failure ?? answer?.success
  const text = said ? t(said.key as never, said.values) : null
  return (
    <p role="status" data-testid="trash-notice" className={clsx('mb-4 min-h-5 text-sm', failure ? 'text-red-700 dark:text-red-300' : 'text-primary-800 dark:text-primary-200')}>
      {text}
    </p>
  )
}

export function TrashList({ items, timeZone }: { items: TrashItemView[]; timeZone: string }) {
  const { t } = useTranslation()
  return (
    <ul aria-label={t('trash.nav')} className="flex flex-col gap-3" data-testid="trash-list">
      {items.map((item) => (
        <TrashCard key={item.id} item={item} timeZone={timeZone} />
      ))}
    </ul>
  )
}

function TrashCard({ item, timeZone }: { item: TrashItemView; timeZone: string }) {
  const { t } = useTranslation()
  const date = useDate(timeZone)
  const fetcher = useFetcher<ActionAnswer>({ key: ACTION_KEY })
  const [confirming, setConfirming] = useState(false)
  const busy = fetcher.state !== 'idle'
  return (
    <li data-testid="trash-item" data-kind={item.kind} data-trash-id={item.id} className="rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-gray-100 px-2.5 py-0.5 text-sm font-medium text-gray-800 dark:bg-gray-800 dark:text-gray-100">
          {kindIcons[item.kind]}
          {t(`trash.kinds.${item.kind}`)}
        </span>
        <span className="min-w-0 font-semibold break-words text-gray-900 dark:text-gray-100" data-testid="trash-label">
          {item.label}
        </span>
        <span className="text-sm text-gray-600 dark:text-gray-300">· {item.place_category_name}</span>
      </div>
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
        {item.deleted_by ? t('trash.deletedBy', { name: item.deleted_by, date: date(item.deleted_at) }) : t('trash.deletedOn', { date: date(item.deleted_at) })}
        {' · '}
        <span className="text-gray-600 dark:text-gray-400">{t('trash.purgeOn', { date: date(item.purge_at) })}</span>
      </p>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <fetcher.Form method="post">
          <input type="hidden" name="entry" value={item.id} />
          <Button type="submit" name="intent" value="restore" variant="primary" disabled={busy} data-testid="trash-restore">
            <RotateCcw className="size-4" aria-hidden="true" />
            {t('trash.restore')}
          </Button>
        </fetcher.Form>
        <Button type="button" variant="secondary" disabled={busy} onClick={() => setConfirming(true)} data-testid="trash-delete">
          <Trash2 className="size-4" aria-hidden="true" />
          {t('trash.deleteForGood')}
        </Button>
      </div>
      {confirming ? (
        <ConfirmModal
          open
          onOpenChange={setConfirming}
          busy={busy}
          testId="trash-delete-modal"
          title={t('trash.deleteForGood')}
          description={t('trash.confirmDelete', { label: item.label })}
          confirm={{
            variant: 'danger',
            icon: <Trash2 className="size-4" aria-hidden />,
            label: t('trash.deleteForGood'),
            testId: 'trash-delete-confirm',
            onConfirm: () => {
              setConfirming(false)
              void fetcher.submit({ intent: 'delete', entry: String(item.id) }, { method: 'post' })
            },
          }}
        />
      ) : null}
    </li>
  )
}

/** Owners empty a category's trash (everything in it is deleted for good). */
export function EmptyTrashButton({ categoryId, categoryName }: { categoryId: number; categoryName: string }) {
  const { t } = useTranslation()
  const fetcher = useFetcher<ActionAnswer>({ key: ACTION_KEY })
  const [confirming, setConfirming] = useState(false)
  const busy = fetcher.state !== 'idle'
  return (
    <>
      <Button type="button" variant="danger" disabled={busy} onClick={() => setConfirming(true)} data-testid="trash-empty">
        <Trash2 className="size-4" aria-hidden="true" />
        {t('trash.emptyTrash')} · {categoryName}
      </Button>
      {confirming ? (
        <ConfirmModal
          open
          onOpenChange={setConfirming}
          busy={busy}
          testId="trash-empty-modal"
          title={t('trash.emptyTrash')}
          description={t('trash.confirmEmpty')}
          confirm={{
            variant: 'danger',
            icon: <Trash2 className="size-4" aria-hidden />,
            label: t('trash.emptyTrash'),
            testId: 'trash-empty-confirm',
            onConfirm: () => {
              setConfirming(false)
              void fetcher.submit({ intent: 'empty', category: String(categoryId) }, { method: 'post' })
            },
          }}
        />
      ) : null}
    </>
  )
}
