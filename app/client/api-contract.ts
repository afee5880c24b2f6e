import type { OpenAPIHono } from '@hono/zod-openapi'
import type { MergeSchemaPath } from 'hono/types'
import type { accessibilityApi } from '#app/modules/accessibility/accessibility.api.server.ts'
import type { aiApi } from '#app/modules/ai/ai.api.server.ts'
import type { authApi } from '#app/modules/auth/auth.api.server.ts'
import type { categoriesApi } from '#app/modules/categories/categories.api.server.ts'
import type { dashboardApi } from '#app/modules/dashboard/dashboard.api.server.ts'
import type { directionsApi } from '#app/modules/directions/directions.api.server.ts'
import type { geocodingApi } from '#app/modules/geocoding/geocoding.api.server.ts'
import type { invitationsApi } from '#app/modules/invitations/invitations.api.server.ts'
import type { monthlyReportApi } from '#app/modules/monthly-report/monthly-report.api.server.ts'
import type { placesApi } from '#app/modules/places/places.api.server.ts'
import type { qrCodesApi } from '#app/modules/qr-codes/qr-codes.api.server.ts'
import type { reportsApi } from '#app/modules/reports/reports.api.server.ts'
import type { statsApi } from '#app/modules/stats/stats.api.server.ts'
import type { routeFilesApi, transferApi } from '#app/modules/transfer/transfer.api.server.ts'
import type { uploadsApi } from '#app/modules/uploads/uploads.api.server.ts'
import type { walksApi } from '#app/modules/walks/walks.api.server.ts'

// The browser client's contract (ADR 035): the module routers' own types, as Hono's RPC client
// (`hc`) reads them, so `tsc` checks every apiRequest's path, body and answer against the
// routes' zod schemas. Types only: nothing of the routers reaches the browser bundle.

type SchemaOf<R> = R extends OpenAPIHono<infer _Env, infer S, infer _Base> ? S : never

/** Every endpoint the screens may call, under the prefix it is mounted at (app/api-routes.server.ts). */
type ApiSchema = MergeSchemaPath<SchemaOf<typeof authApi>, '/auth'> &
  MergeSchemaPath<SchemaOf<typeof categoriesApi>, '/place-categories'> &
  MergeSchemaPath<SchemaOf<typeof invitationsApi>, '/invitations'> &
  SchemaOf<typeof placesApi> &
  SchemaOf<typeof qrCodesApi> &
  SchemaOf<typeof walksApi> &
  SchemaOf<typeof statsApi> &
  SchemaOf<typeof uploadsApi> &
  SchemaOf<typeof aiApi> &
  SchemaOf<typeof directionsApi> &
  SchemaOf<typeof geocodingApi> &
  SchemaOf<typeof dashboardApi> &
  SchemaOf<typeof transferApi> &
  SchemaOf<typeof routeFilesApi> &
  SchemaOf<typeof reportsApi> &
  SchemaOf<typeof monthlyReportApi> &
  SchemaOf<typeof accessibilityApi>

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

/** The route a path names, as a caller writes it (`/routes/${uuid}/get-route`, `/geocode?q=…`). */
type RouteOf<P extends string> = {
  [K in PathKey]: SegmentsMatch<Segments<WithoutQuery<P>>, Segments<K>> extends true ? K : never
}[PathKey]

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
/** The `data` of the endpoint's successful answer. */
export type ApiData<P extends string, M extends ApiMethod> = DataOf<OutputOf<Extract<EndpointOf<P, M>, { status: Success }>>>
