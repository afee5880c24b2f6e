import fs from 'node:fs/promises'
import path from 'node:path'

/**
 * Where uploaded files live. The local disk is the embedded default; an S3-compatible bucket
 * (S3Storage, s3-storage.server.ts, when S3_BUCKET is set) implements the same three calls
 * (ARCHITECTURE §5, ADR 030).
 */
export interface Storage {
  /** Stores the bytes under the key (e.g. "routes/ab12.webp"), replacing any file there. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>
  /** The public URL of a stored key. */
  url(key: string): string
}

/** Files under a folder (DATA_DIR/uploads), served by the app at `publicPath` (/uploads). */
export class LocalDiskStorage implements Storage {
  constructor(
    readonly root: string,
    private readonly publicBase: string,
  ) {}

  private pathOf(key: string): string {
    const full = path.resolve(this.root, key)
    // Keys are made by the app, but a key must never reach outside the folder.
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`storage key outside the root: ${key}`)
    return full
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.pathOf(key)
    await fs.mkdir(path.dirname(file), { recursive: true })
    // Write then rename: a reader never sees half a file.
    const temp = `${file}.${process.pid}.tmp`
    await fs.writeFile(temp, bytes)
    await fs.rename(temp, file)
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true })
  }

  url(key: string): string {
    return `${this.publicBase}/${key}`
  }
}
