import fs from 'node:fs'
import http from 'node:http'
import type { LookupFunction } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import { afterAll, beforeAll } from 'vitest'

/** s3rver's own key pair: it refuses another key id (it does not recompute version 4 signatures). */
export const S3RVER_KEY = 'S3RVER'

export interface TestS3Server {
  /** http://127.0.0.1:{port}: the path-style endpoint. */
  endpoint: string
  port: number
  /** Where s3rver keeps the objects (one folder per bucket). */
  directory: string
  /** The settings of a bucket on this server, path style. */
  settings(bucket: string, overrides?: Record<string, string>): Record<string, string>
  stop(): Promise<void>
}

/**
 * A real S3-protocol server (s3rver: the S3 REST API over files, in a temporary folder) on a free
 * port, with the buckets made. Virtual-host-style requests reach it as {bucket}.s3.localhost.
 */
export async function startS3Server(buckets: string[]): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'trailguide-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    serviceEndpoint: 'localhost',
    configureBuckets: buckets.map((name) => ({ name })),
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    port,
    directory,
    settings: (bucket, overrides = {}) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: 'on',
      ...overrides,
    }),
    async stop() {
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}

/** For a describe block: one S3 server for its tests, `current()` while they run. */
export function s3ServerOfBlock(buckets: string[]): { current(): TestS3Server } {
  let server: TestS3Server | undefined
  beforeAll(async () => {
    server = await startS3Server(buckets)
  })
  afterAll(async () => {
    await server?.stop()
  })
  return {
    current() {
      if (!server) throw new Error('s3ServerOfBlock: the server runs only while the tests of the block run')
      return server
    },
  }
}

/**
 * An HTTP agent that resolves every *.localhost name to 127.0.0.1, as browsers do (RFC 6761) but
 * this machine's resolver does not: virtual-host-style requests ({bucket}.s3.localhost) then
 * reach the local server.
 */
export function localhostAgent(): http.Agent {
  const lookup: LookupFunction = (hostname, options, callback) => {
    if (hostname === 'localhost' || hostname.endsWith('.localhost')) {
      if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: '127.0.0.1', family: 4 }])
      else callback(null, '127.0.0.1', 4)
      return
    }
    callback(Object.assign(new Error(`not resolved: ${hostname}`), { code: 'ENOTFOUND' }), '', 4)
  }
  return new http.Agent({ keepAlive: true, lookup })
}
