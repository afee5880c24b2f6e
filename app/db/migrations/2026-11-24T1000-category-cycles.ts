import type { Kysely } from 'kysely'

// Frozen: never edit a migration that has shipped; add a new one.

// Before moves in the category tree were serialised, two crossed moves on
// PostgreSQL (X under Y and Y under X at once) could both pass the cycle check and store a
// cycle. Each stored cycle is cut: the member with the lowest id becomes a root (its parent_id
// null), so the cycle's categories show as one branch under it. A category below a cycle stays
// where it is.

interface Row {
  id: number
  parent_id: number | null
}

export async function up(db: Kysely<any>): Promise<void> {
  const rows: Row[] = await db.selectFrom('place_categories').select(['id', 'parent_id']).execute()
  const parentOf = new Map(rows.map((r) => [r.id, r.parent_id]))
  const settled = new Set<number>()
  const cuts: number[] = []
  for (const row of rows) {
    // Climb from the row, each category once; a repeat within this climb is a cycle.
    const path: number[] = []
    let current: number | null | undefined = row.id
    while (current != null && !settled.has(current) && !path.includes(current)) {
      path.push(current)
      current = parentOf.get(current)
    }
    if (current != null && path.includes(current)) {
      const cycle = path.slice(path.indexOf(current))
      const lowest = Math.min(...cycle)
      cuts.push(lowest)
      parentOf.set(lowest, null)
    }
    for (const id of path) settled.add(id)
  }
  if (cuts.length > 0) await db.updateTable('place_categories').set({ parent_id: null }).where('id', 'in', cuts).execute()
}

export async function down(): Promise<void> {
  // A cycle is never wanted back: nothing to undo.
}
