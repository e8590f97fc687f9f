import type { Kysely, Transaction } from 'kysely';
import { prepared } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import { type LedgerAccount, type LedgerKind, postTransfer, type TransferResult } from './ledger.ts';

export type StatementStatus = 'PENDING' | 'SUCCESS' | 'FAILED';

/** The player's side of a movement: the statement row SPEC §7 lists; its amount and currency are the transfer's. */
export interface StatementEntry {
  id: string;
  userId: string;
  statementType: string;
  fromCode: string | null;
  toCode: string | null;
  status: StatementStatus;
  gameAccountId: string | null;
  /** The promotion behind the movement (SPEC §3 linked bonus, promotion, invite, refund or luckydraw object). */
  linked?: { kind: 'bonus' | 'promotion' | 'invite' | 'refund' | 'luckydraw'; description: string };
}

export interface Movement {
  statement: StatementEntry;
  from: LedgerAccount;
  to: LedgerAccount;
  /** Minor units, a positive integer. */
  amount: number;
  kind: LedgerKind;
  now: number;
}

/**
 * The one way money moves for a player: the statement row that explains it and the ledger transfer
 * that does it (referring to that statement), in the caller's transaction, so neither exists without
 * the other.
 */
export async function bookMovement(trx: Transaction<Database>, movement: Movement): Promise<TransferResult> {
  const { statement, from, to, amount, kind, now } = movement;
  // Deferred: it travels with the ledger's statement, which reads no statement row (one round trip
  // less on PostgreSQL).
  await insertStatementRow.defer(trx, [
    statement.id,
    statement.userId,
    statement.statementType,
    statement.fromCode,
    statement.toCode,
    amount,
    from.currency,
    statement.status,
    statement.gameAccountId,
    statement.linked?.kind ?? null,
    statement.linked?.description ?? null,
    now,
  ]);
  return postTransfer(trx, { from, to, amount, kind, refType: 'statement', refId: statement.id, now });
}

/**
 * Books a movement whose statement the player already sees as PENDING: the statement turns SUCCESS
 * and the transfer is posted together. Undefined when the statement is not that PENDING one (already
 * settled, or another player's, type or amount): then nothing moved. The status condition makes a
 * second settlement a no-op however it races.
 */
export async function bookPendingMovement(
  trx: Transaction<Database>,
  pending: { statementId: string; userId: string; statementType: string },
  movement: Omit<Movement, 'statement'>,
): Promise<TransferResult | undefined> {
  const { from, to, amount, kind, now } = movement;
  const settled = await settlePendingEntry.run(trx, [
    now,
    pending.statementId,
    pending.userId,
    pending.statementType,
    amount,
  ]);
  if (settled !== 1) return undefined;
  return postTransfer(trx, { from, to, amount, kind, refType: 'statement', refId: pending.statementId, now });
}

/**
 * Ends a movement the player sees as PENDING with its outcome, and posts the transfer that outcome
 * calls for (a withdrawal's payout or refund, a game's payout or the reversal of money it never got),
 * together. The caller makes sure it settles once (the withdrawal's own status, the game account's
 * lock): the transfer is posted whatever the statement's status was.
 */
export async function settleMovement(
  trx: Transaction<Database>,
  settlement: { statementId: string; status: 'SUCCESS' | 'FAILED' },
  movement: Omit<Movement, 'statement'>,
): Promise<TransferResult> {
  const { from, to, amount, kind, now } = movement;
  await settlePending.run(trx, [settlement.status, now, settlement.statementId]);
  return postTransfer(trx, { from, to, amount, kind, refType: 'statement', refId: settlement.statementId, now });
}

/** A statement with no money behind it yet (a manual deposit notice, a game transfer out before the provider pays). */
export async function insertStatement(
  db: Kysely<Database>,
  statement: StatementEntry & { amount: number; currency: string; now: number },
): Promise<void> {
  await insertStatementRow.run(db, [
    statement.id,
    statement.userId,
    statement.statementType,
    statement.fromCode,
    statement.toCode,
    statement.amount,
    statement.currency,
    statement.status,
    statement.gameAccountId,
    statement.linked?.kind ?? null,
    statement.linked?.description ?? null,
    statement.now,
  ]);
}

/** Moves a statement out of PENDING; the status condition makes settling twice a no-op. */
export async function settleStatement(
  db: Kysely<Database>,
  id: string,
  status: 'SUCCESS' | 'FAILED',
  now: number,
): Promise<boolean> {
  return (await settlePending.run(db, [status, now, id])) === 1;
}

/**
 * The same, in a transaction whose outcome is settled: the status change travels with the
 * transaction's next statement or its commit (PostgreSQL: no round trip of its own), so nothing after
 * it in the transaction may read or change that statement row.
 */
export async function settleStatementWithCommit(
  trx: Transaction<Database>,
  id: string,
  status: 'SUCCESS' | 'FAILED',
  now: number,
): Promise<void> {
  await settlePending.defer(trx, [status, now, id]);
}

const insertStatementRow = prepared(
  `insert into statements (id, user_id, statement_type, from_code, to_code, amount, currency, status,
                           game_account_id, linked_kind, linked_description, created_at, updated_at)
   values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)`,
);

const settlePending = prepared(
  `update statements set status = $1, updated_at = $2 where id = $3 and status = 'PENDING'`,
);

const settlePendingEntry = prepared(
  `update statements set status = 'SUCCESS', updated_at = $1
   where id = $2 and user_id = $3 and statement_type = $4 and amount = $5 and status = 'PENDING'`,
);
