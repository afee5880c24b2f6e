import { z } from 'zod'
import type { Config } from '#app/config/config.server.ts'
import { ProviderUnavailable, requestJson } from '#app/platform/http/outbound-json.server.ts'
import type { Logger } from '#app/platform/observability/logger.server.ts'
import { draftedTranslationsSchema, draftLanguages, translatedTextsSchema, type DraftedTranslations, type TranslatedField } from './ai.schema.ts'

// Landing texts drafted by any OpenAI-compatible chat completions endpoint. Nothing here writes:
// the manager reviews the draft and saves it through PUT /routes/update.

export type AiConfig = Pick<Config, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL' | 'AI_TIMEOUT_MS'>

/** Drafting is not configured (503, translated `key`). A provider that fails is a ProviderUnavailable (502). */
export class AiUnavailableError extends Error {
  constructor(
    readonly status: 503,
    readonly key: 'ai.errors.not_configured',
  ) {
    super(key)
    this.name = 'AiUnavailableError'
  }
}

export interface TextDraftContext {
  distance: number
  duration: number
  /** The route's places in walking order. */
  places: { name: string; secrets: { title: string; text: string }[] }[]
  /** The route's current texts per language (empty fields left out). */
  current: Record<string, Record<string, string>>
}

// Bounds on what goes into a prompt: a route's data, not an unbounded dump of the database.
const MAX_PROMPT_PLACES = 200
const MAX_SECRETS_PER_PLACE = 5
const MAX_SECRET_CHARS = 600
const MAX_CURRENT_TEXT_CHARS = 2_000
/** A text to translate is the route's own (PUT /routes/update bounds it); this bounds the prompt still. */
const MAX_TRANSLATED_CHARS = 20_000

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

const systemPrompt = [
  'You write the landing page of a walking route for a city guide.',
  `Answer with one JSON object and nothing else. Its keys are exactly ${draftLanguages.map((l) => `"${l}"`).join(', ')};`,
  'each is an object with the string fields "name" (at most 60 characters), "subtitle" (one sentence, at most 150 characters),',
  '"description" (two or three sentences, at most 600 characters), "content_title" (at most 80 characters) and',
  '"content_text" (three to five short paragraphs separated by blank lines, at most 3000 characters).',
  'Write natural text in each language rather than word-for-word translations; address the reader formally in German (Sie).',
  'Use only the facts given: invent no opening hours, prices, dates or history. Where there are current texts, improve them and keep their facts.',
].join(' ')

/** The chat messages for a route: instructions, then the route's data as JSON. */
export function buildMessages(context: TextDraftContext): { role: 'system' | 'user'; content: string }[] {
  const route = {
    distance_km: Math.round(context.distance / 10) / 100,
    duration_minutes: Math.round(context.duration / 60),
    places: context.places.slice(0, MAX_PROMPT_PLACES).map((place, index) => ({
      order: index + 1,
      name: place.name,
      secrets: place.secrets.slice(0, MAX_SECRETS_PER_PLACE).map((s) => ({ title: clip(s.title, 200), text: clip(s.text, MAX_SECRET_CHARS) })),
    })),
    current_texts: Object.fromEntries(
      Object.entries(context.current).map(([lang, fields]) => [
        lang,
        Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, clip(value, MAX_CURRENT_TEXT_CHARS)])),
      ]),
    ),
  }
  return [
    { role: 'system', content: systemPrompt },
    { role: 'user', content: `The route, its places in walking order and the secrets told about them (JSON):\n${JSON.stringify(route, null, 2)}` },
  ]
}

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
})

/** Some models wrap JSON in a Markdown fence even in JSON mode. */
const unfence = (content: string) => content.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/i, '$1')

/** Asks the provider for the four languages' texts; throws AiUnavailableError or ProviderUnavailable on any failure. */
export async function draftTexts(config: AiConfig, logger: Logger, context: TextDraftContext): Promise<DraftedTranslations> {
  return readTranslations(await complete(config, logger, buildMessages(context), 0.7), config, logger)
}

/** The texts to translate: from the category's fallback language into one of its content languages (ADR 043). */
export interface TranslationRequest {
  from: string
  to: string
  texts: Partial<Record<TranslatedField, string>>
}

const languageLabel = (tag: string) => {
  try {
    return `${new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag} (${tag})`
  } catch {
    return tag
  }
}

/** The chat messages of a translation: instructions, then the texts as JSON. */
export function buildTranslationMessages(request: TranslationRequest): { role: 'system' | 'user'; content: string }[] {
  const fields = Object.keys(request.texts)
  const system = [
    `You translate the landing page of a walking route for a city guide from ${languageLabel(request.from)} into ${languageLabel(request.to)}.`,
    `Answer with one JSON object and nothing else, with exactly the keys ${fields.map((f) => `"${f}"`).join(', ')}, each a string:`,
    'the translation of the text under the same key. Keep names of places as they are locally known, keep paragraphs and line breaks,',
    'add nothing and leave nothing out.',
  ].join(' ')
  const texts = Object.fromEntries(Object.entries(request.texts).map(([field, value]) => [field, clip(value ?? '', MAX_TRANSLATED_CHARS)]))
  return [
    { role: 'system', content: system },
    { role: 'user', content: `The texts (JSON):\n${JSON.stringify(texts, null, 2)}` },
  ]
}

/** A draft translation of the texts (only the fields given); throws AiUnavailableError or ProviderUnavailable on any failure. */
export async function translateTexts(config: AiConfig, logger: Logger, request: TranslationRequest): Promise<Partial<Record<TranslatedField, string>>> {
  const body = await complete(config, logger, buildTranslationMessages(request), 0.2)
  const content = contentOf(body, config, logger)
  const schema = translatedTextsSchema.pick(Object.fromEntries(Object.keys(request.texts).map((f) => [f, true])) as Record<TranslatedField, true>)
  const translated = schema.required().safeParse(content)
  if (!translated.success) return badAnswer(logger, config, 'the translation does not have the expected shape', { fields: [...new Set(translated.error.issues.map((i) => i.path.join('.')))].slice(0, 10) })
  return translated.data
}

async function complete(config: AiConfig, logger: Logger, messages: { role: 'system' | 'user'; content: string }[], temperature: number): Promise<unknown> {
  if (!config.AI_BASE_URL) throw new AiUnavailableError(503, 'ai.errors.not_configured')
  let body: unknown
  try {
    body = await requestJson(`${config.AI_BASE_URL}/chat/completions`, {
      method: 'POST',
      headers: config.AI_API_KEY ? { Authorization: `Bearer ${config.AI_API_KEY}` } : {},
      body: JSON.stringify({
        model: config.AI_MODEL,
        messages,
        response_format: { type: 'json_object' },
        temperature,
      }),
      timeoutMs: config.AI_TIMEOUT_MS,
    })
  } catch (error) {
    // The reason and status only: the provider's body may echo the request, and the key is never logged.
    if (error instanceof ProviderUnavailable) logger.warn('AI provider failed', { reason: error.reason, model: config.AI_MODEL, ...error.details })
    throw error
  }
  return body
}

/** The JSON the completion's message holds. */
function contentOf(body: unknown, config: AiConfig, logger: Logger): unknown {
  const completion = completionSchema.safeParse(body)
  if (!completion.success) return badAnswer(logger, config, 'not a chat completion')
  try {
    return JSON.parse(unfence(completion.data.choices[0].message.content))
  } catch {
    return badAnswer(logger, config, 'the content is not JSON')
  }
}

function readTranslations(body: unknown, config: AiConfig, logger: Logger): DraftedTranslations {
  const content = contentOf(body, config, logger)
  const translations = draftedTranslationsSchema.safeParse(content)
  if (!translations.success) {
    const fields = [...new Set(translations.error.issues.map((i) => i.path.join('.')))].slice(0, 10)
    return badAnswer(logger, config, 'the texts do not have the expected shape', { fields })
  }
  return translations.data
}

function badAnswer(logger: Logger, config: AiConfig, reason: string, fields: Record<string, unknown> = {}): never {
  logger.warn('AI provider answer unusable', { reason, model: config.AI_MODEL, ...fields })
  throw new ProviderUnavailable('malformed')
}
