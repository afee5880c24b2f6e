import { createRequire } from 'node:module'
import type * as S3SdkModule from '@aws-sdk/client-s3'
import type { S3Client, S3ClientConfig, S3ServiceException } from '@aws-sdk/client-s3'
import type { Config } from '#app/config/config.server.ts'
import type { Storage } from './storage.server.ts'

type S3Sdk = typeof S3SdkModule
let loadedSdk: S3Sdk | undefined
/** The SDK, loaded by the first S3Storage: a server with uploads on disk does not pay for it at start. */
const sdk = (): S3Sdk => (loadedSdk ??= createRequire(import.meta.url)('@aws-sdk/client-s3') as S3Sdk)

/** Uploads never change under a key (random, never-reused names): cached for good, here and at a CDN. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'

export type S3Settings = Pick<
  Config,
  'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE' | 'S3_PUBLIC_URL'
> & { S3_BUCKET: string }

/** What the app sends for a stored object: status, headers and, for a GET with content, its bytes. */
export interface StoredObjectAnswer {
  status: 200 | 206 | 304 | 404 | 416
  headers: Record<string, string>
  body: ReadableStream<Uint8Array> | null
}

/** One object of the bucket as listed. */
export interface ListedObject {
  key: string
  size: number
}

/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, Scaleway, …) through the official
 * SDK. The keys are the same as on disk ("routes/{uuid}/photo-….webp"). With S3_PUBLIC_URL (a CDN
 * or the bucket's public address) the stored URLs point there; otherwise at /uploads/{key}, which
 * the app streams from the bucket (ADR 030).
 */
export class S3Storage implements Storage {
  readonly client: S3Client
  readonly bucket: string
  readonly publicUrl: string | undefined

  /** `clientConfig`: SDK settings laid over those the configuration gives (e.g. a request handler). */
  constructor(
    settings: S3Settings,
    private readonly publicBase = '/uploads',
    clientConfig: Partial<S3ClientConfig> = {},
  ) {
    this.bucket = settings.S3_BUCKET
    this.publicUrl = settings.S3_PUBLIC_URL
    this.client = new (sdk().S3Client)({
      region: settings.S3_REGION,
      endpoint: settings.S3_ENDPOINT,
      forcePathStyle: settings.S3_FORCE_PATH_STYLE,
      // Unset: the SDK's own chain (AWS_* variables, the machine's role).
      credentials:
        settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY }
          : undefined,
      // The SDK's default CRC32 checksums on every request are refused by several S3-compatible
      // servers; a put carries its Content-MD5-free body with a signed SHA-256 anyway.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      // Streaming /uploads holds a socket per image being sent: room for a busy page's images
      // (the SDK's 50 would queue them, with a console warning), and no request hangs for ever.
      requestHandler: {
        httpAgent: { keepAlive: true, maxSockets: 256 },
        httpsAgent: { keepAlive: true, maxSockets: 256 },
        connectionTimeout: 5_000,
        requestTimeout: 30_000,
      },
      ...clientConfig,
    })
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    // The object carries the cache header itself: a CDN or the public bucket sends it as the app does.
    await this.client.send(
      new (sdk().PutObjectCommand)({ Bucket: this.bucket, Key: checkedKey(key), Body: bytes, ContentType: contentType, ContentLength: bytes.length, CacheControl: IMMUTABLE }),
    )
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a missing key too: removing a missing file is not an error.
    await this.client.send(new (sdk().DeleteObjectCommand)({ Bucket: this.bucket, Key: checkedKey(key) }))
  }

  url(key: string): string {
    return `${this.publicUrl ?? this.publicBase}/${key}`
  }

  /** Throws a clear error unless the bucket is there and these credentials may read it. */
  async check(): Promise<void> {
    try {
      await this.client.send(new (sdk().HeadBucketCommand)({ Bucket: this.bucket }))
    } catch (error) {
      const status = (error as S3ServiceException).$metadata?.httpStatusCode
      const reason =
        status === 404 ? 'it does not exist' : status === 403 || status === 401 ? 'access is denied (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)' : (error as Error).message || String(error)
      throw new Error(`S3 bucket "${this.bucket}" cannot be used: ${reason}`)
    }
  }

  /** The object's bytes, or null when there is none under the key. */
  async read(key: string): Promise<Buffer | null> {
    try {
      const res = await this.client.send(new (sdk().GetObjectCommand)({ Bucket: this.bucket, Key: checkedKey(key) }))
      return Buffer.from(await res.Body!.transformToByteArray())
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
  }

  /** Every object of the bucket, page by page (1,000 keys a request). */
  async *list(prefix?: string): AsyncGenerator<ListedObject> {
    let token: string | undefined
    do {
      const page = await this.client.send(new (sdk().ListObjectsV2Command)({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }))
      for (const item of page.Contents ?? []) if (item.Key) yield { key: item.Key, size: item.Size ?? 0 }
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
  }

  /**
   * A GET or HEAD of /uploads/{key} answered from the bucket: the body streamed through (never
   * held whole in memory), with the headers the local files get, and the request's Range and
   * conditional headers passed on to S3.
   */
  async answer(
    key: string,
    request: { method: 'GET' | 'HEAD'; range?: string; ifNoneMatch?: string; ifModifiedSince?: string; signal?: AbortSignal },
  ): Promise<StoredObjectAnswer> {
    if (!isServableKey(key)) return { status: 404, headers: {}, body: null }
    const input = {
      Bucket: this.bucket,
      Key: key,
      Range: request.range || undefined,
      IfNoneMatch: request.ifNoneMatch || undefined,
      IfModifiedSince: request.ifModifiedSince && !request.ifNoneMatch ? parseDate(request.ifModifiedSince) : undefined,
    }
    try {
      const res =
        request.method === 'HEAD'
          ? await this.client.send(new (sdk().HeadObjectCommand)({ ...input, Range: undefined }), { abortSignal: request.signal })
          : await this.client.send(new (sdk().GetObjectCommand)(input), { abortSignal: request.signal })
      const headers: Record<string, string> = {
        'Content-Type': res.ContentType || 'application/octet-stream',
        'Cache-Control': IMMUTABLE,
        'Accept-Ranges': 'bytes',
      }
      if (res.ContentLength !== undefined) headers['Content-Length'] = String(res.ContentLength)
      if (res.LastModified) headers['Last-Modified'] = res.LastModified.toUTCString()
      if (res.ETag) headers.ETag = res.ETag
      const range = 'ContentRange' in res ? res.ContentRange : undefined
      if (range) headers['Content-Range'] = range
      const body = 'Body' in res && res.Body ? res.Body.transformToWebStream() : null
      return { status: range ? 206 : 200, headers, body }
    } catch (error) {
      const status = (error as S3ServiceException).$metadata?.httpStatusCode
      if (status === 304) return { status: 304, headers: { 'Cache-Control': IMMUTABLE, ...(request.ifNoneMatch ? { ETag: request.ifNoneMatch } : {}) }, body: null }
      if (status === 416) return { status: 416, headers: {}, body: null }
      if (isNotFound(error)) return { status: 404, headers: {}, body: null }
      throw error
    }
  }
}

const isNotFound = (error: unknown) =>
  error instanceof sdk().S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404)

/**
 * Keys the app makes: folders and file names of letters, digits, dots, dashes and underscores,
 * none starting with a dot. Anything else in a /uploads address is simply not there (as on disk).
 */
const isServableKey = (key: string) => key.length <= 512 && /^[\w-][\w.-]*(\/[\w-][\w.-]*)*$/.test(key)

function checkedKey(key: string): string {
  if (!isServableKey(key)) throw new Error(`storage key not allowed: ${key}`)
  return key
}

function parseDate(value: string): Date | undefined {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date
}
