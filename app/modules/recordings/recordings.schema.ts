import { z } from '@hono/zod-openapi'
import { contentLocaleSchema } from '#app/i18n/content-locale-schema.ts'

// Recorded audio per stop and language (ADR 122): what the API answers.

export const recordingLocaleSchema = contentLocaleSchema.describe('The language of the recording: a content language (BCP 47, ADR 043)')

export const recordingSchema = z
  .object({
    locale: z.string(),
    url: z.string().openapi({ description: 'Where the file is served (HTTP range requests answered)' }),
    content_type: z.string().openapi({ enum: ['audio/mpeg', 'audio/mp4', 'audio/aac', 'audio/ogg'] }),
    bytes: z.number().int(),
    duration_ms: z.number().int(),
    created_at: z.string(),
  })
  .openapi('PlaceRecording')

export type RecordingView = z.infer<typeof recordingSchema>
