import { createRouter } from '#app/api/router.server.ts'

export const qrCodesApi = createRouter()
