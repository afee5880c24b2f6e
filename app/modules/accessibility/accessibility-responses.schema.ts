import { z } from '@hono/zod-openapi'
import { shades, surfaces } from './accessibility.schema.ts'

// The route view's `accessibility` as the OpenAPI document describes it (ADR 027).

const yesNo = z.boolean().nullable().openapi({ description: 'true, false, or null when unknown' })

export const routeAccessibilitySchema = z
  .object({
    step_free: yesNo,
    max_slope_pct: z.number().nullable().openapi({ description: 'Steepest slope in percent; null when unknown' }),
    surface: z.enum(surfaces).nullable(),
    stairs: yesNo,
    stairs_count: z.number().int().nullable(),
    benches: yesNo,
    toilets: yesNo,
    drinking_water: yesNo,
    shade: z.enum(shades).nullable(),
    pushchair: yesNo,
    wheelchair: yesNo,
    elevation: z
      .object({
        ascent: z.number().openapi({ description: 'Metres climbed (changes under 3 m are not counted)' }),
        descent: z.number(),
        min: z.number(),
        max: z.number(),
        distance: z.number().openapi({ description: 'Metres along the path the profile covers' }),
        profile: z.array(z.tuple([z.number(), z.number()])).openapi({ description: '[metres along the path, height in metres]' }),
      })
      .nullable()
      .openapi({ description: 'From the heights of the drawn path; null when it has none' }),
  })
  .openapi('RouteAccessibility')
