import type { Kysely } from 'kysely'
import { isPostgres } from '../dialect.ts'

// Frozen: never edit a migration that has shipped; add a new one.
// Booleans are integers 0/1 and timestamps ISO text on both dialects (ADR 002).

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db)
  const id = (col: any) => (pg ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey())
  const required = (col: any) => col.notNull()
  const flag = (fallback: 0 | 1) => (col: any) => col.notNull().defaultTo(fallback)
  const index = (name: string, table: string, columns: string[], unique = false) => {
    const builder = db.schema.createIndex(name).on(table).columns(columns)
    return (unique ? builder.unique() : builder).execute()
  }

  await db.schema
    .createTable('place_categories')
    .addColumn('id', 'integer', id)
    .addColumn('parent_id', 'integer', (c) => c.references('place_categories.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', required)
    .addColumn('fallback_locale', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('created_at', 'text', required)
    .addColumn('updated_at', 'text', required)
    .execute()
  await index('place_categories_parent', 'place_categories', ['parent_id'])

  await db.schema
    .createTable('category_members')
    .addColumn('category_id', 'integer', (c) => c.notNull().references('place_categories.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', required)
    .addColumn('created_at', 'text', required)
    .addPrimaryKeyConstraint('category_members_pk', ['category_id', 'user_id'])
    .execute()
  await index('category_members_user', 'category_members', ['user_id'])

  await db.schema
    .createTable('places')
    .addColumn('id', 'integer', id)
    .addColumn('category_id', 'integer', (c) => c.notNull().references('place_categories.id').onDelete('cascade'))
    .addColumn('name', 'text', required)
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('created_at', 'text', required)
    .addColumn('updated_at', 'text', required)
    .execute()
  await index('places_category', 'places', ['category_id'])

  await db.schema
    .createTable('place_users')
    .addColumn('place_id', 'integer', (c) => c.notNull().references('places.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', required)
    .addPrimaryKeyConstraint('place_users_pk', ['place_id', 'user_id'])
    .execute()
  await index('place_users_user', 'place_users', ['user_id'])

  // Invitations to a category (as editor or owner) or to a place (as one of its users).
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'integer', id)
    .addColumn('kind', 'text', required)
    .addColumn('category_id', 'integer', (c) => c.notNull().references('place_categories.id').onDelete('cascade'))
    .addColumn('place_id', 'integer', (c) => c.references('places.id').onDelete('cascade'))
    .addColumn('email', 'text', required)
    .addColumn('role', 'text')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expires_at', 'text', required)
    .addColumn('accepted_at', 'text')
    .addColumn('created_at', 'text', required)
    .execute()
  await index('invitations_category', 'invitations', ['category_id'])
  await index('invitations_place', 'invitations', ['place_id'])

  await db.schema
    .createTable('secrets')
    .addColumn('id', 'integer', id)
    .addColumn('place_id', 'integer', (c) => c.notNull().references('places.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('title', 'text', required)
    .addColumn('text', 'text', required)
    .addColumn('created_at', 'text', required)
    .execute()
  await index('secrets_place', 'secrets', ['place_id'])

  await db.schema
    .createTable('qr_codes')
    .addColumn('id', 'integer', id)
    .addColumn('category_id', 'integer', (c) => c.notNull().references('place_categories.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('image_url', 'text', required)
    .addColumn('name', 'text')
    .addColumn('place_id', 'integer', (c) => c.references('places.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('activated_at', 'text')
    .addColumn('created_at', 'text', required)
    .execute()
  await index('qr_codes_category', 'qr_codes', ['category_id'])
  await index('qr_codes_place', 'qr_codes', ['place_id'])

  // A walking route is a "walk" in code (ADR 005); the API keeps the spec's "route".
  await db.schema
    .createTable('walks')
    .addColumn('id', 'integer', id)
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('place_categories.id').onDelete('cascade'))
    .addColumn('slug', 'text', required)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('color', 'text', (c) => c.notNull().defaultTo('bg-orange'))
    .addColumn('bg_color', 'text', (c) => c.notNull().defaultTo('#FFFFFF'))
    .addColumn('is_bg_transparent', 'integer', flag(1))
    .addColumn('logo_pro_path', 'text')
    .addColumn('photo_path', 'text')
    .addColumn('content_image_path', 'text')
    .addColumn('distance', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('duration', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('features_collection', 'text')
    .addColumn('is_indexed', 'integer', flag(1))
    .addColumn('is_path_visible', 'integer', flag(1))
    .addColumn('is_space_places_visible', 'integer', flag(0))
    .addColumn('is_modified', 'integer', flag(0))
    .addColumn('created_at', 'text', required)
    .addColumn('updated_at', 'text', required)
    .addUniqueConstraint('walks_category_slug', ['category_id', 'slug'])
    .execute()

  await db.schema
    .createTable('walk_translations')
    .addColumn('walk_id', 'integer', (c) => c.notNull().references('walks.id').onDelete('cascade'))
    .addColumn('locale', 'text', required)
    .addColumn('name', 'text')
    .addColumn('subtitle', 'text')
    .addColumn('description', 'text')
    .addColumn('content_title', 'text')
    .addColumn('content_text', 'text')
    .addColumn('logo_title', 'text')
    .addPrimaryKeyConstraint('walk_translations_pk', ['walk_id', 'locale'])
    .execute()

  await db.schema
    .createTable('walk_places')
    .addColumn('walk_id', 'integer', (c) => c.notNull().references('walks.id').onDelete('cascade'))
    .addColumn('place_id', 'integer', (c) => c.notNull().references('places.id').onDelete('cascade'))
    .addColumn('sort_id', 'integer', required)
    .addPrimaryKeyConstraint('walk_places_pk', ['walk_id', 'sort_id'])
    .execute()
  await index('walk_places_place', 'walk_places', ['place_id'])

  await db.schema
    .createTable('walk_nearby')
    .addColumn('walk_id', 'integer', (c) => c.notNull().references('walks.id').onDelete('cascade'))
    .addColumn('nearby_walk_id', 'integer', (c) => c.notNull().references('walks.id').onDelete('cascade'))
    .addColumn('sort_id', 'integer', required)
    .addPrimaryKeyConstraint('walk_nearby_pk', ['walk_id', 'nearby_walk_id'])
    .execute()

  await db.schema
    .createTable('walk_logos')
    .addColumn('id', 'integer', id)
    .addColumn('walk_id', 'integer', (c) => c.notNull().references('walks.id').onDelete('cascade'))
    .addColumn('path', 'text', required)
    .addColumn('sort_id', 'integer', required)
    .execute()
  await index('walk_logos_walk', 'walk_logos', ['walk_id'])

  // QR codes that point at a route's landing page or map page (kind: route | landing | map).
  await db.schema
    .createTable('walk_qr_codes')
    .addColumn('id', 'integer', id)
    .addColumn('walk_id', 'integer', (c) => c.notNull().references('walks.id').onDelete('cascade'))
    .addColumn('kind', 'text', required)
    .addColumn('created_at', 'text', required)
    .addUniqueConstraint('walk_qr_codes_walk_kind', ['walk_id', 'kind'])
    .execute()

  // Raw visitor events (cookieless) and the roll-ups that statistics read.
  await db.schema
    .createTable('events')
    .addColumn('id', 'integer', id)
    .addColumn('category_id', 'integer', (c) => c.notNull().references('place_categories.id').onDelete('cascade'))
    .addColumn('walk_id', 'integer')
    .addColumn('place_id', 'integer')
    .addColumn('type', 'text', required)
    .addColumn('value', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visitor_hash', 'text')
    .addColumn('occurred_at', 'text', required)
    .execute()
  await index('events_category_time', 'events', ['category_id', 'occurred_at'])

  // One row per category, route (0: none), place (0: none) and day; months and years sum days.
  await db.schema
    .createTable('stat_days')
    .addColumn('category_id', 'integer', (c) => c.notNull().references('place_categories.id').onDelete('cascade'))
    .addColumn('walk_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('place_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('day', 'text', required)
    .addColumn('views', 'integer', flag(0))
    .addColumn('total_time', 'integer', flag(0))
    .addColumn('sessions', 'integer', flag(0))
    .addColumn('likes', 'integer', flag(0))
    .addColumn('contributions', 'integer', flag(0))
    .addColumn('place_visits', 'integer', flag(0))
    .addPrimaryKeyConstraint('stat_days_pk', ['category_id', 'walk_id', 'place_id', 'day'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'stat_days',
    'events',
    'walk_qr_codes',
    'walk_logos',
    'walk_nearby',
    'walk_places',
    'walk_translations',
    'walks',
    'qr_codes',
    'secrets',
    'invitations',
    'place_users',
    'places',
    'category_members',
    'place_categories',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
