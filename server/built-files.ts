import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { createMiddleware } from 'hono/factory'
import { getMimeType } from 'hono/utils/mime'
import { encodedEtag, etagMatches, isCompressible, negotiateEncoding, varyOnEncoding, type Encoding } from '#app/utils/http-encoding.ts'

/** The compressed copies the build writes beside a file (vite.config.ts, precompressBuild). */
const PRECOMPRESSED: Record<Encoding, string> = { br: '.br', gzip: '.gz' }

export interface BuiltFile {
  type: string
  etag: string
  lastModified: string
  /** The file itself and its precompressed copies. */
  variants: Partial<Record<Encoding | 'identity', { file: string; size: number }>>
}

/**
 * The built browser files (production), listed once at start: the build does not change under a
 * running server, so a request costs no disk lookup, and a compressed copy is chosen by the
 * client's Accept-Encoding and served with its own ETag. Paths that are not built files pass on.
 */
export function builtFiles(clientDir: string) {
  const files = indexBuiltFiles(clientDir)
  return createMiddleware(async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    const found = files.get(c.req.path)
    if (!found) return next()
    const compressible = isCompressible(found.type)
    const wanted = compressible ? negotiateEncoding(c.req.header('accept-encoding')) : null
    const encoding = wanted && found.variants[wanted] ? wanted : null
    const variant = found.variants[encoding ?? 'identity']!
    const headers = new Headers({ 'Content-Type': found.type, 'Last-Modified': found.lastModified })
    headers.set('ETag', encoding ? encodedEtag(found.etag, encoding) : found.etag)
    if (encoding) headers.set('Content-Encoding', encoding)
    if (compressible) varyOnEncoding(headers)
    if (etagMatches(c.req.header('if-none-match'), headers.get('etag')!)) return new Response(null, { status: 304, headers })
    headers.set('Content-Length', String(variant.size))
    if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers })
    return new Response(Readable.toWeb(fs.createReadStream(variant.file)) as ReadableStream, { status: 200, headers })
  })
}

export function indexBuiltFiles(root: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>()
  if (!fs.existsSync(root)) return files
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.isFile() && !/\.(br|gz)$/.test(entry.name)) {
        const stat = fs.statSync(full)
        const variants: BuiltFile['variants'] = { identity: { file: full, size: stat.size } }
        for (const [encoding, extension] of Object.entries(PRECOMPRESSED) as [Encoding, string][]) {
          const copy = `${full}${extension}`
          // A copy older than its file is from another build: not served.
          if (fs.existsSync(copy) && fs.statSync(copy).mtimeMs >= stat.mtimeMs - 1) variants[encoding] = { file: copy, size: fs.statSync(copy).size }
        }
        const urlPath = `/${path.relative(root, full).split(path.sep).join('/')}`
        // Of the content: the same file rebuilt keeps its ETag, a changed one gets a new one.
        const etag = `"${createHash('sha1').update(fs.readFileSync(full)).digest('base64url').slice(0, 22)}"`
        files.set(urlPath, { type: getMimeType(full) ?? 'application/octet-stream', etag, lastModified: stat.mtime.toUTCString(), variants })
      }
    }
  }
  walk(root)
  return files
}
