import type { OpenAPIHono } from '@hono/zod-openapi'
import { requireAuth } from './middleware.server.ts'
import { errorSchema, jsonContent } from './openapi-helpers.ts'

// What the API's description says of every operation, filled in once all routers are mounted
// (ADR 082): how a caller authenticates, a stable operationId for generated clients, and the
// error envelope of a request refused before any route (a NUL character in it: 400).

/** The two ways a client authenticates: the token the sign-in answered, or the session cookie. */
export const securitySchemes = {
  bearerAuth: { type: 'http', scheme: 'bearer', description: 'The access_token that sign-in answered' },
  sessionCookie: { type: 'apiKey', in: 'cookie', name: 'token', description: 'The session cookie the app’s own pages send' },
} as const

const signedIn = [{ bearerAuth: [] }, { sessionCookie: [] }]
/** Anyone; a signed-in caller may see more (a member sees drafts). */
const anyone = [{}, ...signedIn]

/** `get` `/place-categories/{id}/fetch-places` → `getPlaceCategoriesByIdFetchPlaces`. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment)
      return param ? ['by', param[1]] : segment.split(/[^A-Za-z0-9]+/)
    })
    .filter(Boolean)
  return [method.toLowerCase(), ...words.map((w) => w[0].toUpperCase() + w.slice(1))].join('')
}

/** Fills in what each mounted route leaves out; a route that says it itself keeps its own. */
export function describeOperations(api: OpenAPIHono<never>) {
  for (const [name, scheme] of Object.entries(securitySchemes)) api.openAPIRegistry.registerComponent('securitySchemes', name, scheme)
  // The document's copy of a route drops its middleware: Hono's own table says which run requireAuth.
  const authenticated = new Set(api.routes.filter((r) => r.handler === requireAuth).map((r) => `${r.method} ${r.path}`))
  for (const definition of api.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue
    const route = definition.route
    const honoPath = route.path.replace(/\{([^}]+)\}/g, ':$1')
    route.security ??= authenticated.has(`${route.method.toUpperCase()} ${honoPath}`) ? signedIn : anyone
    route.operationId ??= operationIdOf(route.method, route.path)
    if (!Object.keys(route.responses).some((status) => status.startsWith('4'))) {
      route.responses = { ...route.responses, 400: jsonContent(errorSchema, 'A request the API cannot read (a NUL character in it)') }
    }
  }
}
