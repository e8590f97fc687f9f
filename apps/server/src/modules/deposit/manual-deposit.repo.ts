import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { ManualDepositsTable } from '../../db/schema/deposits.ts';
import type { Database } from '../../db/schema.ts';

export type ManualDepositRow = Selectable<ManualDepositsTable>;
export type NewManualDeposit = Insertable<ManualDepositsTable>;

/** The account the player says the money came from: their registered one. */
export function findSenderAccount(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('users')
    .select(['bank_code', 'bank_account_no'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function insertManualDeposit(trx: Transaction<Database>, row: NewManualDeposit): Promise<void> {
  await trx.insertInto('manual_deposits').values(row).execute();
}

export function findManualDeposit(db: Kysely<Database>, id: string): Promise<ManualDepositRow | undefined> {
  return db.selectFrom('manual_deposits').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Ends a notice that is still PENDING; false when it was decided already (the first decision stands). */
export async function decidePending(
  trx: Transaction<Database>,
  id: string,
  status: 'CONFIRMED' | 'REJECTED',
  operator: string,
  now: number,
  reason?: string | null | undefined,
): Promise<boolean> {
  const decided = await trx
    .updateTable('manual_deposits')
    .set({ status, decided_by: operator, decided_at: now, decision_reason: reason ?? null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(decided.numUpdatedRows) === 1;
}

export function listManualDeposits(
  db: Kysely<Database>,
  filter: { status?: string | undefined; limit: number },
): Promise<ManualDepositRow[]> {
  let query = db.selectFrom('manual_deposits').selectAll();
  if (filter.status) query = query.where('status', '=', filter.status);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}
