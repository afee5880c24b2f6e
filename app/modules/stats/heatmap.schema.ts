import { z } from 'zod'

// The heatmap's query and answer (GET /place-categories/{id}/heatmap).

/** A calendar month written YYYY-MM (what an <input type="month"> sends). */
export const monthSchema = z.string().regex(/^[1-9]\d{3}-(0[1-9]|1[0-2])$/, 'validation.month')

export const heatmapQuerySchema = z.object({
  /** One route's uuid: only its views and the visits of its places. */
  route: z.string().trim().min(1).max(64).optional(),
  /** First month of the period, inclusive (default: eleven months before `to`). */
  from: monthSchema.optional(),
  /** Last month of the period, inclusive (default: the current month). */
  to: monthSchema.optional(),
})

export type HeatmapQuery = z.output<typeof heatmapQuerySchema>

const heatPointSchema = z.object({
  place_id: z.number().int(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** place_visits + views, rounded to 2 decimals. */
  weight: z.number(),
  place_visits: z.number().int(),
  /** The views of the routes through the place, each route's views shared among its stops. */
  views: z.number(),
})

export const heatmapSchema = z.object({
  points: z.array(heatPointSchema),
  max_weight: z.number(),
  from: z.string(),
  to: z.string(),
})

export type HeatPoint = z.output<typeof heatPointSchema>
export type Heatmap = z.output<typeof heatmapSchema>
