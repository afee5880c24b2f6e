import type { CsvTarget, DuplicateAction, ImportAnswer, ImportOptions } from '#app/modules/transfer/transfer.schema.ts'

// The import screen's choices as pure functions (unit tested): what the user picked for the rows
// that are already there, and the options the next request sends.

export interface Choices {
  /** For every row that is already there. */
  all: DuplicateAction
  /** Per row number, overriding `all`. */
  rows: Record<number, DuplicateAction>
  /** CSV: the heading chosen for each field (null: none). */
  mapping: Partial<Record<CsvTarget, string | null>>
  /** Per row number, the name the manager gave a row the file left unnamed. */
  names?: Record<number, string>
}

export const initialChoices = (): Choices => ({ all: 'skip', rows: {}, mapping: {} })

export function importOptions(choices: Choices): ImportOptions {
  const rows = Object.fromEntries(Object.entries(choices.rows).map(([row, action]) => [row, action]))
  const names = Object.entries(choices.names ?? {})
    .map(([row, name]): [string, string] => [row, name.trim()])
    .filter(([, name]) => name !== '')
  return {
    duplicates: choices.all,
    ...(Object.keys(rows).length > 0 ? { rows } : {}),
    ...(Object.keys(choices.mapping).length > 0 ? { mapping: choices.mapping } : {}),
    ...(names.length > 0 ? { names: Object.fromEntries(names) } : {}),
  }
}

/** The action a preview row will get with these choices (the server decides the same way). */
export function actionOf(place: { row: number; status: 'new' | 'existing' }, choices: Choices): DuplicateAction {
  if (place.status === 'new') return choices.rows[place.row] === 'skip' ? 'skip' : 'create'
  return choices.rows[place.row] ?? choices.all
}

/** What the commit will write, counted from the preview and the current choices. */
export function plannedCounts(preview: ImportAnswer, choices: Choices) {
  let create = 0
  let link = 0
  let skip = 0
  for (const place of preview.places) {
    const action = actionOf(place, choices)
    if (action === 'create') create++
    else if (action === 'link') link++
    else skip++
  }
  const routes = preview.routes.filter((r) => (r.status === 'new' ? choices.rows[r.row] !== 'skip' : (choices.rows[r.row] ?? choices.all) === 'create')).length
  return { create, link, skip, routes, errors: preview.summary.errors }
}
