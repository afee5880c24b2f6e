import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Text files worth compressing (images, fonts in woff2 and archives are compressed already). */
const TEXT_FILE = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest|map|ico)$/i
/** Below this, compression saves less than the headers and the lookup cost. */
const MIN_BYTES = 1024

/**
 * Writes `file.br` and `file.gz` beside every built text file, at the
 * strongest settings since it runs once per build: server/built-files.ts serves them by the
 * client's Accept-Encoding. A copy that would not be smaller than the file is not written.
 * Answers the sizes, for the build's log.
 */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; br: number; gzip: number }> {
  const totals = { files: 0, bytes: 0, br: 0, gzip: 0 }
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name)
      if (entry.isDirectory()) await walk(full)
      else if (entry.isFile() && TEXT_FILE.test(entry.name)) {
        const content = await fs.readFile(full)
        if (content.length < MIN_BYTES) continue
        const [br, gz] = await Promise.all([
          brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
          gzip(content, { level: 9 }),
        ])
        totals.files++
        totals.bytes += content.length
        for (const [extension, compressed] of [['.br', br], ['.gz', gz]] as const) {
          if (compressed.length >= content.length) continue
          await fs.writeFile(`${full}${extension}`, compressed)
          totals[extension === '.br' ? 'br' : 'gzip'] += compressed.length
        }
      }
    }
  }
  await walk(dir)
  return totals
}
