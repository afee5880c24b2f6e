import type { Generated, Insertable, Selectable } from 'kysely'

/** Timestamps are ISO-8601 UTC strings on both dialects: they sort and compare as text. */
type Timestamp = string

export interface UsersTable {
  id: Generated<number>
  name: string
  email: string
  password_hash: string
  locale: string
  avatar_path: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export type TokenKind = 'session' | 'temp' | 'reset'

export interface AuthTokensTable {
  id: Generated<number>
  user_id: number
  kind: TokenKind
  token_hash: string
  expires_at: Timestamp
  used_at: Timestamp | null
  created_at: Timestamp
}

export interface RateLimitsTable {
  key: string
  window_start: number
  hits: number
}

export interface Database {
  users: UsersTable
  auth_tokens: AuthTokensTable
  rate_limits: RateLimitsTable
}

export type User = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type AuthToken = Selectable<AuthTokensTable>
