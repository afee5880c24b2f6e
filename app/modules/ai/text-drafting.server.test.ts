import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Logger } from '#app/platform/observability/logger.server.ts'
import { draftedTexts, PROVIDER_KEY, PROVIDER_MODEL, startFakeProvider, type FakeProvider } from './ai.test-fixtures.ts'
import { ProviderUnavailable } from '#app/platform/http/outbound-json.server.ts'
import { AiUnavailableError, buildMessages, draftTexts, type AiConfig, type TextDraftContext } from './text-drafting.server.ts'

function capturingLogger() {
  const lines: { level: string; msg: string; fields?: Record<string, unknown> }[] = []
  const at = (level: string) => (msg: string, fields?: Record<string, unknown>) => void lines.push({ level, msg, fields })
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
  return { logger, lines }
}

const context: TextDraftContext = {
  distance: 2_345,
  duration: 1_675,
  places: [{ name: 'Gare', secrets: [{ title: 'Horloge', text: 'Elle avance.' }] }],
  current: { fr: { name: 'Tour du lac' } },
}

describe('buildMessages', () => {
  it('sends the route as JSON: distance in km, minutes, places in order, current texts', () => {
    const [system, user] = buildMessages(context)
    expect(system.role).toBe('system')
    expect(system.content).toContain('"fr", "en", "de", "it"')
    expect(JSON.parse(user.content.slice(user.content.indexOf('{')))).toEqual({
      distance_km: 2.35,
      duration_minutes: 28,
      places: [{ order: 1, name: 'Gare', secrets: [{ title: 'Horloge', text: 'Elle avance.' }] }],
      current_texts: { fr: { name: 'Tour du lac' } },
    })
  })

  it('bounds the prompt: five secrets a place, long texts clipped', () => {
    const secrets = Array.from({ length: 8 }, (_, i) => ({ title: `S${i}`, text: 'y'.repeat(5_000) }))
    const [, user] = buildMessages({ ...context, places: [{ name: 'Gare', secrets }], current: { en: { content_text: 'z'.repeat(50_000) } } })
    const data = JSON.parse(user.content.slice(user.content.indexOf('{')))
    expect(data.places[0].secrets).toHaveLength(5)
    expect(data.places[0].secrets[0].text.length).toBe(600)
    expect(data.current_texts.en.content_text.length).toBe(2_000)
  })
})

describe('draftTexts', () => {
  let provider: FakeProvider
  beforeAll(async () => {
    provider = await startFakeProvider()
  })
  afterAll(async () => {
    await provider.close()
  })
  const config = (): AiConfig => ({ AI_BASE_URL: provider.baseUrl, AI_API_KEY: PROVIDER_KEY, AI_MODEL: PROVIDER_MODEL, AI_TIMEOUT_MS: 5_000 })

  it('answers the validated texts', async () => {
    provider.behave({ kind: 'answer', content: JSON.stringify(draftedTexts()) })
    expect(await draftTexts(config(), capturingLogger().logger, context)).toEqual(draftedTexts())
  })

  it("logs the provider's status, never the key", async () => {
    provider.behave({ kind: 'status', status: 429, body: `{"error":{"message":"rate limited for ${PROVIDER_KEY}"}}` })
    const { logger, lines } = capturingLogger()
    await expect(draftTexts(config(), logger, context)).rejects.toEqual(new ProviderUnavailable('http_status', { status: 429 }))
    expect(lines).toEqual([{ level: 'warn', msg: 'AI provider failed', fields: { reason: 'http_status', status: 429, model: PROVIDER_MODEL } }])
    expect(JSON.stringify(lines)).not.toContain(PROVIDER_KEY)
  })

  it('logs why an answer is unusable, without its content', async () => {
    provider.behave({ kind: 'answer', content: JSON.stringify({ fr: draftedTexts().fr }) })
    const { logger, lines } = capturingLogger()
    await expect(draftTexts(config(), logger, context)).rejects.toBeInstanceOf(ProviderUnavailable)
    expect(lines).toHaveLength(1)
    expect(lines[0].fields).toMatchObject({ reason: 'the texts do not have the expected shape', fields: ['en', 'de', 'it'] })
    expect(JSON.stringify(lines)).not.toContain('Tour (fr)')
  })

  it('sends no Authorization header when no key is set (a local provider may need none)', async () => {
    provider.requests.length = 0
    const { logger } = capturingLogger()
    await expect(draftTexts({ ...config(), AI_API_KEY: undefined }, logger, context)).rejects.toBeInstanceOf(ProviderUnavailable)
    expect(provider.requests[0].authorization).toBeUndefined()
  })

  it('refuses at once when AI_BASE_URL is not set', async () => {
    await expect(draftTexts({ ...config(), AI_BASE_URL: undefined }, capturingLogger().logger, context)).rejects.toEqual(
      new AiUnavailableError(503, 'ai.errors.not_configured'),
    )
  })
})
