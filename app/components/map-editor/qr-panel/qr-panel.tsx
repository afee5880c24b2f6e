import * as Menu from '@radix-ui/react-dropdown-menu'
import { clsx } from 'clsx'
import { ArrowDownWideNarrow, Check, Crosshair, Download, Link2, LocateFixed, MapPin, MoreVertical, Plus, Printer, ScanLine, Unlink } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { addToast } from '#app/components/shell/toast-store.ts'
import { useDateFormat } from '#app/components/use-date-format.ts'
import { useLocale, useLocalePath } from '#app/i18n/use-locale.ts'
import type { QrCodeView } from '#app/modules/qr-codes/qr-codes.schema.ts'
import { apiRequest } from '#app/client/api-client.ts'
import type { QrPanelProps } from '../contracts.ts'
import { ActivateQrModal, type ActivationSource } from './activate-qr-modal.tsx'
import { BatchQrModal } from './batch-qr-modal.tsx'
import { LinkPlaceModal } from './link-place-modal.tsx'
import { filterQrCodes, isActive, printSheetPath, qrImageUrls, qrSorts, sortQrCodes, type QrSort, type QrStateFilter } from './qr-codes-view.ts'
import { SearchField } from '#app/components/ui/search-field.tsx'
import { Segmented } from '#app/components/ui/segmented.tsx'
import { Button, IconButton, buttonClass } from '#app/components/ui/button.tsx'

type Dialog = { kind: 'activate'; code: string; source: ActivationSource } | { kind: 'link'; code: string } | { kind: 'batch' }

const filters: QrStateFilter[] = ['all', 'active', 'inactive']
/** The panel's two header actions, a button and a link, alike. */
const headerButton = buttonClass({ variant: 'secondary', size: 'sm', className: 'min-w-0' })

/**
 * The category's QR codes beside the map: state, filter, and for each code activate (at the map
 * centre or the device's position), link, unlink, show on the map, download; new codes in a
 * batch and a print sheet of the codes shown. The page reloads its data on `onChanged`.
 */
export function QrPanel({ category, qrCodes, places, getMapCenter, onChanged, onFocus }: QrPanelProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const searchId = useId()
  const [state, setState] = useState<QrStateFilter>('all')
  const [query, setQuery] = useState('')
  const [sort, setSort] = useState<QrSort>('created')
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [busyCode, setBusyCode] = useState<string | null>(null)

  const shown = useMemo(() => sortQrCodes(filterQrCodes(qrCodes, state, query), sort), [qrCodes, state, query, sort])
  const counts = useMemo(() => ({ all: qrCodes.length, active: qrCodes.filter(isActive).length, inactive: qrCodes.filter((c) => !isActive(c)).length }), [qrCodes])
  // The whole category prints without a list; a filtered view prints what it shows.
  const printPath = localePath(printSheetPath(category.id, shown.length === qrCodes.length ? null : shown.map((c) => c.code)))
  const close = (open: boolean) => {
    if (!open) setDialog(null)
  }

  async function unlink(code: string) {
    setBusyCode(code)
    try {
      // POST: a write, checked like every other (the spec's GET stays for Bearer callers).
      await apiRequest(`/qr-codes/${encodeURIComponent(code)}/detach-place`, { method: 'POST' })
      addToast({ title: t('qrPanel.unlinked', { code }) })
      onChanged()
    } catch {
      addToast({ title: t('qrPanel.failed') })
    } finally {
      setBusyCode(null)
    }
  }

  return (
    <section aria-labelledby={`${searchId}-title`} data-testid="qr-panel" className="flex min-h-0 flex-col gap-3">
      <h2 id={`${searchId}-title`} className="text-base font-semibold whitespace-nowrap">
        {t('qrPanel.title')} <span className="text-sm font-normal text-gray-500 dark:text-gray-400">({qrCodes.length})</span>
      </h2>
      <div className="grid grid-cols-2 gap-2">
        <Button type="button" variant="secondary" size="sm" className="min-w-0" onClick={() => setDialog({ kind: 'batch' })} data-testid="qr-batch">
          <Plus className="size-4 shrink-0" aria-hidden />
          <span className="truncate">{t('qrPanel.batch.open')}</span>
        </Button>
        <a
          href={printPath}
          target="_blank"
          rel="noreferrer"
          aria-disabled={shown.length === 0 || undefined}
          onClick={(e) => shown.length === 0 && e.preventDefault()}
          className={clsx(headerButton, 'aria-disabled:opacity-40')}
          data-testid="qr-print"
        >
          <Printer className="size-4 shrink-0" aria-hidden />
          <span className="truncate">{t('qrPanel.printSheet')}</span>
        </a>
      </div>

      <div className="flex flex-col gap-2">
        <Segmented
          look="raised"
          label={t('qrPanel.filter')}
          value={state}
          onChange={setState}
          items={filters.map((f) => ({
            id: f,
            testId: `qr-filter-${f}`,
            label: (
              <>
                {t(`qrPanel.filters.${f}`)} <span className="text-xs opacity-70">{counts[f]}</span>
              </>
            ),
          }))}
        />
        {/* One line for both: the list below keeps its room on a short screen. */}
        <div className="flex gap-2">
          <div className="min-w-0 flex-1">
            <SearchField label={t('qrPanel.search')} value={query} onChange={setQuery} testId="qr-search" />
          </div>
          <SortMenu sort={sort} onSort={setSort} />
        </div>
      </div>

      {shown.length === 0 ? (
        <p role="status" className="rounded-lg border border-dashed border-gray-300 p-4 text-center text-sm text-gray-500 dark:text-gray-400 dark:border-gray-700">
          {qrCodes.length === 0 ? t('qrPanel.none') : t('qrPanel.noMatch')}
        </p>
      ) : (
        <ul className="flex min-h-0 flex-col divide-y divide-gray-200 overflow-y-auto rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800" data-testid="qr-list">
          {shown.map((qr) => (
            <QrRow
              key={qr.code}
              qr={qr}
              busy={busyCode === qr.code}
              onActivate={(source) => setDialog({ kind: 'activate', code: qr.code, source })}
              onLink={() => setDialog({ kind: 'link', code: qr.code })}
              onUnlink={() => void unlink(qr.code)}
              onFocus={onFocus}
            />
          ))}
        </ul>
      )}

      {dialog?.kind === 'activate' ? (
        <ActivateQrModal
          open
          onOpenChange={close}
          code={dialog.code}
          source={dialog.source}
          getMapCenter={getMapCenter}
          onDone={() => {
            addToast({ title: t('qrPanel.activated', { code: dialog.code }) })
            onChanged()
          }}
        />
      ) : null}
      {dialog?.kind === 'link' ? (
        <LinkPlaceModal
          open
          onOpenChange={close}
          code={dialog.code}
          places={places}
          onDone={() => {
            addToast({ title: t('qrPanel.activated', { code: dialog.code }) })
            onChanged()
          }}
        />
      ) : null}
      {dialog?.kind === 'batch' ? (
        <BatchQrModal
          open
          onOpenChange={close}
          categoryId={category.id}
          onDone={(count) => {
            addToast({ title: t('qrPanel.batch.done', { count }) })
            onChanged()
          }}
        />
      ) : null}
    </section>
  )
}

function QrRow({
  qr,
  busy,
  onActivate,
  onLink,
  onUnlink,
  onFocus,
}: {
  qr: QrCodeView
  busy: boolean
  onActivate(source: ActivationSource): void
  onLink(): void
  onUnlink(): void
  onFocus: QrPanelProps['onFocus']
}) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const active = isActive(qr)
  const position = qr.place && qr.place.lat !== null && qr.place.lng !== null ? { lat: qr.place.lat, lng: qr.place.lng } : null
  const images = qrImageUrls(qr.code)
  const item =
    'flex min-h-10 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm outline-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-40 data-[highlighted]:bg-gray-100 dark:data-[highlighted]:bg-gray-800'
  const activated = qr.activated_at ? dates.date(qr.activated_at) : null

  return (
    <li className="flex items-start gap-2 px-3 py-2" data-testid="qr-row" data-code={qr.code} data-active={active}>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2">
          <span className="font-mono text-sm font-semibold break-all">{qr.code}</span>
          {qr.name ? <span className="min-w-0 text-xs break-words text-gray-500 dark:text-gray-400">{qr.name}</span> : null}
        </div>
        {active ? (
          // Wraps rather than cuts: the date (the end of the line) was lost in German and French.
          <p className="flex items-start gap-1 text-xs text-primary-800 dark:text-primary-200" data-testid="qr-state">
            <span className="mt-1 size-2 shrink-0 rounded-full bg-primary-600" aria-hidden />
            <span className="min-w-0 break-words">
              {t('qrPanel.activeAt', { place: qr.place!.name })}
              {activated ? (
                <>
                  {' · '}
                  <span className="whitespace-nowrap" data-testid="qr-activated">
                    {t('qrPanel.activatedOn', { date: activated })}
                  </span>
                </>
              ) : null}
            </span>
          </p>
        ) : (
          <p className="flex items-center gap-1 text-xs text-gray-500 dark:text-gray-400" data-testid="qr-state">
            <span className="size-2 shrink-0 rounded-full bg-gray-400" aria-hidden />
            {t('qrPanel.inactive')}
          </p>
        )}
        {active || qr.scans > 0 ? <Scans qr={qr} /> : null}
      </div>
      {position ? (
        <IconButton size="lg" onClick={() => onFocus(position)} label={t('qrPanel.actions.focus', { code: qr.code })} title={t('qrPanel.actions.focusShort')} data-testid="qr-focus">
          <MapPin className="size-4" aria-hidden />
        </IconButton>
      ) : null}
      <Menu.Root modal={false}>
        <Menu.Trigger
          disabled={busy}
          aria-label={t('qrPanel.actions.menu', { code: qr.code })}
          className="rounded-lg p-2 text-gray-600 hover:bg-gray-100 disabled:opacity-40 dark:text-gray-300 dark:hover:bg-gray-800"
          data-testid="qr-actions"
        >
          <MoreVertical className="size-4" aria-hidden />
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content align="end" sideOffset={4} className="z-[80] min-w-60 rounded-xl border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-800 dark:bg-gray-900">
            {active ? (
              <Menu.Item className={clsx(item, 'text-red-700 dark:text-red-400')} onSelect={onUnlink} data-testid="qr-unlink">
                <Unlink className="size-4" aria-hidden />
                {t('qrPanel.actions.unlink')}
              </Menu.Item>
            ) : (
              <>
                <Menu.Item className={item} onSelect={() => onActivate('map')} data-testid="qr-activate-map">
                  <Crosshair className="size-4" aria-hidden />
                  {t('qrPanel.actions.activateMap')}
                </Menu.Item>
                <Menu.Item className={item} onSelect={() => onActivate('device')} data-testid="qr-activate-device">
                  <LocateFixed className="size-4" aria-hidden />
                  {t('qrPanel.actions.activateDevice')}
                </Menu.Item>
                <Menu.Item className={item} onSelect={onLink} data-testid="qr-link">
                  <Link2 className="size-4" aria-hidden />
                  {t('qrPanel.actions.link')}
                </Menu.Item>
              </>
            )}
            <Menu.Separator className="my-1 h-px bg-gray-200 dark:bg-gray-800" />
            <Menu.Item asChild className={item}>
              <a href={images.svg} download={`qr-${qr.code}.svg`} data-testid="qr-download-svg">
                <Download className="size-4" aria-hidden />
                {t('routeModals.share.downloadSvg')}
              </a>
            </Menu.Item>
            <Menu.Item asChild className={item}>
              <a href={images.png} download={`qr-${qr.code}.png`} data-testid="qr-download-png">
                <Download className="size-4" aria-hidden />
                {t('routeModals.share.downloadPng')}
              </a>
            </Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
    </li>
  )
}

/** The list's order, in a menu: the search keeps its width and the list its room on a short screen. */
function SortMenu({ sort, onSort }: { sort: QrSort; onSort(sort: QrSort): void }) {
  const { t } = useTranslation()
  const label = t('scans.panel.sortBy', { sort: t(`scans.panel.sorts.${sort}`) })
  const item =
    'flex min-h-10 cursor-pointer items-center gap-2 rounded-lg py-2 pr-3 pl-8 text-sm outline-none relative data-[highlighted]:bg-gray-100 dark:data-[highlighted]:bg-gray-800'
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        aria-label={label}
        title={label}
        data-testid="qr-sort"
        data-sort={sort}
        className={clsx(
          'inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-lg border focus-visible:outline-2 focus-visible:outline-primary-600',
          sort === 'created'
            ? 'border-gray-300 text-gray-600 hover:bg-gray-50 dark:border-gray-700 dark:text-gray-300 dark:hover:bg-gray-800'
            : 'border-primary-600 bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-200',
        )}
      >
        <ArrowDownWideNarrow className="size-4" aria-hidden />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={4} className="z-[80] min-w-56 rounded-xl border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-800 dark:bg-gray-900">
          <Menu.Label className="px-3 py-1.5 text-xs font-semibold text-gray-500 dark:text-gray-400">{t('scans.panel.sort')}</Menu.Label>
          <Menu.RadioGroup value={sort} onValueChange={(value) => onSort(value as QrSort)}>
            {qrSorts.map((s) => (
              <Menu.RadioItem key={s} value={s} className={item} data-testid={`qr-sort-${s}`}>
                <Menu.ItemIndicator className="absolute left-2.5 inline-flex">
                  <Check className="size-4" aria-hidden />
                </Menu.ItemIndicator>
                {t(`scans.panel.sorts.${s}`)}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  )
}

/** A code's counted scans and its last one ("12 scans · last yesterday"), or that none came yet. */
function Scans({ qr }: { qr: QrCodeView }) {
  const { t } = useTranslation()
  const locale = useLocale()
  const dates = useDateFormat()
  const count = new Intl.NumberFormat(locale).format(qr.scans)
  return (
    <p className="mt-0.5 flex items-start gap-1 text-xs text-gray-600 dark:text-gray-300" data-testid="qr-scans" data-scans={qr.scans}>
      <ScanLine className="mt-px size-3.5 shrink-0" aria-hidden />
      {qr.last_scanned_at ? (
        <span className="min-w-0 break-words">
          <span className="font-medium tabular-nums">{t('scans.panel.count', { count: qr.scans, formatted: count })}</span>
          {' · '}
          {/* Relative to now: the server's render may say another day than the browser's. */}
          <time dateTime={qr.last_scanned_at} className="whitespace-nowrap" data-testid="qr-last-scan" suppressHydrationWarning>
            {t('scans.panel.last', { when: dates.relativeDay(qr.last_scanned_at, new Date()) })}
          </time>
        </span>
      ) : (
        <span>{t('scans.panel.never')}</span>
      )}
    </p>
  )
}
