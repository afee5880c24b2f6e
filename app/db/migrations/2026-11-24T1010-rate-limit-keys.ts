import type { Kysely } from 'kysely'

// Frozen: never edit a migration that has shipped; add a new one.

// Rate-limit keys held client addresses in clear (`login:203.0.113.7`); they are now keyed
// hashes under the app's secret. The stored counters are dropped rather
// than hashed: they live for minutes, and hashing needs the secret, which a migration does not
// read. Every client starts a fresh window once.

export async function up(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('rate_limits').execute()
}

export async function down(): Promise<void> {
  // The raw addresses are not kept: nothing to undo.
}
