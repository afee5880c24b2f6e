import { useTranslation } from 'react-i18next'
import type { DuplicateAction, ImportAnswer } from '#app/modules/transfer/transfer.schema.ts'
import { formatDuration } from '#app/utils/format-walk.ts'
import { actionOf, type Choices } from './import-choices.ts'

// The preview's lists: errors (row, field, message), rows already there with their choice, new
// places, routes. Long lists show their first rows: the map shows them all.

const SHOWN = 100

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
  const { t } = useTranslation()
  const existing = preview.places.filter((p) => p.status === 'existing')
  const fresh = preview.places.filter((p) => p.status === 'new')
  const number = new Intl.NumberFormat(locale)
  const setRow = (row: number, action: DuplicateAction) => onChoices({ ...choices, rows: { ...choices.rows, [row]: action } })
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
          <table className="w-full text-left">
            <thead className="text-xs text-gray-500">
              <tr>
                <th className="py-1 pr-2 font-medium">{t('import.row')}</th>
                <th className="py-1 pr-2 font-medium">{t('import.field')}</th>
                <th className="py-1 font-medium">{t('import.problem')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.errors.slice(0, SHOWN * 5).map((e, i) => (
                <tr key={`${e.row}-${e.field}-${i}`} className="border-t border-gray-100 align-top dark:border-gray-800" data-testid="import-error-row" data-row={e.row}>
                  <td className="py-1 pr-2 tabular-nums">{e.row}</td>
                  <td className="py-1 pr-2 font-mono text-xs">{e.field}</td>
                  <td className="py-1">{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
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
                  <span className="text-gray-600 dark:text-gray-300">{t('import.near', { name: p.existing?.name ?? '', distance: distance(p.existing?.distance ?? 0) })}</span>
                </span>
                <select className={select} aria-label={t('import.rowChoice', { row: p.row })} value={actionOf(p, choices)} onChange={(e) => setRow(p.row, e.target.value as DuplicateAction)} data-testid="import-row-choice">
                  {options(['link', 'skip', 'create'])}
                </select>
              </li>
            ))}
          </ul>
          {existing.length > SHOWN ? <p className="text-gray-500">{t('import.more', { count: existing.length - SHOWN })}</p> : null}
        </section>
      ) : null}

      {fresh.length > 0 ? (
        <section className={section} data-testid="import-new" aria-labelledby="import-new-title">
          <h3 id="import-new-title" className="font-semibold text-primary-800 dark:text-primary-300">
            {t('import.newTitle', { count: fresh.length })}
          </h3>
          <table className="w-full text-left">
            <thead className="text-xs text-gray-500">
              <tr>
                <th className="py-1 pr-2 font-medium">{t('import.row')}</th>
                <th className="py-1 pr-2 font-medium">{t('import.fields.name')}</th>
                <th className="hidden py-1 pr-2 font-medium sm:table-cell">{t('import.position')}</th>
              </tr>
            </thead>
            <tbody>
              {fresh.slice(0, SHOWN).map((p) => (
                <tr key={p.row} className="border-t border-gray-100 dark:border-gray-800" data-testid="import-new-row">
                  <td className="py-1 pr-2 tabular-nums">{p.row}</td>
                  <td className="py-1 pr-2">{p.name}</td>
                  <td className="hidden py-1 pr-2 tabular-nums text-gray-600 sm:table-cell dark:text-gray-300">
                    {number.format(p.lat)}, {number.format(p.lng)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {fresh.length > SHOWN ? <p className="text-gray-500">{t('import.more', { count: fresh.length - SHOWN })}</p> : null}
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
                    {r.row}. {r.name}
                  </span>{' '}
                  <span className="text-gray-600 dark:text-gray-300">
                    {routeDistance(r.distance)} · {formatDuration(r.duration)} · {t('import.stops', { count: r.stops })}
                    {r.existing ? ` · ${t('import.routeThere', { name: r.existing.name })}` : ''}
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
