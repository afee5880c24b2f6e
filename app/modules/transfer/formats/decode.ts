import { ImportRefused } from './refusal.ts'

// Bytes to text for the readers, in slices: a file is never decoded into one more copy of itself
// before it is parsed. XML is read in the encoding its declaration names (ISO-8859-1 from older
// GPS software); a CSV is UTF-8, or Windows-1252 as Excel saves it on Windows.

const SLICE = 256 * 1024

/** The text of these bytes, slice by slice, decoded as `encoding` (fatal: a wrong byte refuses the file). */
export function* decodeSlices(parts: Iterable<Uint8Array>, encoding = 'utf-8'): Generator<string> {
  let decoder: TextDecoder
  try {
    decoder = new TextDecoder(encoding, { fatal: true })
  } catch {
    throw new ImportRefused(422, 'encoding_unknown', { encoding: encoding.slice(0, 40) })
  }
  try {
    for (const part of parts) {
      for (let offset = 0; offset < part.length; offset += SLICE) yield decoder.decode(part.subarray(offset, offset + SLICE), { stream: true })
    }
    yield decoder.decode()
  } catch (error) {
    if (error instanceof TypeError) throw new ImportRefused(422, 'not_text')
    throw error
  }
}

/** The encoding an XML declaration names (`<?xml version="1.0" encoding="ISO-8859-1"?>`), else UTF-8. */
export function declaredXmlEncoding(head: Uint8Array): string {
  const start = Buffer.from(head.subarray(0, 512)).toString('latin1')
  const declared = /^(?:\uFEFF|\xEF\xBB\xBF)?\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(start)?.[1]
  // A declaration readable byte by byte is not UTF-16, whatever it says (a common mislabel).
  if (!declared || /^utf-?16/i.test(declared)) return 'utf-8'
  return declared
}

/** Is every byte valid UTF-8? */
function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

/**
 * A CSV's encoding: UTF-8 when it is valid UTF-8, else Windows-1252 (Excel's "CSV" on Windows)
 * when the bytes read as text in it; anything else is refused with what to do.
 */
export function csvEncoding(bytes: Uint8Array): string {
  if (isUtf8(bytes)) return 'utf-8'
  // Bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) and control characters are not a spreadsheet's text.
  // eslint-disable-next-line no-control-regex
  if (!/[\x00-\x08\x0b\x0c\x0e-\x1f\x81\x8d\x8f\x90\x9d]/.test(Buffer.from(bytes).toString('latin1'))) return 'windows-1252'
  throw new ImportRefused(422, 'csv_encoding')
}
