import type { Kysely } from 'kysely'

// Frozen: never edit a migration that has shipped; add a new one.

// QR codes are typed from plaques in any case: they are now stored in one form (the app's
// normalizeQrCode, copied here because a migration never imports app code) and looked up in it.
// Generated codes are uppercase already; a code chosen by a manager is brought to the form. Two
// codes that differ only by case cannot both keep their text: the one already in the form (else
// the oldest) keeps it, the other gets the first free "-2", "-3"...

const normalize = (code: string) => code.normalize('NFC').toUpperCase()

interface Row {
  id: number
  code: string
  image_url: string
}

export async function up(db: Kysely<any>): Promise<void> {
  const rows: Row[] = await db.selectFrom('qr_codes').select(['id', 'code', 'image_url']).orderBy('id').execute()
  const wanted = new Set(rows.map((r) => normalize(r.code)))
  const given = new Set<string>()
  const changes: { row: Row; code: string }[] = []
  // Codes already in the form first: they keep their text.
  const order = [...rows].sort((a, b) => Number(normalize(b.code) === b.code) - Number(normalize(a.code) === a.code) || a.id - b.id)
  for (const row of order) {
    let code = normalize(row.code)
    if (given.has(code)) {
      let n = 2
      while (given.has(`${code}-${n}`) || wanted.has(`${code}-${n}`)) n++
      code = `${code}-${n}`
    }
    given.add(code)
    if (code !== row.code) changes.push({ row, code })
  }
  // Two steps, so that no row takes a code another still holds for a moment (the unique key).
  for (const { row } of changes) await db.updateTable('qr_codes').set({ code: `~renaming~${row.id}` }).where('id', '=', row.id).execute()
  for (const { row, code } of changes) {
    const ownImage = `/api/qr-codes/${encodeURIComponent(row.code)}/image.`
    const image_url = row.image_url.includes(ownImage) ? row.image_url.replace(ownImage, `/api/qr-codes/${encodeURIComponent(code)}/image.`) : row.image_url
    await db.updateTable('qr_codes').set({ code, image_url }).where('id', '=', row.id).execute()
  }
}

export async function down(): Promise<void> {
  // The former case of a code is not kept: nothing to undo.
}
