import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { DB } from '#app/db/db.server.ts'
import { draftLanguages, type DraftLanguage } from './ai.schema.ts'

// A real HTTP server speaking the OpenAI chat completions protocol, for the text drafting tests.

export const PROVIDER_KEY = 'sk-test-provider-key'
export const PROVIDER_MODEL = 'test-model-1'

interface ProviderRequest {
  method: string
  path: string
  authorization: string | undefined
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the request loosely, like t.call's answers
  body: any
}

/** What the fake provider does with the next requests (a valid request is checked first). */
export type ProviderBehaviour =
  | { kind: 'answer'; content: string }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'raw'; body: string; contentType?: string }
  | { kind: 'slow'; delayMs: number; content: string }

export interface FakeProvider {
  /** The AI_BASE_URL to configure. */
  baseUrl: string
  requests: ProviderRequest[]
  behave(behaviour: ProviderBehaviour): void
  close(): Promise<void>
}

/** A chat completion as OpenAI answers it, with `content` as the assistant's message. */
const completion = (content: string) => ({
  id: 'chatcmpl-test',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: PROVIDER_MODEL,
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
})

type Texts = Record<'name' | 'subtitle' | 'description' | 'content_title' | 'content_text', string>

/** Texts for the four languages, as a provider would draft them (overrides may break the shape). */
export function draftedTexts(overrides: Record<string, unknown> = {}): Record<DraftLanguage, Texts> {
  const texts = Object.fromEntries(
    draftLanguages.map((lang) => [
      lang,
      {
        name: `Tour (${lang})`,
        subtitle: `Subtitle ${lang}`,
        description: `Description ${lang}`,
        content_title: `Content title ${lang}`,
        content_text: `First paragraph ${lang}.\n\nSecond paragraph ${lang}.`,
      },
    ]),
  )
  return { ...texts, ...overrides } as Record<DraftLanguage, Texts>
}

/** Why a request is not one a chat completions endpoint would take, or null when it is. */
function refusal(request: ProviderRequest): string | null {
  if (request.method !== 'POST' || request.path !== '/v1/chat/completions') return 'wrong endpoint'
  if (request.authorization !== `Bearer ${PROVIDER_KEY}`) return 'wrong key'
  const body = request.body
  if (body?.model !== PROVIDER_MODEL) return 'wrong model'
  if (!Array.isArray(body.messages) || body.messages.length < 2) return 'no messages'
  if (body.messages[0].role !== 'system' || body.messages[1].role !== 'user') return 'messages are not system then user'
  if (!body.messages.every((m: { content?: unknown }) => typeof m.content === 'string' && m.content.length > 0)) return 'empty message'
  if (body.response_format?.type !== 'json_object') return 'no JSON mode'
  return null
}

export async function startFakeProvider(): Promise<FakeProvider> {
  const requests: ProviderRequest[] = []
  let behaviour: ProviderBehaviour = { kind: 'answer', content: JSON.stringify(draftedTexts()) }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      let body: unknown
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      } catch {
        body = undefined
      }
      const request: ProviderRequest = { method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization, body }
      requests.push(request)
      const refused = refusal(request)
      if (refused) {
        res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { message: refused } }))
        return
      }
      respond(res, behaviour)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    behave(next) {
      behaviour = next
    },
    close() {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

function respond(res: http.ServerResponse, behaviour: ProviderBehaviour) {
  const json = (status: number, value: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value))
  switch (behaviour.kind) {
    case 'answer':
      return json(200, completion(behaviour.content))
    case 'status':
      return res.writeHead(behaviour.status, { 'Content-Type': 'application/json' }).end(behaviour.body ?? '{"error":{"message":"boom"}}')
    case 'raw':
      return res.writeHead(200, { 'Content-Type': behaviour.contentType ?? 'text/html' }).end(behaviour.body)
    case 'slow': {
      const timer = setTimeout(() => json(200, completion(behaviour.content)), behaviour.delayMs)
      res.on('close', () => clearTimeout(timer))
    }
  }
}

/** A port on which nothing listens (taken, then released). */
export async function closedPort(): Promise<number> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Adds a secret to a place, written straight to its table. */
export async function insertSecret(db: DB, placeId: number, title: string, text: string, createdAt = new Date().toISOString()) {
  await db.insertInto('secrets').values({ place_id: placeId, author_id: null, title, text, created_at: createdAt }).execute()
}

/** Every row of the walks tables, to prove a call wrote nothing. */
export async function walkTables(db: DB) {
  return {
    walks: await db.selectFrom('walks').selectAll().orderBy('id').execute(),
    translations: await db.selectFrom('walk_translations').selectAll().orderBy('walk_id').orderBy('locale').execute(),
    places: await db.selectFrom('walk_places').selectAll().orderBy('walk_id').orderBy('sort_id').execute(),
    qr: await db.selectFrom('walk_qr_codes').selectAll().orderBy('id').execute(),
  }
}
