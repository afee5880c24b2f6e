import path from 'node:path'
import type { Config } from '#app/config/config.server.ts'
import { S3Storage } from './s3-storage.server.ts'
import { LocalDiskStorage, type Storage } from './storage.server.ts'

/** Uploads in the S3 bucket when S3_BUCKET is set (ADR 030), else under DATA_DIR/uploads; served at /uploads. */
export function createStorage(config: Config): Storage {
  return config.S3_BUCKET ? new S3Storage({ ...config, S3_BUCKET: config.S3_BUCKET }, '/uploads') : new LocalDiskStorage(path.join(config.DATA_DIR, 'uploads'), '/uploads')
}
