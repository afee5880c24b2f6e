import { SaxesParser } from 'saxes'
import { ImportRefused } from './refusal.ts'

// GPX and KML are read as a stream of tags (saxes): no document tree is built, so memory follows
// what is kept (places, paths), not the file (ADR 023, ADR 050). A document type declaration is
// refused: GPX and KML never need one, and it is how XML attacks come in (entity expansion,
// external entities). saxes expands no declared entity and fetches nothing either.

export interface XmlHandlers {
  /** An element opens: its local name (the prefix dropped: GPX 1.0/1.1, KML 2.2 and Google's gx: differ) and attributes. */
  open(name: string, attributes: Record<string, string>): void
  /** Text or CDATA inside the innermost open element. */
  text(text: string): void
  close(name: string): void
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1)

/** Feeds the text slices to the parser; handlers see elements in document order. */
export function streamXml(slices: Iterable<string>, handlers: XmlHandlers): void {
  const parser = new SaxesParser({ position: false })
  let failed: unknown = null
  parser.on('doctype', () => {
    throw new ImportRefused(422, 'xml_doctype')
  })
  parser.on('error', (error) => {
    failed ??= error
  })
  parser.on('opentag', (tag) => handlers.open(localName(tag.name), tag.attributes as Record<string, string>))
  parser.on('text', (text) => handlers.text(text))
  parser.on('cdata', (text) => handlers.text(text))
  parser.on('closetag', (tag) => handlers.close(localName(tag.name)))
  try {
    for (const slice of slices) {
      parser.write(slice)
      if (failed) break
    }
    if (!failed) parser.close()
  } catch (error) {
    if (error instanceof ImportRefused) throw error
    failed ??= error
  }
  if (failed) throw failed instanceof ImportRefused ? failed : new ImportRefused(422, 'xml_invalid')
}

/**
 * Text of the elements a reader asks for, kept while they are open. `limit` bounds what one
 * element may hold: past it the text is cut (it is then longer than any field allows, which
 * the row check says).
 */
export class TextCapture {
  private parts: string[] | null = null
  private length = 0
  constructor(private readonly limit = 64 * 1024) {}

  start() {
    this.parts = []
    this.length = 0
  }

  get active() {
    return this.parts !== null
  }

  add(text: string) {
    if (!this.parts || this.length > this.limit) return
    this.parts.push(text)
    this.length += text.length
  }

  /** The text captured since start (trimmed; null when blank), and capture stops. */
  end(): string | null {
    const text = (this.parts ?? []).join('').trim()
    this.parts = null
    return text === '' ? null : text
  }
}
