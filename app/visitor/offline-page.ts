// The offline page as the service worker answers it (ADR 090): the server renders it once per
// language with empty lists (app/routes/public/offline.tsx); offline, the worker fills them with
// what this phone keeps (the walks saved for offline, the pages visited), read from its caches.
// Pure string work: the worker has no DOM.

export interface KeptLink {
  href: string
  title: string
}

export interface KeptPage extends KeptLink {
  kind: 'map' | 'landing' | 'home'
  locale: string
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') return String.fromCodePoint(name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1)))
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A kept page's name: its <title> without the product's suffix. */
export function pageTitle(html: string): string | null {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)
  if (!match) return null
  return decodeEntities(match[1]).replace(/\s*·\s*Trailguide\s*$/, '').trim() || null
}

/** The value of a `data-*` attribute of the first element that has it. */
function attribute(html: string, name: string): string {
  const match = new RegExp(`${name}="([^"]*)"`).exec(html)
  return match ? decodeEntities(match[1]) : ''
}

const link = 'inline-flex min-h-11 items-center font-medium text-primary-800 underline break-words'

/** Replaces the content of `<ul … data-{list} …>` when there is something to list (else its "none yet" line stays). */
function fillList(html: string, list: string, items: string[]): string {
  if (items.length === 0) return html
  return html.replace(new RegExp(`(<ul[^>]*\\s${list}[^>]*>)[\\s\\S]*?(</ul>)`), (_, open: string, close: string) => `${open}${items.join('')}${close}`)
}

/** The offline page with this phone's saved walks and kept pages as links. */
export function fillOfflinePage(template: string, walks: KeptLink[], pages: KeptPage[]): string {
  const walkItems = walks.map((w) => `<li><a class="${link}" href="${escapeHtml(w.href)}">${escapeHtml(w.title)}</a></li>`)
  const pageItems = pages.map((p) => {
    const kind = attribute(template, `data-kind-${p.kind}`)
    return `<li><a class="${link}" href="${escapeHtml(p.href)}" hreflang="${escapeHtml(p.locale)}">${escapeHtml(p.title)}</a> <span class="text-sm text-gray-700">${escapeHtml(kind)} · ${escapeHtml(p.locale.toUpperCase())}</span></li>`
  })
  return fillList(fillList(template, 'data-offline-walks', walkItems), 'data-offline-pages', pageItems)
}
