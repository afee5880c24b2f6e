import type { DB } from '#app/db/db.server.ts'
import { sharedRead } from '#app/db/shared-read.server.ts'
import type { NewUser, TokenKind, User } from '#app/db/schema.ts'

export class AuthRepo {
  constructor(private readonly db: DB) {}

  findUserByEmail(email: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()
  }

  async insertUser(user: NewUser): Promise<User> {
    return this.db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow()
  }

  async updateUser(id: number, changes: Partial<Pick<User, 'name' | 'locale' | 'password_hash' | 'updated_at'>>) {
    await this.db.updateTable('users').set(changes).where('id', '=', id).execute()
  }

  async insertToken(token: { user_id: number; kind: TokenKind; token_hash: string; expires_at: string; created_at: string }) {
    await this.db.insertInto('auth_tokens').values(token).execute()
  }

  /** The user of a live token of this kind (not expired, not used). */
  async findUserByToken(kind: TokenKind, tokenHash: string, now: string) {
    // Every signed-in request asks this: the callers of one turn with the same token share the
    // read on PostgreSQL (ADR 031), checked against the first one's `now` (the same turn).
    return sharedRead(this.db, `token:${kind}:${tokenHash}`, () => this.findUserByTokenNow(kind, tokenHash, now))
  }

  private findUserByTokenNow(kind: TokenKind, tokenHash: string, now: string) {
    return this.db
      .selectFrom('auth_tokens')
      .innerJoin('users', 'users.id', 'auth_tokens.user_id')
      .selectAll('users')
      .select(['auth_tokens.id as token_id'])
      .where('auth_tokens.token_hash', '=', tokenHash)
      .where('auth_tokens.kind', '=', kind)
      .where('auth_tokens.expires_at', '>', now)
      .where('auth_tokens.used_at', 'is', null)
      .executeTakeFirst()
  }

  /**
   * Marks a single-use token used; false when another request used it first. The guarded
   * update is what makes "single use" hold under concurrent requests.
   */
  async consumeToken(tokenId: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('auth_tokens')
      .set({ used_at: now })
      .where('id', '=', tokenId)
      .where('used_at', 'is', null)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  }

  async deleteToken(tokenHash: string) {
    await this.db.deleteFrom('auth_tokens').where('token_hash', '=', tokenHash).execute()
  }

  async deleteTokensOfUser(userId: number, kinds: TokenKind[], exceptHash?: string) {
    let query = this.db.deleteFrom('auth_tokens').where('user_id', '=', userId).where('kind', 'in', kinds)
    if (exceptHash) query = query.where('token_hash', '!=', exceptHash)
    await query.execute()
  }
}
