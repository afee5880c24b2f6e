import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import { CompiledQuery } from 'kysely'
import { contentVersionBoard, type DB } from '#app/db/db.server.ts'
import { sharedRead } from '#app/db/shared-read.server.ts'
import zlib from 'node:zlib'
import { etagMatches } from '#app/utils/http-encoding.ts'
import { encodedEtag, MIN_COMPRESS_BYTES, negotiateEncoding, type Encoding } from '#app/utils/http-encoding.ts'

/**
 * Serialized answers of the manager's big lists (`fetch-places`, `fetch-routes`), kept per
 * category, kind and language and checked against the database's content versions.
 * The versions are raised by triggers in the same transaction as every write the lists depend
 * on (migrations 2026-11-21T1200-page-cache and 2026-11-21T1300-list-cache), so several server
 * processes stay correct without talking to each other. The caller checks access BEFORE asking:
 * a kept answer is never a reason to skip the membership check.
 */

/** Version raised when a user's name or photo changes (they appear in every category's lists). */
const PEOPLE_VERSION = -1

export interface ListVersions {
  category: number
  people: number
}

export interface KeptAnswer {
  /** `{"data":…}` as sent, in UTF-8: encoded once, not at every answer (a 2,000-place list is ~380 KB). */
  body: Uint8Array<ArrayBuffer>
  etag: string
  /** The body compressed, each encoding made at its first request and kept with the answer. */
  compressed?: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>
}

interface Entry extends KeptAnswer {
  versions: ListVersions
  /** The answer shows something that lapses by itself (a pending invitation's expiry), in ms. */
  validUntil: number
  bytes: number
}

const encoder = new TextEncoder()

const versionSql = new WeakMap<DB, string>()

/**
 * The category's and the people's versions, in one indexed read (SQL built once per handle): a
 * member's list must show a save made through another process behind the same load balancer at
 * once, not when that process's notification arrives.
 */
async function readListVersions(db: DB, categoryId: number): Promise<ListVersions> {
  let text = versionSql.get(db)
  if (!text) {
    text = db.selectFrom('content_versions').select(['category_id', 'version']).where('category_id', 'in', [0, 0]).compile().sql
    versionSql.set(db, text)
  }
  const sqlText = text
  const { rows } = await sharedRead(db, `lists:${categoryId}`, () => db.executeQuery<{ category_id: number; version: number }>(CompiledQuery.raw(sqlText, [categoryId, PEOPLE_VERSION])))
  const of = (id: number) => Number(rows.find((r) => Number(r.category_id) === id)?.version ?? 0)
  return { category: of(categoryId), people: of(PEOPLE_VERSION) }
}

/** The same versions from memory when known (ADR 071): for visitors' answers (open data). */
async function keptListVersions(db: DB, categoryId: number): Promise<ListVersions> {
  const board = contentVersionBoard(db)
  const category = board.version(categoryId)
  const people = board.version(PEOPLE_VERSION)
  return { category: typeof category === 'number' ? category : await category, people: typeof people === 'number' ? people : await people }
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>()
  private readonly building = new Map<string, Promise<Entry>>()
  private bytes = 0

  constructor(
    private readonly db: DB,
    private readonly limits = { entries: 500, bytes: 16 * 1024 * 1024 },
    private readonly now: () => number = Date.now,
    /** 'memory': versions kept in memory (visitors' answers, ADR 071); 'database': read at every answer (members' lists). */
    private readonly versions: 'database' | 'memory' = 'database',
  ) {}

  /**
   * The kept answer for `key` when the category's content has not changed since, or else a fresh
   * one from `build` (which must read its data AFTER this reads the versions, as it does).
   * `build` gives its data and when it lapses by itself (Infinity when it does not).
   */
  async answer(
    categoryId: number,
    key: string,
    build: () => Promise<{ data: unknown; validUntil: number }>,
    options: { bare?: boolean } = {},
  ): Promise<KeptAnswer> {
    const versions = await (this.versions === 'memory' ? keptListVersions : readListVersions)(this.db, categoryId)
    const fullKey = `${categoryId}:${key}`
    const kept = this.entries.get(fullKey)
    if (kept && kept.versions.category === versions.category && kept.versions.people === versions.people && this.now() < kept.validUntil) {
      // Most recently used last (a Map keeps insertion order).
      this.entries.delete(fullKey)
      this.entries.set(fullKey, kept)
      return kept
    }
    if (kept) this.drop(fullKey)
    // Requests that miss together at the same versions share one build (after a change, a busy
    // list would otherwise be built once per waiting request).
    const buildKey = `${fullKey}:${versions.category}:${versions.people}`
    let building = this.building.get(buildKey)
    if (!building) {
      building = this.build(fullKey, versions, build, options.bare === true).finally(() => this.building.delete(buildKey))
      this.building.set(buildKey, building)
    }
    return building
  }

  private async build(fullKey: string, versions: ListVersions, build: () => Promise<{ data: unknown; validUntil: number }>, bare: boolean): Promise<Entry> {
    const { data, validUntil } = await build()
    // `bare`: the data itself (a GeoJSON FeatureCollection), not the API's {"data": …} envelope.
    const body = encoder.encode(JSON.stringify(bare ? data : { data }))
    const entry: Entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, versions, validUntil, bytes: body.byteLength }
    if (entry.bytes <= this.limits.bytes / 2) {
      // A concurrent request may have kept the same answer meanwhile: replace it, counted once.
      this.drop(fullKey)
      this.entries.set(fullKey, entry)
      this.bytes += entry.bytes
      for (const [oldest] of this.entries) {
        if (this.entries.size <= this.limits.entries && this.bytes <= this.limits.bytes) break
        this.drop(oldest)
      }
    }
    return entry
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes }
  }

  private drop(key: string) {
    const entry = this.entries.get(key)
    if (!entry) return
    this.bytes -= entry.bytes
    this.entries.delete(key)
  }
}

/** How a kept answer goes out: who may keep it, what it varies on, its type. */
export interface KeptAnswerHeaders {
  cacheControl: string
  vary: string
  contentType: string
}

/**
 * A kept answer for one request, as status, headers and body (for Hono's context, and for the
 * lean path of server/fast-path.ts, which writes it to Node directly): a client that has it gets
 * a 304; a client that takes brotli or gzip gets the body compressed once per kept answer, not
 * by server/compression.ts at every request, with its ETag per encoding.
 */
export function keptAnswerParts(
  answer: KeptAnswer,
  how: KeptAnswerHeaders,
  acceptEncoding: string | null | undefined,
  ifNoneMatch: string | null | undefined,
): { status: 200 | 304; headers: [string, string][]; body: Uint8Array<ArrayBuffer> | null } {
  const encoding = answer.body.byteLength >= MIN_COMPRESS_BYTES ? negotiateEncoding(acceptEncoding) : null
  const etag = encoding ? encodedEtag(answer.etag, encoding) : answer.etag
  const headers: [string, string][] = [
    ['ETag', etag],
    ['Cache-Control', how.cacheControl],
    ['Vary', how.vary],
  ]
  if (etagMatches(ifNoneMatch, etag)) return { status: 304, headers, body: null }
  headers.push(['Content-Type', how.contentType])
  if (!encoding) return { status: 200, headers, body: answer.body }
  headers.push(['Content-Encoding', encoding])
  return { status: 200, headers, body: compressedBody(answer, encoding) }
}

/** Sends a kept answer through Hono's context (see keptAnswerParts). */
// Typed as `never` for the OpenAPI handlers: the body IS the route's declared 200 JSON, only
// serialized once for many answers (the route also declares its 304).
export function sendAnswerParts(c: Context, answer: KeptAnswer, how: KeptAnswerHeaders): never {
  const parts = keptAnswerParts(answer, how, c.req.header('accept-encoding'), c.req.header('if-none-match'))
  for (const [name, value] of parts.headers) c.header(name, value)
  return (parts.body === null ? c.body(null, 304) : c.body(parts.body, 200)) as never
}

/**
 * Sends a member's kept answer: `private, no-cache`, only the member's own browser may keep it,
 * and must ask each time (access may have gone).
 */
export function sendKeptAnswer(c: Context, answer: KeptAnswer): never {
  return sendAnswerParts(c, answer, { cacheControl: 'private, no-cache', vary: 'Accept-Encoding', contentType: 'application/json' })
}

/** A kept answer's body in an encoding, compressed at its first request and kept with it. */
export function compressedBody(answer: KeptAnswer, encoding: Encoding): Uint8Array<ArrayBuffer> {
  answer.compressed ??= {}
  answer.compressed[encoding] ??= new Uint8Array(compress(answer.body, encoding))
  return answer.compressed[encoding]
}

function compress(body: Uint8Array, encoding: Encoding): Buffer {
  if (encoding === 'gzip') return zlib.gzipSync(body, { level: 9 })
  return zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 7, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
  })
}

/** The 304 of a kept list, for the OpenAPI document. */
export const notModified = { 304: { description: 'Not modified (If-None-Match named the current ETag)' } }
