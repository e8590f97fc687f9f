import { normaliseAccountNo } from '@wallet/contract/bank-feed';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { BankTransfersTable } from '../../db/schema/deposits.ts';
import type { Database } from '../../db/schema.ts';

export type BankTransferRow = Selectable<BankTransfersTable>;
export type NewBankTransfer = Insertable<BankTransfersTable>;

/** A registered player who may have sent a transfer. */
export interface SenderCandidate {
  id: string;
  bankCode: string;
  currency: string | null;
}

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

/** An UNMATCHED transfer becomes CREDITED (or DUPLICATE) at most once, however operators race. */
export async function resolveUnmatched(
  db: Kysely<Database>,
  id: string,
  change: { status: 'CREDITED' | 'DUPLICATE'; userId: string | null; statementId: string | null; resolvedBy: string },
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
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'UNMATCHED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Registered players whose bank account could be the sender's, at most two (two already means "not
 * sure"). A full number must equal the registered one. A masked number (SMS) is compared digit by
 * digit, aligned on the right as banks mask the front: `xxx-x-x5678-x` matches any account whose
 * second-to-fifth-last digits are 5678. The bank code narrows the search when the feed carries it.
 */
export async function findSenderCandidates(
  db: Kysely<Database>,
  sender: { accountNo: string; bankCode?: string | undefined },
): Promise<SenderCandidate[]> {
  const digits = normaliseAccountNo(sender.accountNo);
  const masked = /[xX*]/.test(digits);
  let query = db.selectFrom('users').select(['id', 'bank_code', 'currency']);
  query = masked
    ? query.where('bank_account_no', 'like', `%${digits.replace(/[xX*]/g, '_')}`)
    : query.where('bank_account_no', '=', digits);
  if (sender.bankCode) query = query.where('bank_code', '=', sender.bankCode);
  const rows = await query.limit(2).execute();
  return rows.map((row) => ({ id: row.id, bankCode: row.bank_code, currency: row.currency }));
}

export async function listTransfers(
  db: Kysely<Database>,
  filter: { status?: string | undefined; limit: number },
): Promise<BankTransferRow[]> {
  let query = db.selectFrom('bank_transfers').selectAll();
  if (filter.status) query = query.where('status', '=', filter.status);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}
