import { useTranslation } from 'react-i18next'
import type { DuplicateAction, ImportAnswer } from '#app/modules/transfer/transfer.schema.ts'
import { Cell, ColumnHeader, Table, TableBody, TableHead } from '#app/components/ui/table.tsx'
import { messageKey, type MessageKey } from '#app/i18n/keys.ts'
import { formatDuration } from '#app/utils/format-walk.ts'
import { actionOf, type Choices } from './import-choices.ts'

// The preview's lists: errors (row, field, message), rows already there with their choice, new
// places, routes. Long lists show their first rows: the map shows them all.

const SHOWN = 100

type Translate = (key: MessageKey, values?: Record<string, string>) => string

/** The fields with a name of their own (import.fields.*); those with a language, as "Name (FR)". */
const NAMED_FIELDS = new Set(['name', 'lat', 'lng', 'description', 'stops', 'geometry'])
const FIELDS_WITH_LANGUAGE = new Set(['name', 'description'])

/** A file's field as the reader says it ("Name", "Name (FR)"), not as the code names it; unknown ones as they are. */
export function fieldLabel(field: string, t: Translate): string {
  const [base, language] = field.split('_')
  if (language && FIELDS_WITH_LANGUAGE.has(base!)) return t(messageKey(`import.fields.${base}In`), { language: language.toUpperCase() })
  return NAMED_FIELDS.has(field) ? t(messageKey(`import.fields.${field}`)) : field
}

interface ImportRowsProps {
  preview: ImportAnswer
  choices: Choices
  onChoices(choices: Choices): void
  locale: string
  /** Metres below a kilometre (how far a place already there is). */
  distance(metres: number): string
  /** A route's length, in kilometres. */
  routeDistance(metres: number): string
}

const select = 'min-h-9 rounded-lg border border-gray-300 bg-white px-2 text-sm dark:border-gray-700 dark:bg-gray-950'
const section = 'flex flex-col gap-2 rounded-xl border border-gray-200 p-3 dark:border-gray-800'

export function ImportRows({ preview, choices, onChoices, locale, distance, routeDistance }: ImportRowsProps) {
  const { t, i18n } = useTranslation()
  const grouped = (n: number) => n.toLocaleString(i18n.language)
  const existing = preview.places.filter((p) => p.status === 'existing')
  const fresh = preview.places.filter((p) => p.status === 'new')
  const number = new Intl.NumberFormat(locale)
  const setRow = (row: number, action: DuplicateAction) => onChoices({ ...choices, rows: { ...choices.rows, [row]: action } })
  const setName = (row: number, name: string) => onChoices({ ...choices, names: { ...choices.names, [row]: name } })
  /** A name the file did not give: proposed, and the manager may change it before importing. */
  const nameOf = (row: { row: number; name: string; proposed: boolean }) =>
    row.proposed ? (
      <span className="flex flex-col gap-0.5">
        <input
          className="min-h-9 w-full max-w-xs rounded-lg border border-amber-400 bg-white px-2 text-sm dark:bg-gray-950"
          aria-label={t('import.nameLabel', { row: row.row })}
          maxLength={120}
          value={choices.names?.[row.row] ?? row.name}
          onChange={(e) => setName(row.row, e.target.value)}
          data-testid="import-proposed-name"
        />
        <span className="text-xs text-amber-800 dark:text-amber-300">{t('import.proposedHint')}</span>
      </span>
    ) : (
      row.name
    )
  const options = (values: DuplicateAction[], fresh = false) =>
    values.map((v) => (
      <option key={v} value={v}>
        {t(fresh && v === 'create' ? 'import.actions.import' : `import.actions.${v}`)}
      </option>
    ))

  return (
    <div className="flex flex-col gap-3 text-sm">
      {preview.errors.length > 0 ? (
        <section className={`${section} border-red-200 dark:border-red-900`} data-testid="import-errors" aria-labelledby="import-errors-title">
          <h3 id="import-errors-title" className="font-semibold text-red-700 dark:text-red-300">
            {t('import.errorsTitle', { count: preview.summary.errors })}
          </h3>
          <p className="text-gray-600 dark:text-gray-300">{t('import.errorsHelp')}</p>
          <Table>
            <TableHead>
              <ColumnHeader numeric className="w-px">{t('import.row')}</ColumnHeader>
              <ColumnHeader>{t('import.field')}</ColumnHeader>
              <ColumnHeader>{t('import.problem')}</ColumnHeader>
            </TableHead>
            <TableBody>
              {preview.errors.slice(0, SHOWN * 5).map((e, i) => (
                <tr key={`${e.row}-${e.field}-${i}`} className="align-top" data-testid="import-error-row" data-row={e.row}>
                  <Cell numeric>{e.row}</Cell>
                  <Cell>{fieldLabel(e.field, t)}</Cell>
                  <Cell>{e.message}</Cell>
                </tr>
              ))}
            </TableBody>
          </Table>
        </section>
      ) : null}

      {existing.length > 0 ? (
        <section className={`${section} border-amber-200 dark:border-amber-900`} data-testid="import-existing" aria-labelledby="import-existing-title">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="import-existing-title" className="font-semibold text-amber-800 dark:text-amber-300">
              {t('import.existingTitle', { count: existing.length })}
            </h3>
            <label className="flex items-center gap-2">
              {t('import.forAll')}
              <select className={select} value={choices.all} onChange={(e) => onChoices({ all: e.target.value as DuplicateAction, rows: {}, mapping: choices.mapping })} data-testid="import-all">
                {options(['link', 'skip', 'create'])}
              </select>
            </label>
          </div>
          <p className="text-gray-600 dark:text-gray-300">{t('import.existingHelp')}</p>
          <ul className="flex flex-col divide-y divide-gray-100 dark:divide-gray-800">
            {existing.slice(0, SHOWN).map((p) => (
              <li key={p.row} className="flex flex-wrap items-center gap-2 py-1.5" data-testid="import-existing-row" data-row={p.row}>
                <span className="min-w-0 flex-1">
                  <span className="font-medium">
                    {p.row}. {p.name}
                  </span>{' '}
                  <span className="text-gray-600 dark:text-gray-300">
                    {p.existing?.distance === null ? t('import.nearSameName', { name: p.existing.name }) : t('import.near', { name: p.existing?.name ?? '', distance: distance(p.existing?.distance ?? 0) })}
                  </span>
                </span>
                <select className={select} aria-label={t('import.rowChoice', { row: p.row })} value={actionOf(p, choices)} onChange={(e) => setRow(p.row, e.target.value as DuplicateAction)} data-testid="import-row-choice">
                  {options(['link', 'skip', 'create'])}
                </select>
              </li>
            ))}
          </ul>
          {existing.length > SHOWN ? <p className="text-gray-500 dark:text-gray-400">{t('import.more', { count: existing.length - SHOWN })}</p> : null}
        </section>
      ) : null}

      {fresh.length > 0 ? (
        <section className={section} data-testid="import-new" aria-labelledby="import-new-title">
          <h3 id="import-new-title" className="font-semibold text-primary-800 dark:text-primary-300">
            {t('import.newTitle', { count: fresh.length })}
          </h3>
          <Table>
            <TableHead>
              <ColumnHeader numeric className="w-px">{t('import.row')}</ColumnHeader>
              <ColumnHeader>{t('import.fields.name')}</ColumnHeader>
              <ColumnHeader className="hidden sm:table-cell">{t('import.position')}</ColumnHeader>
            </TableHead>
            <TableBody>
              {fresh.slice(0, SHOWN).map((p) => (
                <tr key={p.row} data-testid="import-new-row">
                  <Cell numeric>{p.row}</Cell>
                  <Cell>{nameOf(p)}</Cell>
                  <Cell className="hidden tabular-nums text-gray-600 sm:table-cell dark:text-gray-300">
                    {p.lat === null || p.lng === null ? t('import.noPosition') : `${number.format(p.lat)}, ${number.format(p.lng)}`}
                  </Cell>
                </tr>
              ))}
            </TableBody>
          </Table>
          {fresh.length > SHOWN ? <p className="text-gray-500 dark:text-gray-400">{t('import.more', { count: fresh.length - SHOWN })}</p> : null}
        </section>
      ) : null}

      {preview.routes.length > 0 ? (
        <section className={section} data-testid="import-routes" aria-labelledby="import-routes-title">
          <h3 id="import-routes-title" className="font-semibold">
            {t('import.routesTitle', { count: preview.routes.length })}
          </h3>
          <p className="text-gray-600 dark:text-gray-300">{t('import.routesHelp')}</p>
          <ul className="flex flex-col divide-y divide-gray-100 dark:divide-gray-800">
            {preview.routes.map((r) => (
              <li key={r.row} className="flex flex-wrap items-center gap-2 py-1.5" data-testid="import-route-row">
                <span className="min-w-0 flex-1">
                  <span className="font-medium">
                    {r.row}. {nameOf(r)}
                  </span>{' '}
                  <span className="text-gray-600 dark:text-gray-300">
                    {routeDistance(r.distance)} · {formatDuration(r.duration)} · {t('import.stops', { count: r.stops })}
                    {r.existing ? ` · ${t('import.routeThere', { name: r.existing.name })}` : ''}
                    {r.simplified ? ` · ${t('import.simplified', { from: grouped(r.simplified.from), to: grouped(r.simplified.to) })}` : ''}
                  </span>
                </span>
                <select
                  className={select}
                  aria-label={t('import.rowChoice', { row: r.row })}
                  value={r.status === 'new' ? (choices.rows[r.row] === 'skip' ? 'skip' : 'create') : (choices.rows[r.row] ?? choices.all) === 'create' ? 'create' : 'skip'}
                  onChange={(e) => setRow(r.row, e.target.value as DuplicateAction)}
                >
                  {options(['create', 'skip'], r.status === 'new')}
                </select>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
