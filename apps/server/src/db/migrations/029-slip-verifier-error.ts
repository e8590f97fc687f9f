import type { Kysely } from 'kysely';

/**
 * Why a slip still waits for its verification: the last outage of the slip-verification vendor (down,
 * timed out, out of quota, refused our key, answered garbage), so an operator sees it on the slip while
 * the sweep retries. Null once the vendor answered. Frozen in time: never import app types.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('slips').addColumn('verifier_error', 'text').execute();
}
