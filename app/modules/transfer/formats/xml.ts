import { DOMParser, type Document, type Element } from '@xmldom/xmldom'
import { ImportRefused } from './refusal.ts'

// XML of GPX and KML files, read without a DTD: a document type declaration is refused before
// parsing (ADR 023). GPX and KML never need one, and it is how XML attacks come in: entity
// expansion ("billion laughs") and external entities (XXE, reading files or URLs). The parser
// never fetches anything and does not expand declared entities either; refusing first gives the
// user a clear answer instead of a half-read file.

const DECLARATION = /<!(DOCTYPE|ENTITY)/i

export function parseXml(text: string): Document {
  if (DECLARATION.test(text)) throw new ImportRefused(422, 'xml_doctype')
  const parser = new DOMParser({
    onError: (level) => {
      if (level !== 'warning') throw new ImportRefused(422, 'xml_invalid')
    },
  })
  try {
    return parser.parseFromString(text, 'text/xml')
  } catch (error) {
    if (error instanceof ImportRefused) throw error
    // xmldom wraps what onError throws in its ParseError.
    throw new ImportRefused(422, 'xml_invalid')
  }
}

/** Child elements by local name (namespaces differ between GPX 1.0/1.1 and KML 2.2 / Google's). */
export function children(parent: Element, name: string): Element[] {
  const out: Element[] = []
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).localName === name) out.push(node as Element)
  }
  return out
}

export const child = (parent: Element, name: string): Element | null => children(parent, name)[0] ?? null

/** Every descendant element with this local name, in document order. */
export function descendants(parent: Element | Document, name: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS('*', name))
}

export const textOf = (element: Element | null): string | null => {
  const text = element?.textContent?.trim()
  return text ? text : null
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/** Text and attribute values safe in XML; characters XML 1.0 forbids are dropped. */
export function xmlEscape(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c])
}
