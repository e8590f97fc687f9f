import type { Kysely } from 'kysely';

/**
 * A player's statement lines of one type, newest first, read from an index of that type alone (issue 19):
 * the back office's deposits tab filters a player's statement by type, and for a player with 300,000 game
 * transfers and a few deposits every page and its count read the whole statement (the large-history bench
 * found it at half its fresh-database speed with 3,000 lines). Frozen in time: never import app types.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('statements_user_type_idx')
    .on('statements')
    .columns(['user_id', 'statement_type', 'created_at', 'id'])
    .execute();
}
