import type { Kysely } from 'kysely';

/**
 * The back-office dashboard counts players who registered and who signed in on each of the last
 * days; without these it would read every player and every session ever made. Both tables take one
 * row per registration or sign-in, far from the money path, so the extra index entry costs little.
 * (The dashboard's ledger figures need no index: ledger transfer ids sort by time.)
 *
 * Frozen in time: never import app types.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema.createIndex('users_created_idx').on('users').column('created_at').execute();
  await db.schema.createIndex('sessions_created_idx').on('sessions').column('created_at').execute();
}
