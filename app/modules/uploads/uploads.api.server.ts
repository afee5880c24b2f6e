import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { ApiEnv } from '#app/api/env.ts'
import { dataOf, errorResponses, errorSchema, jsonContent } from '#app/api/openapi-helpers.ts'
import { requireAuth } from '#app/api/middleware.server.ts'
import { createRouter } from '#app/api/router.server.ts'
import { userSchema } from '#app/modules/auth/auth.schema.ts'
import { toPublicUser } from '#app/modules/auth/public-user.ts'
import { limitUploads } from '#app/api/upload-limit.server.ts'
import { Avatars } from './avatars.server.ts'
import { uploadReader } from './upload-form.server.ts'

// The signed-in user's avatar: multipart/form-data, the image in the field `file`.

const tags = ['auth']
const responses = (description: string) => ({
  200: jsonContent(dataOf(userSchema), description),
  ...errorResponses,
  413: jsonContent(errorSchema, 'The image is larger than 8 MB'),
  429: jsonContent(errorSchema, 'Too many uploads from this user and client (RATE_LIMIT_UPLOADS); see Retry-After'),
})
const fileUrlOf = (c: Context<ApiEnv>) => (key: string) => c.var.services.storage.url(key)
const avatars = (c: Context<ApiEnv>) => new Avatars({ db: c.var.services.db, storage: c.var.services.storage, images: c.var.services.images })

export const uploadsApi = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/auth/user/avatar',
      summary: 'Upload the user’s avatar',
      tags,
      middleware: [requireAuth, limitUploads],
      request: {
        body: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
            },
          },
        },
      },
      responses: responses(`The user with the new avatar (JPEG, PNG, WebP, GIF or AVIF; re-encoded as WebP, 512 px)`),
    }),
    async (c) => c.json({ data: toPublicUser(await avatars(c).set(c.var.user!, uploadReader(c)), fileUrlOf(c)) }, 200),
  )
  .openapi(
    createRoute({ method: 'delete', path: '/auth/user/avatar', summary: 'Remove the user’s avatar', tags, middleware: requireAuth, responses: responses('The user without an avatar; the file is deleted') }),
    async (c) => c.json({ data: toPublicUser(await avatars(c).remove(c.var.user!), fileUrlOf(c)) }, 200),
  )
