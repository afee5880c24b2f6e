import { clsx } from 'clsx'
import { FileUp } from 'lucide-react'
import { useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { lazyMap } from '#app/components/lazy-map.tsx'
import { addToast } from '#app/components/shell/toast-store.ts'
import { ErrorBanner } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { Modal } from '#app/components/ui/modal.tsx'
import type { PreviewPoint } from '#app/map/import-preview-map.client.tsx'
import { csvTargets, MAX_IMPORT_BYTES, type CsvTarget, type ImportAnswer } from '#app/modules/transfer/transfer.schema.ts'
import { ApiError, apiErrorMessage } from '#app/client/api-client.ts'
import { formatDistance, formatRouteDistance } from '#app/utils/format-walk.ts'
import { actionOf, importOptions, initialChoices, plannedCounts, type Choices } from './import-choices.ts'
import { fieldLabel, ImportRows } from './import-rows.tsx'
import { uploadForm, type UploadProgress } from './upload.ts'

const PreviewMap = lazyMap(() => import('#app/map/import-preview-map.client.tsx'))

export interface ImportDialogProps {
  open: boolean
  onOpenChange(open: boolean): void
  category: { id: number; name: string }
  tiles: { tileUrl: string; attribution: string }
  /** Places or routes were written: the page reloads its data. */
  onImported(answer: ImportAnswer): void
}

type Stage = { kind: 'choose' } | { kind: 'sending'; commit: boolean } | { kind: 'preview'; preview: ImportAnswer }

/**
 * "Import" on the map editor: a file (CSV, GeoJSON, GPX, KML, KMZ) is sent as a dry run; the
 * preview shows every row on a map and in lists (new, already there with a choice, errors);
 * "Import" sends it again to be written, in one transaction.
 */
export function ImportDialog({ open, onOpenChange, category, tiles, onImported }: ImportDialogProps) {
  const { t, i18n } = useTranslation()
  const [file, setFile] = useState<File | null>(null)
  const [stage, setStage] = useState<Stage>({ kind: 'choose' })
  const [progress, setProgress] = useState<UploadProgress | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [choices, setChoices] = useState<Choices>(initialChoices)
  const abort = useRef<AbortController | null>(null)
  const lastPreview = useRef<ImportAnswer | null>(null)

  const reset = () => {
    abort.current?.abort()
    setFile(null)
    setStage({ kind: 'choose' })
    setProgress(null)
    setError(null)
    setChoices(initialChoices())
    lastPreview.current = null
  }
  const close = (next: boolean) => {
    if (!next) reset()
    onOpenChange(next)
  }

  async function send(chosen: File, commit: boolean, withChoices: Choices) {
    setError(null)
    setStage({ kind: 'sending', commit })
    setProgress({ loaded: 0, total: chosen.size, processing: false })
    const form = new FormData()
    form.append('file', chosen)
    form.append('options', JSON.stringify(importOptions(withChoices)))
    abort.current = new AbortController()
    const query = `?locale=${encodeURIComponent(i18n.language)}${commit ? '' : '&dry_run=true'}`
    try {
      const answer = await uploadForm<ImportAnswer>(`/place-categories/${category.id}/import${query}`, form, setProgress, abort.current.signal)
      if (commit) {
        const { places_created, places_linked, routes_created } = answer.summary
        addToast({ title: t('import.done', { places: places_created, linked: places_linked, routes: routes_created }), timeout: 5000 })
        onImported(answer)
        close(false)
        return
      }
      lastPreview.current = answer
      setStage({ kind: 'preview', preview: answer })
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return
      setError(e instanceof ApiError && e.status === 0 ? t('import.networkError') : e instanceof ApiError && e.status === 429 ? t('import.tooMany') : apiErrorMessage(e, t('import.failed')))
      setStage(lastPreview.current ? { kind: 'preview', preview: lastPreview.current } : { kind: 'choose' })
    } finally {
      setProgress(null)
    }
  }

  const pick = (chosen: File | null) => {
    if (!chosen) return
    setFile(chosen)
    setChoices(initialChoices())
    lastPreview.current = null
    if (chosen.size > MAX_IMPORT_BYTES) {
      setError(t('import.errors.too_large', { max: MAX_IMPORT_BYTES / 1024 / 1024 }))
      return
    }
    void send(chosen, false, initialChoices())
  }

  const preview = stage.kind === 'preview' ? stage.preview : null
  const busy = stage.kind === 'sending'
  const counts = preview ? plannedCounts(preview, choices) : null
  const points = useMemo<PreviewPoint[]>(
    () =>
      // Places without a position are in the lists, not on the map.
      preview?.places.flatMap((p) => {
        if (p.lat === null || p.lng === null) return []
        const action = actionOf(p, choices)
        return [{ row: p.row, lat: p.lat, lng: p.lng, name: p.name, kind: action === 'skip' ? 'skipped' : p.status === 'existing' && action === 'link' ? 'existing' : 'new' } as const]
      }) ?? [],
    [preview, choices],
  )
  const lines = useMemo(() => preview?.routes.flatMap((r) => r.path) ?? [], [preview])

  const setMapping = (target: CsvTarget, heading: string | null) => {
    if (!file) return
    const next = { ...choices, mapping: { ...choices.mapping, [target]: heading } }
    setChoices(next)
    void send(file, false, next)
  }

  const footer = (
    <>
      <Button type="button" variant="secondary" onClick={() => (preview ? reset() : close(false))} disabled={busy && stage.commit}>
        {preview ? t('import.another') : t('modal.close')}
      </Button>
      {preview ? (
        <Button type="button" onClick={() => file && void send(file, true, choices)} disabled={busy || !counts || counts.create + counts.link + counts.routes === 0} data-testid="import-commit">
          {t('import.commitLabel', { what: `${t('import.plan.create', { count: counts?.create ?? 0 })} · ${t('import.plan.routesShort', { count: counts?.routes ?? 0 })}` })}
        </Button>
      ) : null}
    </>
  )

  return (
    <Modal open={open} onOpenChange={close} title={t('import.title', { name: category.name })} size="lg" testId="import-dialog" dismissible={!(busy && stage.kind === 'sending' && stage.commit)} footer={footer}>
      <div className="flex flex-col gap-4">
        <ErrorBanner message={error} testId="import-error" />
        {stage.kind === 'choose' || (!preview && !busy) ? (
          <label
            className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-gray-300 p-6 text-center hover:border-primary-500 focus-within:border-primary-500 dark:border-gray-700"
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault()
              pick(e.dataTransfer.files[0] ?? null)
            }}
          >
            <FileUp className="size-8 text-gray-400" aria-hidden />
            <span className="font-medium">{t('import.choose')}</span>
            <span className="text-sm text-gray-600 dark:text-gray-300">{t('import.formats')}</span>
            <input
              type="file"
              className="sr-only"
              accept=".csv,.txt,.geojson,.json,.gpx,.kml,.kmz,text/csv,application/geo+json,application/gpx+xml,application/vnd.google-earth.kml+xml,application/vnd.google-earth.kmz"
              data-testid="import-file"
              onChange={(e) => pick(e.target.files?.[0] ?? null)}
            />
          </label>
        ) : null}
        {busy && progress ? <ProgressBar progress={progress} commit={stage.kind === 'sending' && stage.commit} /> : null}
        {preview && counts ? (
          <>
            <p className="text-sm" data-testid="import-summary">
              {t('import.summary', { file: file?.name ?? '', format: preview.format.toUpperCase(), rows: preview.summary.rows })}{' '}
              <span className="font-medium">
                {t('import.plan.title')}{' '}
                {(['create', 'link', 'skip', 'routes', 'errors'] as const).map((key) => t(`import.plan.${key}`, { count: counts[key] })).join(' · ')}
              </span>
            </p>
            {preview.columns ? <ColumnMapping columns={preview.columns} properties={preview.format === 'geojson'} onChange={setMapping} disabled={busy} /> : null}
            <PreviewMap {...tiles} label={t('import.mapLabel')} points={points} lines={lines} className="h-64 w-full" />
            <Legend />
            <ImportRows
              preview={preview}
              choices={choices}
              onChoices={setChoices}
              locale={i18n.language}
              distance={(m) => formatDistance(m, i18n.language)}
              routeDistance={(m) => formatRouteDistance(m, i18n.language)}
            />
          </>
        ) : null}
      </div>
    </Modal>
  )
}

function ProgressBar({ progress, commit }: { progress: UploadProgress; commit: boolean }) {
  const { t } = useTranslation()
  const percent = progress.total ? Math.round((progress.loaded / progress.total) * 100) : null
  const label = progress.processing ? t(commit ? 'import.writing' : 'import.reading') : t('import.uploading', { percent: percent ?? 0 })
  return (
    <div className="flex flex-col gap-1.5" data-testid="import-progress">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.processing ? undefined : (percent ?? undefined)}
        className="h-2.5 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
      >
        <div className={clsx('h-full rounded-full bg-primary-600 transition-[width]', progress.processing && 'animate-pulse')} style={{ width: `${progress.processing ? 100 : (percent ?? 5)}%` }} />
      </div>
      <p className="text-sm text-gray-600 dark:text-gray-300" aria-live="polite">
        {label}
      </p>
    </div>
  )
}

function Legend() {
  const { t } = useTranslation()
  const item = (colour: string, label: string) => (
    <span className="inline-flex items-center gap-1.5">
      <span className="size-3 rounded-full ring-1 ring-white" style={{ backgroundColor: colour }} aria-hidden />
      {label}
    </span>
  )
  return (
    <p className="-mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-600 dark:text-gray-300">
      {item('#16a34a', t('import.legend.new'))}
      {item('#d97706', t('import.legend.linked'))}
      {item('#9ca3af', t('import.legend.skipped'))}
      {item('#2563eb', t('import.legend.route'))}
    </p>
  )
}

/**
 * Which column (CSV) or property of the features (GeoJSON) holds which field: recognised from the
 * headings or the field's common keys (name, name:de, title, nom_itineraire…); the user may change it.
 */
function ColumnMapping({
  columns,
  properties,
  onChange,
  disabled,
}: {
  columns: NonNullable<ImportAnswer['columns']>
  /** GeoJSON: texts only, the positions are the geometry's. */
  properties: boolean
  onChange(target: CsvTarget, heading: string | null): void
  disabled: boolean
}) {
  const { t } = useTranslation()
  const always = properties ? ['name', 'description'] : ['name', 'lat', 'lng', 'description']
  const shown = csvTargets.filter((target) => always.includes(target) || (columns.mapping[target] && !(properties && (target === 'lat' || target === 'lng'))))
  return (
    <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="import-mapping">
      <legend className="mb-1 text-sm font-medium">{properties ? t('import.properties') : t('import.columns')}</legend>
      {shown.map((target) => (
        <Field key={target} label={fieldLabel(target, t)}>
          {(id) => (
            <select
              id={id}
              value={columns.mapping[target] ?? ''}
              disabled={disabled}
              onChange={(e) => onChange(target, e.target.value === '' ? null : e.target.value)}
              data-testid={`mapping-${target}`}
              className="min-h-10 rounded-lg border border-gray-300 bg-white px-2 text-sm dark:border-gray-700 dark:bg-gray-950"
            >
              <option value="">{t('import.noColumn')}</option>
              {columns.headings.map((h) => (
                <option key={h} value={h}>
                  {h}
                </option>
              ))}
            </select>
          )}
        </Field>
      ))}
    </fieldset>
  )
}

