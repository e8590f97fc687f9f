import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Claims an outside reference for a statement; false when any route claimed it before (the unique key decides races). */
export async function claimDepositReference(
  trx: Transaction<Database>,
  key: string,
  statementId: string,
  now: number,
): Promise<boolean> {
  const claimed = await trx
    .insertInto('deposit_references')
    .values({ reference: key, statement_id: statementId, created_at: now })
    .onConflict((oc) => oc.column('reference').doNothing())
    .executeTakeFirst();
  return Number(claimed.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function isDepositReferenceClaimed(db: Kysely<Database>, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('deposit_references')
    .select('reference')
    .where('reference', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}
