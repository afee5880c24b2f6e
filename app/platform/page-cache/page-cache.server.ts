import { createHash } from 'node:crypto'
import zlib from 'node:zlib'
import { crc32Combine, crc32Shift } from './crc32-combine.ts'
import { memoized } from '#app/utils/memo.ts'
import { contentVersionBoard, type DB } from '#app/db/db.server.ts'
import { acceptedWeight, encodedEtag, etagMatches } from '#app/utils/http-encoding.ts'
import { readContentWish } from '#app/platform/locale/content-wish.ts'
import { pageQueryKey, readPageQuery } from '#app/utils/page-query.ts'

/**
 * Render cache of public pages. A page opts in from its loader with a cache tag on the
 * load context (the category whose content it shows, and the content versions read BEFORE its
 * data); the HTTP layer then keeps the rendered HTML per host and path. Every later request checks the tag
 * against the content versions (raised by triggers in the same transaction as every write, see
 * migration 2026-11-21T1200-page-cache), kept in memory and forgotten when a write of this
 * process or a notification of another says they changed (ADR 071): the same versions serve
 * the kept HTML, anything else renders anew. Only visitors' pages are kept: a signed-in member's request
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
  /**
   * When the page changes by itself, in ms (a dated route notice appears or goes at midnight,
   * ADR 026): it is not served from the cache from then on. Absent: only a write changes it.
   */
  validUntil?: number
}

/** The content versions of a category and of the slug namespace, from memory when known (ADR 071). */
export async function readContentVersion(db: DB, categoryId: number): Promise<ContentVersion> {
  const board = contentVersionBoard(db)
  const category = board.version(categoryId)
  const slugs = board.version(SLUGS)
  return { category: typeof category === 'number' ? category : await category, slugs: typeof slugs === 'number' ? slugs : await slugs }
}

/**
 * The versions a route page's loader reads before its data: of the category that has (or had)
 * this slug, and of the slug namespace (one query). Every address change of a route or category
 * raises the slug namespace's, so a kept page never outlives its address (ADR 011).
 */
async function readCategorySlugVersions(db: DB, categorySlug: string): Promise<{ categories: Map<number, number>; slugs: number }> {
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

/** The content-version reader of the public pages' loaders (`services.contentVersions`). */
export class ContentVersions {
  constructor(private readonly db: DB) {}

  /** The versions of a category and of the slug namespace (what a kept page is checked against). */
  of(categoryId: number): Promise<ContentVersion> {
    return readContentVersion(this.db, categoryId)
  }

  /** See readCategorySlugVersions: what a route page's loader reads before its data. */
  ofCategorySlug(categorySlug: string): Promise<{ categories: Map<number, number>; slugs: number }> {
    return readCategorySlugVersions(this.db, categorySlug)
  }
}

interface Entry {
  tag: CacheTag
  /**
   * The HTML split at the CSP nonce of the render (each answer puts its own nonce back in), in
   * UTF-8, and each part deflated on its own (see gzipAnswer).
   */
  utf8: Buffer[]
  deflated: Buffer[]
  /** Each part's CRC-32 and its crc32Shift, so an answer's CRC reads none of the parts again. */
  crcs: number[]
  shifts: number[]
  etag: string
  headers: [string, string][]
  bytes: number
}

const NONCE_PLACEHOLDER = '\u0000nonce\u0000'

// Headers that belong to one answer, not to the kept page.
const PER_ANSWER = new Set(['set-cookie', 'content-length', 'content-security-policy', 'date'])

// A deflate stream (RFC 1951) may be cut into blocks, and a block may be compressed with no
// reference to the ones before it: each static part of a kept page is deflated once, on its own,
// ending with a sync flush (byte-aligned, not final); an answer writes only its nonce, as a stored
// block (random letters do not compress, and a stored block needs no compressor: issue 28's hot
// path), and puts the gzip header, the parts, an empty final block and the trailer (CRC-32 and
// length) around them.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff])
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00])

function deflatePart(part: Buffer): Buffer {
  return zlib.deflateRawSync(part, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH })
}

/** A non-final stored block (RFC 1951 3.2.4) of up to 65,535 bytes, after a byte-aligned block. */
function storedBlock(data: Buffer): Buffer {
  const block = Buffer.alloc(5 + data.length)
  block[0] = 0 // BFINAL 0, BTYPE 00 (stored); the rest of the byte is padding
  block.writeUInt16LE(data.length, 1)
  block.writeUInt16LE(~data.length & 0xffff, 3)
  data.copy(block, 5)
  return block
}

// Every answer's nonce has the same length: its CRC operator is worked out once.
const shiftOfLength = memoized((length: string) => crc32Shift(Number(length)), 64)

function gzipAnswer(entry: Entry, nonce: string | undefined): Buffer {
  const attribute = Buffer.from(nonce ? `nonce="${nonce}"` : '')
  const deflatedAttribute = storedBlock(attribute)
  const chunks: Buffer[] = [GZIP_HEADER]
  const attributeCrc = zlib.crc32(attribute)
  const attributeShift = shiftOfLength(String(attribute.length))
  let crc = 0
  let length = 0
  entry.utf8.forEach((part, i) => {
    if (i > 0) {
      chunks.push(deflatedAttribute)
      crc = crc32Combine(crc, attributeCrc, attributeShift)
      length += attribute.length
    }
    chunks.push(entry.deflated[i])
    crc = crc32Combine(crc, entry.crcs[i], entry.shifts[i])
    length += part.length
  })
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(length >>> 0, 4)
  chunks.push(FINAL_EMPTY_BLOCK, trailer)
  return Buffer.concat(chunks)
}

// Set by every answer of a kept page (answerParts), whatever the render had.
const OVERRIDDEN = new Set(['etag', 'cache-control', 'vary', 'content-encoding'])

// Any client that takes gzip gets it, even one preferring brotli (see answer()).
const acceptsGzip = (acceptEncoding: string | null) => acceptedWeight(acceptEncoding, 'gzip') > 0

/** Public pages may be revalidated by browsers and CDNs with If-None-Match; never stale. */
const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate'

/** What a request must have for the cache key (a Request, or server/fast-path.ts's view of Node's request). */
export interface RequestLike {
  url: string
  method: string
  headers: { get(name: string): string | null }
}

/** An answer of the render cache before it becomes a Response (server/fast-path.ts writes it to Node directly). */
export interface KeptAnswer {
  status: 200 | 304
  headers: [string, string][]
  body: Buffer | null
}

export class PageCache {
  private readonly entries = new Map<string, Entry>()
  private bytes = 0

  constructor(
    private readonly db: DB,
    private readonly limits = { entries: 2_000, bytes: 32 * 1024 * 1024 },
    private readonly now: () => number = () => Date.now(),
  ) {}

  /**
   * The cache key of a visitor's page read (host and path), or null when it must not be cached.
   * `url`: `request.url` already parsed, when the caller has it.
   */
  keyOf(request: RequestLike, signedIn: boolean, url = new URL(request.url)): string | null {
    // GET only: a HEAD answer may come without its body, which must never be kept.
    if (signedIn || request.method !== 'GET') return null
    // The page shown right after a like carries the visitor's own state; a search is one visitor's.
    if (url.searchParams.has('liked') || url.searchParams.get('q')?.trim() || url.pathname.endsWith('.data')) return null
    // The parameters that change the page, as its loader reads them (ADR 070), and the content
    // languages the visitor wishes for (ADR 043, read as the loaders read them); no other changes it.
    return `${request.headers.get('host') ?? ''}${url.pathname}${pageQueryKey(readPageQuery(url.searchParams), readContentWish(request.headers))}`
  }

  /** The kept page when its content versions are still the database's. */
  async lookup(key: string): Promise<Entry | null> {
    const known = this.lookupNow(key)
    if (known !== undefined) return known
    const entry = this.entries.get(key)!
    return this.checked(key, entry, await readContentVersion(this.db, entry.tag.categoryId))
  }

  /**
   * `lookup` without waiting, when the content versions are known in memory (most visits): the
   * kept page or null; undefined when they must be read first (then `lookup`). Why: the lean
   * path answers a kept page in one go, without the promises of an asynchronous lookup (each
   * runs the request context's hooks on Node 20, issue 28).
   */
  lookupNow(key: string): Entry | null | undefined {
    const entry = this.entries.get(key)
    if (!entry) return null
    if (entry.tag.validUntil !== undefined && this.now() >= entry.tag.validUntil) {
      this.drop(key)
      return null
    }
    const board = contentVersionBoard(this.db)
    const category = board.version(entry.tag.categoryId)
    const slugs = board.version(SLUGS)
    if (typeof category !== 'number' || typeof slugs !== 'number') return undefined
    return this.checked(key, entry, { category, slugs })
  }

  /** The entry if it was made from these versions (then used most recently), or null (then dropped). */
  private checked(key: string, entry: Entry, current: ContentVersion): Entry | null {
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
  async store(key: string | null, response: Response, tag: CacheTag | null | undefined, nonce: string | undefined, acceptEncoding: string | null = null): Promise<Response> {
    if (tag === undefined) return response
    if (!key || !tag || response.status !== 200) {
      const headers = new Headers(response.headers)
      headers.set('Cache-Control', 'private, no-store')
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
    }
    const html = await response.text()
    const parts = nonce ? html.split(`nonce="${nonce}"`) : [html]
    const utf8 = parts.map((part) => Buffer.from(part))
    const deflated = utf8.map(deflatePart)
    const entry: Entry = {
      tag,
      utf8,
      deflated,
      crcs: utf8.map((part) => zlib.crc32(part)),
      shifts: utf8.map((part) => crc32Shift(part.length)),
      etag: `"${createHash('sha1').update(parts.join(NONCE_PLACEHOLDER)).digest('base64url')}"`,
      headers: [...response.headers].filter(([name]) => !PER_ANSWER.has(name.toLowerCase())),
      bytes: utf8.reduce((sum, b) => sum + b.length, 0) + deflated.reduce((sum, b) => sum + b.length, 0),
    }
    this.put(key, entry)
    return this.answer(entry, nonce, null, acceptEncoding)
  }

  /**
   * The kept page for this answer: 304 when the client's copy is current, else the HTML with its
   * nonce, gzipped from the kept compressed parts when the client accepts gzip.
   * Brotli cannot be spliced like that (its literals depend on the bytes before them, the nonce
   * among them), so a kept page goes out in gzip even to a client that also takes brotli: this
   * costs ~10 % in size but no compression per answer. A client that takes brotli only gets the
   * identity here, which server/compression.ts compresses.
   */
  answer(entry: Entry, nonce: string | undefined, ifNoneMatch: string | null, acceptEncoding: string | null = null): Response {
    const kept = this.answerParts(entry, nonce, ifNoneMatch, acceptEncoding)
    const body = kept.body && new Uint8Array(kept.body.buffer as ArrayBuffer, kept.body.byteOffset, kept.body.byteLength)
    return new Response(body, { status: kept.status, headers: kept.headers })
  }

  /** The same answer as `answer`, as status, header list and bytes. */
  answerParts(entry: Entry, nonce: string | undefined, ifNoneMatch: string | null, acceptEncoding: string | null = null): KeptAnswer {
    const gzip = acceptsGzip(acceptEncoding)
    const etag = gzip ? encodedEtag(entry.etag, 'gzip') : entry.etag
    const headers: [string, string][] = [
      ...entry.headers.filter(([name]) => !OVERRIDDEN.has(name.toLowerCase())),
      ['etag', etag],
      ['cache-control', PUBLIC_CACHE_CONTROL],
      ['vary', 'Cookie, Accept-Language, Accept-Encoding'],
    ]
    if (gzip) headers.push(['content-encoding', 'gzip'])
    if (etagMatches(ifNoneMatch, etag)) return { status: 304, headers, body: null }
    if (gzip) return { status: 200, headers, body: gzipAnswer(entry, nonce) }
    const attribute = Buffer.from(nonce ? `nonce="${nonce}"` : '')
    return { status: 200, headers, body: Buffer.concat(entry.utf8.flatMap((part, i) => (i > 0 ? [attribute, part] : [part]))) }
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
