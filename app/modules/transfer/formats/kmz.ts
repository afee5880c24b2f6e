import { Unzip, UnzipInflate, unzipSync, type UnzipFileInfo } from 'fflate'
import { ImportRefused } from './refusal.ts'

// KMZ is a zip holding a KML (doc.kml, or the first .kml at its root) and maybe images. A zip
// is a classic bomb: a few kilobytes that inflate to gigabytes, or sizes declared small that are
// not. So (ADR 023): the central directory is read first without inflating anything (at most
// 200 entries, a KML declared under the bound); then only the KML is inflated, as a stream whose
// actual bytes are counted, and inflating stops as soon as they pass the bound.

/** Largest KML inflated from a KMZ, in bytes. */
const MAX_KML_BYTES = 20 * 1024 * 1024
const MAX_ENTRIES = 200

export const isZip = (bytes: Uint8Array) => bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04

/** The KML's bytes, as inflated slices (never joined: the reader decodes them one by one). */
export function kmlFromKmz(bytes: Uint8Array, maxBytes = MAX_KML_BYTES): Uint8Array[] {
  const entries: UnzipFileInfo[] = []
  try {
    // The filter sees each entry's declared sizes and refuses all: nothing is inflated here.
    unzipSync(bytes, {
      filter: (info) => {
        entries.push(info)
        if (entries.length > MAX_ENTRIES) throw new ImportRefused(422, 'kmz_bomb')
        return false
      },
    })
  } catch (error) {
    if (error instanceof ImportRefused) throw error
    throw new ImportRefused(422, 'kmz_invalid')
  }
  const kmls = entries.filter((e) => /\.kml$/i.test(e.name) && !e.name.includes('/'))
  const entry = kmls.find((e) => e.name.toLowerCase() === 'doc.kml') ?? kmls[0] ?? entries.find((e) => /\.kml$/i.test(e.name))
  if (!entry) throw new ImportRefused(422, 'kmz_no_kml')
  if (entry.originalSize > maxBytes) throw new ImportRefused(413, 'kmz_bomb')

  const chunks: Uint8Array[] = []
  let inflated = 0
  let tooLarge = false
  let found = false
  let done = false
  const unzip = new Unzip((file) => {
    if (file.name !== entry.name || found) return
    found = true
    file.ondata = (error, chunk, final) => {
      if (error || tooLarge) return
      inflated += chunk.length
      if (inflated > maxBytes) {
        tooLarge = true
        file.terminate()
        return
      }
      chunks.push(chunk)
      if (final) done = true
    }
    file.start()
  })
  unzip.register(UnzipInflate)
  try {
    // Pushed in slices: the inflater hands its output over as it goes, so the count can stop it.
    for (let offset = 0; offset < bytes.length && !tooLarge; offset += 64 * 1024) {
      unzip.push(bytes.subarray(offset, offset + 64 * 1024), offset + 64 * 1024 >= bytes.length)
    }
  } catch {
    if (!tooLarge) throw new ImportRefused(422, 'kmz_invalid')
  }
  if (tooLarge) throw new ImportRefused(413, 'kmz_bomb')
  if (!done) throw new ImportRefused(422, 'kmz_invalid')
  return chunks
}
