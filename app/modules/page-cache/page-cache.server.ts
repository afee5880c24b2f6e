import { createHash } from 'node:crypto'
import { CompiledQuery } from 'kysely'
import type { DB } from '#app/db/db.server.ts'

/**
 * Render cache of public pages (issue 7). A page opts in from its loader with a cache tag on the
 * load context (the category whose content it shows, and the content versions read BEFORE its
 * data); the HTTP layer then keeps the rendered HTML per host and path. Every later request checks the tag
 * against the database's content versions (one indexed read, raised by triggers in the same
 * transaction as every write, see migration 2026-11-21T1200-page-cache): the same versions
 * serve the kept HTML, anything else renders anew. So several server processes stay correct
 * without talking to each other. Only visitors' pages are kept: a signed-in member's request
 * never reads nor fills the cache (members may see drafts).
 */

/** Version of the slug namespace (category 0): a route or category came, went or moved. */
const SLUGS = 0

export interface ContentVersion {
  category: number
  slugs: number
}

/** What a page's loader puts on the load context (`pageCacheTag`) when its answer may be kept. */
export interface CacheTag extends ContentVersion {
  categoryId: number
  /** A published route whose view is counted each time the kept page is served. */
  view?: { id: number; uuid: string }
}

// The check every kept page's request makes: its SQL is built once per database handle (for
// its dialect) and run with new parameters, rather than built and compiled at every request.
const versionSql = new WeakMap<DB, string>()

/** The content versions of a category and of the slug namespace, in one indexed read. */
export async function readContentVersion(db: DB, categoryId: number): Promise<ContentVersion> {
  let text = versionSql.get(db)
  if (!text) {
    text = db.selectFrom('content_versions').select(['category_id', 'version']).where('category_id', 'in', [SLUGS, 0]).compile().sql
    versionSql.set(db, text)
  }
  const { rows } = await db.executeQuery<{ category_id: number; version: number }>(CompiledQuery.raw(text, [SLUGS, categoryId]))
  const of = (id: number) => Number(rows.find((r) => Number(r.category_id) === id)?.version ?? 0)
  return { category: of(categoryId), slugs: of(SLUGS) }
}

/**
 * The versions a route page's loader reads before its data: of the category that has (or had)
 * this slug, and of the slug namespace (one query). Every address change of a route or category
 * raises the slug namespace's, so a kept page never outlives its address (ADR 011).
 */
export async function readCategorySlugVersions(db: DB, categorySlug: string): Promise<{ categories: Map<number, number>; slugs: number }> {
  const rows = await db
    .selectFrom('content_versions')
    .select(['category_id', 'version'])
    .where((eb) =>
      eb.or([eb('category_id', '=', SLUGS), eb('category_id', 'in', eb.selectFrom('category_slugs').select('category_id').where('slug', '=', categorySlug))]),
    )
    .execute()
  const categories = new Map(rows.map((r) => [Number(r.category_id), Number(r.version)]))
  const slugs = categories.get(SLUGS) ?? 0
  categories.delete(SLUGS)
  return { categories, slugs }
}

interface Entry {
  tag: CacheTag
  /** The HTML split at the CSP nonce of the render: each answer puts its own nonce back in. */
  parts: string[]
  etag: string
  headers: [string, string][]
  bytes: number
}

const NONCE_PLACEHOLDER = '\u0000nonce\u0000'

// Headers that belong to one answer, not to the kept page.
const PER_ANSWER = new Set(['set-cookie', 'content-length', 'content-security-policy', 'date'])

/** Public pages may be revalidated by browsers and CDNs with If-None-Match; never stale. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate'

export class PageCache {
  private readonly entries = new Map<string, Entry>()
  private bytes = 0

  constructor(
    private readonly db: DB,
    private readonly limits = { entries: 2_000, bytes: 32 * 1024 * 1024 },
  ) {}

  /** The cache key of a visitor's page read (host and path), or null when it must not be cached. */
  keyOf(request: Request, signedIn: boolean): string | null {
    // GET only: a HEAD answer may come without its body, which must never be kept.
    if (signedIn || request.method !== 'GET') return null
    const url = new URL(request.url)
    // The page shown right after a like carries the visitor's own state.
    if (url.searchParams.has('liked') || url.pathname.endsWith('.data')) return null
    return `${request.headers.get('host') ?? ''}${url.pathname}`
  }

  /** The kept page when its content versions are still the database's. */
  async lookup(key: string): Promise<Entry | null> {
    const entry = this.entries.get(key)
    if (!entry) return null
    const current = await readContentVersion(this.db, entry.tag.categoryId)
    if (current.category !== entry.tag.category || current.slugs !== entry.tag.slugs) {
      this.drop(key)
      return null
    }
    // Most recently used last (Map keeps insertion order).
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry
  }

  /**
   * Keeps a rendered 200 page whose loader gave a cache tag, and answers it with its validators;
   * a public page answered for one visitor only (tag null) is marked private. Other answers pass.
   */
  async store(key: string | null, response: Response, tag: CacheTag | null | undefined, nonce: string | undefined): Promise<Response> {
    if (tag === undefined) return response
    if (!key || !tag || response.status !== 200) {
      const headers = new Headers(response.headers)
      headers.set('Cache-Control', 'private, no-store')
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
    }
    const html = await response.text()
    const parts = nonce ? html.split(`nonce="${nonce}"`) : [html]
    const entry: Entry = {
      tag,
      parts,
      etag: `"${createHash('sha1').update(parts.join(NONCE_PLACEHOLDER)).digest('base64url')}"`,
      headers: [...response.headers].filter(([name]) => !PER_ANSWER.has(name.toLowerCase())),
      bytes: html.length,
    }
    this.put(key, entry)
    return this.answer(entry, nonce, null)
  }

  /** The kept page for this answer: 304 when the client's copy is current, else the HTML with its nonce. */
  answer(entry: Entry, nonce: string | undefined, ifNoneMatch: string | null): Response {
    const headers = new Headers(entry.headers)
    headers.set('ETag', entry.etag)
    headers.set('Cache-Control', PUBLIC_CACHE_CONTROL)
    headers.set('Vary', 'Cookie, Accept-Language')
    if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === entry.etag)) {
      return new Response(null, { status: 304, headers })
    }
    return new Response(entry.parts.join(nonce ? `nonce="${nonce}"` : ''), { status: 200, headers })
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes }
  }

  private put(key: string, entry: Entry) {
    this.drop(key)
    this.entries.set(key, entry)
    this.bytes += entry.bytes
    // Least recently used first out.
    for (const [oldKey] of this.entries) {
      if (this.entries.size <= this.limits.entries && this.bytes <= this.limits.bytes) break
      this.drop(oldKey)
    }
  }

  private drop(key: string) {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    this.bytes -= entry.bytes
  }
}
