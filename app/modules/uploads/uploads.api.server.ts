import { createRouter } from '#app/api/router.server.ts'

export const uploadsApi = createRouter()
