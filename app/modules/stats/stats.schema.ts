import { z } from 'zod'

// One schema per payload: the API validates with it, the public pages' beacon follows it.

/**
 * The events a public page may send; `contribution` is recorded by the server only. `audio_play`:
 * a visitor started a stop's recording (ADR 123), with the route and the stop, which must be on it.
 */
const publicEventTypes = ['view', 'time', 'like', 'place_visit', 'audio_play'] as const

const maxTimeSeconds = 86_400

export const eventSchema = z
  .strictObject({
    type: z.enum(publicEventTypes, { error: (issue) => (issue.input === undefined ? 'validation.required' : undefined) }),
    route_uuid: z.string().trim().min(1).max(64).optional(),
    place_id: z.number().int({ error: 'validation.integer' }).min(1).max(2_147_483_647).optional(),
    /** Seconds on the page, for `time` only. */
    value: z.number().int({ error: 'validation.integer' }).min(1).max(maxTimeSeconds).optional(),
  })
  .superRefine((event, ctx) => {
    if (event.type === 'time' && event.value === undefined) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.required' })
    }
    if (event.type !== 'time' && event.value !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.unknown_field' })
    }
    if (event.type === 'audio_play') {
      if (event.route_uuid === undefined) ctx.addIssue({ code: 'custom', path: ['route_uuid'], message: 'validation.required' })
      if (event.place_id === undefined) ctx.addIssue({ code: 'custom', path: ['place_id'], message: 'validation.required' })
    } else if (event.route_uuid === undefined && event.place_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['route_uuid'], message: 'validation.event_target' })
    }
  })

export type EventInput = z.output<typeof eventSchema>

/** Most events one request may carry (a page's pending time and place visits, sent together). */
export const maxEventsPerBatch = 50

/** Several events in one request: all are counted, or none (one bad event refuses the batch). */
export const eventBatchSchema = z.strictObject({
  events: z.array(eventSchema).min(1).max(maxEventsPerBatch),
})

/** The body of `POST /api/events`: one event, or `{events: [...]}`. */
export const eventsBodySchema = z.union([eventSchema, eventBatchSchema])

/** Whether a body is the batch form (validated with its own schema, so errors name its own fields). */
export function isEventBatch(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && 'events' in body
}

/** `?year=`: 'total' (the default) or a four-digit year; `&month=` (1-12) narrows a year to one month. */
export const yearQuerySchema = z
  .object({
    year: z
      .string()
      .regex(/^(total|[1-9]\d{3})$/, 'validation.format')
      .optional(),
    month: z
      .string()
      .regex(/^(0?[1-9]|1[0-2])$/, 'validation.format')
      .optional(),
  })
  .superRefine((query, ctx) => {
    // A month of no particular year means nothing.
    if (query.month !== undefined && (query.year === undefined || query.year === 'total')) {
      ctx.addIssue({ code: 'custom', path: ['year'], message: 'validation.required' })
    }
  })

export type StatYear = 'total' | number

/** A period of the statistics: a year or all years, or one month of a year. */
export type StatPeriod = StatYear | { year: number; month: number }

export const toStatPeriod = (query: { year?: string; month?: string }): StatPeriod => {
  const year = toStatYear(query.year)
  return query.month !== undefined && year !== 'total' ? { year, month: Number(query.month) } : year
}

export const toStatYear = (value: string | undefined): StatYear => (value === undefined || value === 'total' ? 'total' : Number(value))

const monthPoint = z.object({ x: z.number().int(), y: z.number().int() })

export const statisticSchema = z.object({
  views: z.number().int(),
  total_time: z.number().int(),
  likes: z.number().int(),
  contributions: z.number().int(),
  place_visits: z.number().int(),
  visits: z.array(monthPoint),
  averageTimePerSession: z.number().int(),
  years: z.array(z.union([z.literal('total'), z.number().int()])),
  // Scans per plaque (ADR 025), from the roll-ups like the rest.
  plaque_views: z.number().int().describe('Of `views`, those that came by a plaque: the route page a counted QR scan opened'),
  plaque_visits: z.array(monthPoint).describe('Monthly points of `plaque_views`, as `visits` for `views`'),
  scans: z.number().int().describe('Counted QR scans (bots, members and scans over the per-client limit are not counted)'),
  scans_by_month: z.array(monthPoint).describe('Monthly points of `scans`, as `visits`'),
})

export type Statistic = z.output<typeof statisticSchema>

const totals = {
  views: z.number().int(),
  plaque_views: z.number().int(),
  total_time: z.number().int(),
  sessions: z.number().int(),
  averageTimePerSession: z.number().int(),
  likes: z.number().int(),
  contributions: z.number().int(),
  place_visits: z.number().int(),
  audio_plays: z.number().int().describe('Plays of the stops’ recordings started by visitors (ADR 123)'),
}

export const breakdownSchema = z.object({
  routes: z.array(
    z.object({
      walk_id: z.number().int(),
      uuid: z.string().nullable(),
      slug: z.string().nullable(),
      name: z.string().nullable(),
      ...totals,
    }),
  ),
  places: z.array(z.object({ place_id: z.number().int(), name: z.string().nullable(), ...totals })),
  plaques: z
    .array(
      z.object({
        qr_code_id: z.number().int(),
        code: z.string(),
        name: z.string().nullable(),
        place_id: z.number().int().nullable(),
        place_name: z.string().nullable(),
        label: z.string().describe('Its name, else its place’s name, else its code'),
        scans: z.number().int().describe('Counted scans in the period'),
        last_scanned_at: z.string().nullable().describe('Its last counted scan of all time (null: never)'),
        months: z.array(monthPoint),
      }),
    )
    .describe('Every plaque scanned in the period and every plaque on a place, most scanned first'),
})

export type PlaqueStat = z.output<typeof breakdownSchema>['plaques'][number]

export type Breakdown = z.output<typeof breakdownSchema>
