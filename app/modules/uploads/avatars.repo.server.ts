import type { DB } from '#app/db/db.server.ts'
import type { User } from '#app/db/schema.ts'

export class AvatarsRepo {
  constructor(private readonly db: DB) {}

  findUser(id: number): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /** Sets the avatar key only if it still holds `expected`; false when another write came first. */
  async swapAvatar(userId: number, expected: string | null, key: string | null, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ avatar_path: key, updated_at: now })
      .where('id', '=', userId)
      .where('avatar_path', expected === null ? 'is' : '=', expected)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  }
}
