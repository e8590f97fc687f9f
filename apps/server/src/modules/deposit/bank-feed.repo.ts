import type { Insertable, Kysely, Selectable } from 'kysely';
import type { BankTransfersTable } from '../../db/schema/deposits.ts';
import type { Database } from '../../db/schema.ts';

export type BankTransferRow = Selectable<BankTransfersTable>;
export type NewBankTransfer = Insertable<BankTransfersTable>;

export async function findTransferByReference(
  db: Kysely<Database>,
  reference: string,
): Promise<BankTransferRow | undefined> {
  return db.selectFrom('bank_transfers').selectAll().where('reference', '=', reference).executeTakeFirst();
}

export async function findTransferById(db: Kysely<Database>, id: string): Promise<BankTransferRow | undefined> {
  return db.selectFrom('bank_transfers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records a delivery; false when its reference is already recorded (the unique index decides under races). */
export async function insertTransfer(db: Kysely<Database>, row: NewBankTransfer): Promise<boolean> {
  const result = await db
    .insertInto('bank_transfers')
    .values(row)
    .onConflict((oc) => oc.column('reference').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** An UNMATCHED transfer becomes CREDITED, DUPLICATE or RETURNED at most once, however operators race. */
export async function resolveUnmatched(
  db: Kysely<Database>,
  id: string,
  change: {
    status: 'CREDITED' | 'DUPLICATE' | 'RETURNED';
    userId: string | null;
    statementId: string | null;
    resolvedBy: string;
    decisionReason?: string | null;
  },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('bank_transfers')
    .set({
      status: change.status,
      reason: null,
      user_id: change.userId,
      statement_id: change.statementId,
      resolved_by: change.resolvedBy,
      decision_reason: change.decisionReason ?? null,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'UNMATCHED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The player an operator credits an unmatched transfer to: the statement's bank and the wallet currency. */
export function findCreditTarget(db: Kysely<Database>, userId: string) {
  return db.selectFrom('users').select(['id', 'bank_code', 'currency']).where('id', '=', userId).executeTakeFirst();
}

/** The sandbox bank's sender: a player, by the username its calls name, with their registered bank account. */
export function findPlayerByUsername(db: Kysely<Database>, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'bank_code', 'bank_account_no', 'currency'])
    .where('username', '=', username)
    .executeTakeFirst();
}

export async function listTransfers(
  db: Kysely<Database>,
  filter: { status?: string | undefined; limit: number },
): Promise<BankTransferRow[]> {
  let query = db.selectFrom('bank_transfers').selectAll();
  if (filter.status) query = query.where('status', '=', filter.status);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}
