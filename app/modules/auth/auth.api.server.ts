import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { dataOf, errorResponses, errorSchema, jsonBody, jsonContent, messageData } from '#app/api/openapi-helpers.ts'
import { createRouter } from '#app/api/router.server.ts'
import type { ApiEnv } from '#app/api/env.ts'
import { clientIp, requireAuth } from '#app/api/middleware.server.ts'
import { callerLocale } from '#app/api/params.ts'
import { translate } from '#app/i18n/i18n.server.ts'
import { unauthenticated } from '#app/utils/errors.ts'
import {
  changePasswordSchema,
  exchangeTempTokenSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  sessionSchema,
  updateUserSchema,
  userSchema,
} from './auth.schema.ts'
import { toPublicUser } from './public-user.ts'
import { sessionCookie } from '#app/platform/http/session-cookie.server.ts'

/** Avatars' URLs as the configured storage makes them. */
const fileUrlOf = (c: Context<ApiEnv>) => (key: string) => c.var.services.storage.url(key)

const json = jsonContent
const body = jsonBody
const errors = {
  401: errorResponses[401],
  422: errorResponses[422],
  429: jsonContent(errorSchema, 'Too many requests'),
}

/** Answers a new session: the token in the body (for API clients) and in the HttpOnly cookie. */
function sessionResponse(c: Context<ApiEnv>, token: string) {
  c.header('Set-Cookie', sessionCookie(c.var.services.config, token))
  return c.json({ data: { access_token: token, token_type: 'Bearer' as const } }, 200)
}

const client = (c: Context<ApiEnv>) => clientIp(c, c.var.services.config.TRUST_PROXY)

export const authApi = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/register',
      summary: 'Create an account and sign in',
      tags: ['auth'],
      request: body(registerSchema),
      responses: { 200: json(dataOf(sessionSchema), 'Signed up and signed in'), ...errors },
    }),
    async (c) => {
      return sessionResponse(c, await c.var.services.auth.register(c.req.valid('json'), client(c)))
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/login',
      summary: 'Sign in with e-mail and password',
      tags: ['auth'],
      request: body(loginSchema),
      responses: { 200: json(dataOf(sessionSchema), 'Signed in'), ...errors },
    }),
    async (c) => {
      return sessionResponse(c, await c.var.services.auth.login(c.req.valid('json'), client(c)))
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/logout',
      summary: 'Sign out: end the session',
      tags: ['auth'],
      responses: { 200: json(messageData, 'Signed out; the token no longer works'), ...errors },
    }),
    async (c) => {
      // Also answers a dead session, so a client can always clear its cookie.
      if (c.var.token) await c.var.services.auth.logout(c.var.token)
      c.header('Set-Cookie', sessionCookie(c.var.services.config, null))
      return c.json({ data: { message: translate(callerLocale(c), { key: 'auth.logged_out' }) } }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/user',
      summary: 'The signed-in user',
      tags: ['auth'],
      middleware: [requireAuth] as const,
      responses: { 200: json(dataOf(userSchema), 'The signed-in user'), ...errors },
    }),
    (c) => c.json({ data: toPublicUser(c.var.user!, fileUrlOf(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/user',
      summary: 'Update the signed-in user’s profile',
      tags: ['auth'],
      middleware: [requireAuth] as const,
      request: body(updateUserSchema),
      responses: { 200: json(dataOf(userSchema), 'The updated user'), ...errors },
    }),
    async (c) => {
      const user = await c.var.services.auth.updateUser(c.var.user!, c.req.valid('json'))
      return c.json({ data: toPublicUser(user, fileUrlOf(c)) }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/reset-password',
      summary: 'Reset a password with the code sent by e-mail',
      tags: ['auth'],
      request: body(resetPasswordSchema),
      responses: { 200: json(messageData, 'The same answer whether or not the address is known'), ...errors },
    }),
    async (c) => {
      await c.var.services.auth.requestPasswordReset(c.req.valid('json').email, client(c))
      return c.json({ data: { message: translate(callerLocale(c), { key: 'auth.reset_sent' }) } }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/change-password',
      summary: 'Change the signed-in user’s password',
      tags: ['auth'],
      request: body(changePasswordSchema),
      responses: { 200: json(messageData, 'Password changed; other sessions ended'), ...errors },
    }),
    async (c) => {
      const input = c.req.valid('json')
      const { user, token } = c.var
      if (!input.token && !user) throw unauthenticated()
      await c.var.services.auth.changePassword(input, client(c), user && token ? { user, token } : undefined)
      return c.json({ data: { message: translate(callerLocale(c), { key: 'auth.password_changed' }) } }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/get-temp-token',
      summary: 'A single-use sign-in token (the QR code to sign in on a phone)',
      tags: ['auth'],
      middleware: [requireAuth] as const,
      responses: { 200: json(dataOf(z.object({ token: z.string() })), 'Single use, valid 5 minutes'), ...errors },
    }),
    async (c) => c.json({ data: { token: await c.var.services.auth.createTempToken(c.var.user!.id) } }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/exchange-temp-token',
      summary: 'Open a session from a single-use sign-in token',
      tags: ['auth'],
      request: body(exchangeTempTokenSchema),
      responses: { 200: json(dataOf(sessionSchema), 'A new session'), ...errors },
    }),
    async (c) => {
      return sessionResponse(c, await c.var.services.auth.exchangeTempToken(c.req.valid('json').token, client(c)))
    },
  )
