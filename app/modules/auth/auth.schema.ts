import { z } from 'zod'
import { locales } from '#app/i18n/config.ts'

// One schema per payload: the API validates with it, the screens' actions too.

const email = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .pipe(z.email({ error: 'validation.email' }))
  .transform((v) => v.toLowerCase())
export const passwordRules = { min: 8, max: 200 }
const newPassword = z.string().min(passwordRules.min).max(passwordRules.max)
const token = z.string().trim().min(1).max(200)

const localeSchema = z.enum(locales)

export const registerSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(120),
    email,
    password: newPassword,
    password_confirmation: z.string().optional(),
    locale: localeSchema.optional(),
  })
  .refine((v) => v.password_confirmation === undefined || v.password_confirmation === v.password, {
    path: ['password_confirmation'],
    message: 'validation.confirmed',
  })

export const loginSchema = z.strictObject({
  email,
  password: z.string().min(1).max(passwordRules.max),
})

export const resetPasswordSchema = z.strictObject({ email })

/** With a reset token (forgot password) or with the current password (signed in). */
export const changePasswordSchema = z
  .strictObject({
    token: token.optional(),
    current_password: z.string().min(1).max(passwordRules.max).optional(),
    password: newPassword,
    password_confirmation: z.string(),
  })
  .refine((v) => v.password_confirmation === v.password, {
    path: ['password_confirmation'],
    message: 'validation.confirmed',
  })

export const exchangeTempTokenSchema = z.strictObject({ token })

export const updateUserSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(120).optional(),
    locale: localeSchema.optional(),
  })
  .refine((v) => v.name !== undefined || v.locale !== undefined, { message: 'validation.nothing_to_update' })

export const sessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
})

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  photo: z.object({ profile_avatar: z.string().nullable() }),
  locale: localeSchema,
})

export type RegisterInput = z.output<typeof registerSchema>
export type LoginInput = z.output<typeof loginSchema>
export type ChangePasswordInput = z.output<typeof changePasswordSchema>
export type UpdateUserInput = z.output<typeof updateUserSchema>
export type PublicUser = z.output<typeof userSchema>
