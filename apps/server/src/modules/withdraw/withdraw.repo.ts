import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { WithdrawalsTable } from '../../db/schema/deposits.ts';
import type { Database } from '../../db/schema.ts';

export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type NewWithdrawal = Insertable<WithdrawalsTable>;

export interface PayeeAccount {
  bankCode: string;
  bankAccountNo: string;
  bankAccountName: string;
  currency: string | null;
}

/** The player's registered bank account: the only place a withdrawal may go. */
export async function findPayee(db: Kysely<Database>, userId: string): Promise<PayeeAccount | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['bank_code', 'bank_account_no', 'bank_account_name', 'currency'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return (
    row && {
      bankCode: row.bank_code,
      bankAccountNo: row.bank_account_no,
      bankAccountName: row.bank_account_name,
      currency: row.currency,
    }
  );
}

export async function insertWithdrawal(trx: Transaction<Database>, row: NewWithdrawal): Promise<void> {
  await trx.insertInto('withdrawals').values(row).execute();
}

export async function findWithdrawal(db: Kysely<Database>, id: string): Promise<WithdrawalRow | undefined> {
  return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * PENDING → PAID or FAILED. The status condition is what makes a withdrawal settle exactly once when
 * the bank reports twice or two reports race: the second update finds no PENDING row.
 */
export async function settleWithdrawal(
  trx: Transaction<Database>,
  id: string,
  change: { status: 'PAID' | 'FAILED'; failureReason: string | null; decisionReason?: string | null },
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('withdrawals')
    .set({
      status: change.status,
      failure_reason: change.failureReason,
      decision_reason: change.decisionReason ?? null,
      settled_at: now,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** PENDING withdrawals the bank may have: never one held for (or refused at) operator review. */
export async function pendingWithdrawals(db: Kysely<Database>): Promise<WithdrawalRow[]> {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where('status', '=', 'PENDING')
    .where((eb) => eb.or([eb('review', 'is', null), eb('review', '=', 'APPROVED')]))
    .orderBy('created_at')
    .execute();
}

/** Whether the player's payout account changed at or after `since`. */
export async function bankAccountChangedSince(db: Kysely<Database>, userId: string, since: number): Promise<boolean> {
  const row = await db
    .selectFrom('bank_account_changes')
    .select('id')
    .where('user_id', '=', userId)
    .where('changed_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Four eyes, first step: records who approved first, once (two first approvals racing: one wins).
 */
export async function recordFirstApproval(
  trx: Transaction<Database>,
  id: string,
  approver: { operatorId: string; username: string },
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('withdrawals')
    .set({
      first_approved_by: approver.operatorId,
      first_approved_by_name: approver.username,
      first_approved_at: now,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .where('review', '=', 'AWAITING')
    .where('first_approved_by', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * AWAITING → APPROVED, once. With `firstApprover` (four eyes) only while that first approval still
 * stands, so the second approval cannot slip in on a state it did not see.
 */
export async function approveReview(
  trx: Transaction<Database>,
  id: string,
  firstApprover: string | null | undefined,
  now: number,
): Promise<boolean> {
  let query = trx
    .updateTable('withdrawals')
    .set({ review: 'APPROVED', reviewed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .where('review', '=', 'AWAITING');
  if (firstApprover !== undefined) {
    query =
      firstApprover === null
        ? query.where('first_approved_by', 'is', null)
        : query.where('first_approved_by', '=', firstApprover);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** AWAITING → REJECTED, once; the caller fails the withdrawal in the same transaction. */
export async function rejectReview(trx: Transaction<Database>, id: string, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('withdrawals')
    .set({ review: 'REJECTED', reviewed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .where('review', '=', 'AWAITING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listWithdrawals(
  db: Kysely<Database>,
  filter: { status?: string | undefined; limit: number },
): Promise<WithdrawalRow[]> {
  let query = db.selectFrom('withdrawals').selectAll();
  if (filter.status) query = query.where('status', '=', filter.status);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}
