import type { Kysely } from 'kysely';

/**
 * The money operation an Idempotency-Key's request started (its statement id), written in the same
 * transaction that moved the money. A request whose process died before it stored its answer can then
 * be settled and answered by a retry, instead of holding the key with no answer for a day.
 *
 * Frozen in time: never import app types.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('operation', 'text').execute();
}
