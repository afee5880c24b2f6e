import type { OpenAPIHono } from '@hono/zod-openapi'
import type { MergeSchemaPath } from 'hono/types'
import type { apiRouters } from '#app/api-routes.server.ts'

// The browser client's contract (ADR 035): the module routers' own types, as Hono's RPC client
// (`hc`) reads them, so `tsc` checks every apiRequest's path, body and answer against the
// routes' zod schemas. Types only: nothing of the routers reaches the browser bundle.

type SchemaOf<R> = R extends OpenAPIHono<infer _Env, infer S, infer _Base> ? S : never

type UnionToIntersection<U> = (U extends unknown ? (union: U) => void : never) extends (intersection: infer I) => void ? I : never

/** Every endpoint of the API, under the prefix it is mounted at: the registry `createApi` mounts (app/api-routes.server.ts). */
type ApiSchema = UnionToIntersection<
  (typeof apiRouters)[number] extends infer Entry ? (Entry extends { prefix: infer P extends string; router: infer R } ? MergeSchemaPath<SchemaOf<R>, P> : never) : never
>

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
/** The paths the routers name (a route whose path is a plain `string` would name every path). */
type PathKey = keyof { [K in keyof ApiSchema as string extends K ? never : K]: 0 } & string

type Segments<P extends string> = P extends `${infer Head}/${infer Tail}` ? [Head, ...Segments<Tail>] : [P]
/** Segment by segment: a `:param` takes any one non-empty segment, any other must be the same. */
type SegmentsMatch<Asked extends string[], Route extends string[]> = Asked extends [infer A, ...infer AskedRest extends string[]]
  ? Route extends [infer R, ...infer RouteRest extends string[]]
    ? R extends `:${string}`
      ? A extends ''
        ? false
        : SegmentsMatch<AskedRest, RouteRest>
      : [A] extends [R]
        ? SegmentsMatch<AskedRest, RouteRest>
        : false
    : false
  : Route extends []
    ? true
    : false
type WithoutQuery<P extends string> = P extends `${infer Path}?${string}` ? Path : P

type Matching<P extends string> = {
  [K in PathKey]: SegmentsMatch<Segments<WithoutQuery<P>>, Segments<K>> extends true ? K : never
}[PathKey]
/**
 * The route a path names, as a caller writes it (`/routes/${uuid}/get-route`, `/geocode?q=…`):
 * a route named in full before one with a parameter (`/places/nearby`, not `/places/:id`); each
 * of a union of paths on its own.
 */
type RouteOf<P extends string> = P extends string ? ([Extract<Matching<P>, WithoutQuery<P>>] extends [never] ? Matching<P> : Extract<Matching<P>, WithoutQuery<P>>) : never

type EndpointOf<P extends string, M extends ApiMethod> = ApiSchema[RouteOf<P>] extends infer Route
  ? Route extends Record<`$${Lowercase<M>}`, infer E>
    ? E
    : never
  : never

/** `/routes/:uuid/logos/order` as a caller writes it: `/routes/${string}/logos/order`. */
type Filled<P extends string> = P extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${string}/${Filled<Tail>}`
  : P extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : P

/** The paths that answer `method` (a query string allowed): what tsc lets a caller write. */
export type ApiPath<M extends ApiMethod> = {
  [K in PathKey]: `$${Lowercase<M>}` extends keyof ApiSchema[K] ? Filled<K> | `${Filled<K>}?${string}` : never
}[PathKey]

/** What the endpoint's JSON body must be (`never` when it takes none). */
export type ApiBody<P extends string, M extends ApiMethod> = EndpointOf<P, M> extends { input: { json: infer B } } ? B : never

type Success = 200 | 201 | 202
type DataOf<O> = O extends { data: infer D } ? D : undefined
type OutputOf<E> = E extends { output: infer O } ? O : never
/** The JSON of the endpoint's successful answer: the envelope, `{ data: … }`. */
export type ApiOutput<P extends string, M extends ApiMethod> = OutputOf<Extract<EndpointOf<P, M>, { status: Success }>>
/** The JSON the endpoint answers with `status` (a refusal that carries data: a 409's offer). */
export type ApiOutputAt<P extends string, M extends ApiMethod, S extends number> = OutputOf<Extract<EndpointOf<P, M>, { status: S }>>
/** The `data` of the endpoint's successful answer. */
export type ApiData<P extends string, M extends ApiMethod> = DataOf<ApiOutput<P, M>>
