import fs from 'node:fs'
import path from 'node:path'
import { S3Storage } from '#app/platform/storage/s3-storage.server.ts'
import { LocalDiskStorage, type Storage } from '#app/platform/storage/storage.server.ts'
import { s3ServerOfBlock } from './s3-server.ts'

/** The storages the uploads tests run on: the local disk (the default) and an S3 bucket (ADR 030). */
export const testStorages = ['local disk', 'S3'] as const
export type TestStorage = (typeof testStorages)[number]

/**
 * For a describe block: the settings that put the test API's uploads on the storage (for S3, a
 * bucket on an s3rver started for the block). Pass the answer to useTestApi as its overrides.
 */
export function useStorageSettings(kind: TestStorage): () => Record<string, string> {
  if (kind === 'local disk') return () => ({})
  const s3 = s3ServerOfBlock(['uploads'])
  return () => s3.current().settings('uploads')
}

/** The storage key behind a public URL (/uploads/{key} or the S3 public URL). */
export function keyOfUrl(storage: Storage, url: string): string {
  const base = storage.url('')
  if (!url.startsWith(base)) throw new Error(`${url} is not a URL of this storage (${base}…)`)
  return url.slice(base.length)
}

/** The stored bytes behind a public URL, or null when nothing is stored there. */
export async function storedBytes(storage: Storage, url: string): Promise<Buffer | null> {
  const key = keyOfUrl(storage, url)
  if (storage instanceof S3Storage) return storage.read(key)
  if (storage instanceof LocalDiskStorage) {
    const file = path.join(storage.root, key)
    return fs.existsSync(file) ? fs.readFileSync(file) : null
  }
  throw new Error('unknown storage')
}

/** The names of the files stored under a folder ("routes/{uuid}"), sorted, on any storage. */
export async function storedNames(storage: Storage, folder: string): Promise<string[]> {
  if (storage instanceof S3Storage) {
    const names: string[] = []
    for await (const item of storage.list(`${folder}/`)) names.push(item.key.slice(folder.length + 1))
    return names.sort()
  }
  if (storage instanceof LocalDiskStorage) {
    const root = path.join(storage.root, folder)
    if (!fs.existsSync(root)) return []
    return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()).sort()
  }
  throw new Error('unknown storage')
}
