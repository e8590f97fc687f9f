import type { ManualDepositStatus, ManualDepositView } from '@wallet/contract/bank-feed';
import { fromMinor, toMinor } from '@wallet/contract/money';
import type { WalletMoveResponse } from '@wallet/contract/wallet';
import type { Kysely, Transaction } from 'kysely';
import { CONTENT_KEYS, type DepositContent } from '../../db/content-settings.ts';
import { type MoneyTransactions, PLAIN_TRANSACTIONS } from '../../db/money-transactions.ts';
import type { Database } from '../../db/schema.ts';
import { getSetting } from '../../db/settings.repo.ts';
import type { PlayerRestrictions } from '../../events/player-restrictions.ts';
import { playerLedgerAccounts } from '../../ledger/accounts.ts';
import { insertStatement, settleStatement } from '../../ledger/booking.ts';
import { SYSTEM_KINDS } from '../../ledger/ledger.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, notFound, refused } from '../../lib/domain-error.ts';
import { orderedId } from '../../lib/ids.ts';
import type { DepositService } from '../../money/deposit-crediting.ts';
import { bankDepositReference } from './bank-feed.service.ts';
import {
  decidePending,
  findManualDeposit,
  findSenderAccount,
  insertManualDeposit,
  listManualDeposits,
  type ManualDepositRow,
} from './manual-deposit.repo.ts';

/** A notice found over a limit inside its transaction (rolled back, then refused with the history kept). */
class NoticeOverLimit extends Error {}

export interface ManualDepositDeps {
  db: Kysely<Database>;
  clock: Clock;
  deposits: DepositService;
  /** Player protection: a notice is refused while restricted or over a deposit limit. */
  restrictions: PlayerRestrictions;
}

function toView(row: ManualDepositRow): ManualDepositView {
  return {
    id: row.id,
    userId: row.user_id,
    amount: fromMinor(Number(row.amount)),
    currency: row.currency,
    fromBankCode: row.from_bank_code,
    fromAccountNo: row.from_account_no,
    status: row.status as ManualDepositStatus,
    decidedBy: row.decided_by,
    createdAt: new Date(Number(row.created_at)).toISOString(),
  };
}

/**
 * Manual deposits (SPEC §2 isManual): the player reports a transfer with POST /api/wallet/add; it shows
 * as a PENDING deposit until the operator confirms it (the wallet is credited, once) or rejects it.
 */
export function createManualDeposits(deps: ManualDepositDeps) {
  const { db, clock, deposits } = deps;

  /** The player's notice. Moves no money: the statement says PENDING until the operator decides. */
  async function notify(
    userId: string,
    amount: number,
    tx: MoneyTransactions<WalletMoveResponse> = PLAIN_TRANSACTIONS,
  ): Promise<WalletMoveResponse> {
    const content = await getSetting<DepositContent>(db, CONTENT_KEYS.deposit);
    if (!content?.isManual) throw refused('MANUAL_DEPOSIT_OFF');
    const amountMinor = toMinor(amount);
    if (amountMinor <= 0) throw refused('TRANSFER_MINIMUM', 'amount');
    await deps.restrictions.assertDeposit(userId, amountMinor, 'notice');
    const user = await findSenderAccount(db, userId);
    if (!user.bank_code || !user.bank_account_no) throw refused('NO_BANK');
    const { wallet } = await playerLedgerAccounts(db, userId);
    const now = clock.now();
    const id = orderedId(now);
    // The notice and its statement settle the outcome together: a caller keeps its answer with them.
    try {
      return await tx.finish(db, async (trx) => {
        // Judged again under the player's protection lock: notices sent at once each passed the check
        // above before any was written; here the second sees the first.
        if (!(await deps.restrictions.depositFits(trx, userId, amountMinor))) throw new NoticeOverLimit();
        await insertStatement(trx, {
          id,
          userId,
          statementType: 'deposit',
          fromCode: user.bank_code,
          toCode: 'WALLET',
          amount: amountMinor,
          currency: wallet.currency,
          status: 'PENDING',
          gameAccountId: null,
          now,
        });
        await insertManualDeposit(trx, {
          id,
          user_id: userId,
          amount: amountMinor,
          currency: wallet.currency,
          from_bank_code: user.bank_code,
          from_account_no: user.bank_account_no,
          status: 'PENDING',
          decided_by: null,
          decided_at: null,
          created_at: now,
          updated_at: now,
        });
        return { message: 'DEPOSIT_PENDING', wallet: { amount: fromMinor(wallet.balance) } };
      });
    } catch (error) {
      if (!(error instanceof NoticeOverLimit)) throw error;
      // Asked again now that the other notice is written: the refusal is kept in the player's history.
      await deps.restrictions.assertDeposit(userId, amountMinor, 'notice');
      throw refused('DEPOSIT_LIMIT_EXCEEDED', 'amount');
    }
  }

  /**
   * The operator saw the money arrive: the notice's own statement turns SUCCESS and the wallet is
   * credited in one transaction, at most once. With the bank reference the operator matched, the
   * same bank transfer can never also be paid by the feed or a slip.
   */
  async function confirm(
    id: string,
    decision: {
      operator: string;
      bankReference?: string | undefined;
      reason?: string | null | undefined;
      /** Runs in the crediting transaction once the decision has won (the money desk's audit row). */
      within?: (trx: Transaction<Database>) => Promise<void>;
    },
  ): Promise<{ status: 'CONFIRMED'; walletMinor: number }> {
    const row = await findManualDeposit(db, id);
    if (!row) throw notFound('NO_DATA');
    if (row.status !== 'PENDING') throw conflict('ALREADY_DECIDED');
    const outcome = await deposits.creditPending(
      {
        statementId: row.id,
        userId: row.user_id,
        amount: Number(row.amount),
        source: { kind: SYSTEM_KINDS.bankClearing, providerCode: '' },
        ...(decision.bankReference ? { reference: bankDepositReference(decision.bankReference) } : {}),
      },
      async (trx) => {
        const won = await decidePending(trx, id, 'CONFIRMED', decision.operator, clock.now(), decision.reason);
        if (won) await decision.within?.(trx);
        return won;
      },
    );
    if (outcome.credited) return { status: 'CONFIRMED', walletMinor: outcome.walletMinor };
    // The bank transfer the operator named was already paid by another route.
    if (outcome.reason === 'duplicate-reference') throw conflict('KEY_INVALID', 'bankReference');
    throw conflict('ALREADY_DECIDED');
  }

  /** The operator found no such transfer: the notice and its statement end FAILED; no money moved. */
  async function reject(
    id: string,
    decision: { operator: string; reason: string; within?: (trx: Transaction<Database>) => Promise<void> },
  ): Promise<{ status: 'REJECTED' }> {
    const now = clock.now();
    const rejected = await db.transaction().execute(async (trx) => {
      // The statement first, then the notice: the order a confirmation locks them in, so two operators
      // deciding at once wait for each other on PostgreSQL instead of deadlocking.
      if (!(await settleStatement(trx, id, 'FAILED', now))) return false;
      if (!(await decidePending(trx, id, 'REJECTED', decision.operator, now, decision.reason))) {
        throw new Error(`manual deposit ${id}: its statement was pending but the notice was not`);
      }
      await decision.within?.(trx);
      return true;
    });
    if (rejected) return { status: 'REJECTED' };
    if (!(await findManualDeposit(db, id))) throw notFound('NO_DATA');
    throw conflict('ALREADY_DECIDED');
  }

  async function list(filter: { status?: ManualDepositStatus | undefined; limit: number }) {
    return (await listManualDeposits(db, filter)).map(toView);
  }

  return { notify, confirm, reject, list };
}
export type ManualDeposits = ReturnType<typeof createManualDeposits>;
