import type { Kysely } from 'kysely'
import { isPostgres } from '../dialect.ts'

// Frozen: never edit a migration that has shipped; add a new one.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db)
  const id = (col: any) => (pg ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey())

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('avatar_path', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('auth_tokens_user_kind').on('auth_tokens').columns(['user_id', 'kind']).execute()

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute()

}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute()
  await db.schema.dropTable('auth_tokens').execute()
  await db.schema.dropTable('users').execute()
}
