import type { Kysely } from 'kysely'

// Frozen: never edit a migration that has shipped; add a new one.

// A route's replaced or removed image files, kept while a revision shows them (ADR 111): a restore
// from History puts them back. The revisions' purge deletes a file no kept revision shows; a route
// deleted for good takes its retired files with it (their keys are read before the rows cascade).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('retired_images')
    .addColumn('file_key', 'text', (c) => c.primaryKey())
    .addColumn('walk_id', 'integer', (c) => c.notNull().references('walks.id').onDelete('cascade'))
    .addColumn('retired_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('retired_images_walk').on('retired_images').column('walk_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('retired_images').execute()
}
