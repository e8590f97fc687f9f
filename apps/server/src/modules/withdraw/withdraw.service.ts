import { fromMinor, toMinor } from '@wallet/contract/money';
import type { WalletMoveResponse } from '@wallet/contract/wallet';
import type {
  PayoutSettlementResponse,
  WithdrawalReview,
  WithdrawalStatus,
  WithdrawalView,
} from '@wallet/contract/withdraw';
import type { Kysely, Transaction } from 'kysely';
import { CONTENT_KEYS, fourEyesThresholdMinor, type WithdrawLimitsContent } from '../../db/content-settings.ts';
import { type MoneyTransactions, PLAIN_TRANSACTIONS } from '../../db/money-transactions.ts';
import type { Database } from '../../db/schema.ts';
import { getSetting } from '../../db/settings.repo.ts';
import type { DomainEvents } from '../../events/domain-events.ts';
import { playerLedgerAccounts } from '../../ledger/accounts.ts';
import { bookMovement, settleMovement } from '../../ledger/booking.ts';
import { InsufficientFunds, LEDGER_KINDS, SYSTEM_KINDS, type SystemAccounts } from '../../ledger/ledger.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, notFound, refused } from '../../lib/domain-error.ts';
import { orderedId } from '../../lib/ids.ts';
import type { PayoutAdapter, PayoutOrder, PayoutReport } from '../../providers/payments/payout.ts';
import * as repo from './withdraw.repo.ts';

/** The limits GET /api/lookup/withdraw serves when the operator has set none. */
export const DEFAULT_WITHDRAW_LIMITS: WithdrawLimitsContent = { withdrawMinMinor: 100_00, withdrawMaxMinor: 50_000_00 };

/** Why a withdrawal refused at operator review failed; shown to the operator on the withdrawal. */
export const REVIEW_REJECTED = 'REVIEW_REJECTED';
/** Why a payout an operator marked failed (the bank told them, outside any feed) failed. */
export const OPERATOR_MARKED_FAILED = 'OPERATOR_MARKED_FAILED';

/** Who decides at the money desk: kept on the withdrawal, compared for four eyes. */
export interface WithdrawalDecider {
  operatorId: string;
  username: string;
}

/**
 * Runs inside the transaction of an operator's decision, once the decision has won its conditional
 * update: the money desk writes its audit row there, so the two commit together or not at all.
 */
export type WithinDecision<O extends string> = (trx: Transaction<Database>, outcome: O) => Promise<void>;

export interface WithdrawDeps {
  db: Kysely<Database>;
  clock: Clock;
  systemAccount: SystemAccounts;
  payouts: PayoutAdapter;
  /**
   * Publishes `withdraw.requested` inside the holding transaction, where another feature's rule may
   * refuse it (promotions: BONUS_CONDITION while an active bonus's condition is unmet, DESIGN §5), and
   * notifies `wallet.changed`.
   */
  events: DomainEvents;
  /**
   * A withdrawal within this long after the payout account changed waits for an operator instead of
   * going to the bank (0: never). Whoever took over a session or a password moves the bank account and
   * withdraws at once; the window gives the real player time to read the change SMS and call support.
   */
  reviewAfterBankChangeMs: number;
}

/** withdraw: exactly the amount asked. all: the whole balance, which must be the amount the player saw. */
export type WithdrawKind = 'amount' | 'all';

/** Raised inside the holding transaction to roll it back. */
class StaleBalance extends Error {}

function toView(row: repo.WithdrawalRow): WithdrawalView {
  return {
    id: row.id,
    userId: row.user_id,
    amount: fromMinor(Number(row.amount)),
    currency: row.currency,
    bankCode: row.bank_code,
    bankAccountNo: row.bank_account_no,
    bankAccountName: row.bank_account_name,
    status: row.status as WithdrawalStatus,
    review: row.review as WithdrawalReview | null,
    failureReason: row.failure_reason,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    settledAt: row.settled_at === null ? null : new Date(Number(row.settled_at)).toISOString(),
  };
}

function orderOf(
  row: Pick<repo.WithdrawalRow, 'id' | 'amount' | 'currency' | 'bank_code' | 'bank_account_no' | 'bank_account_name'>,
): PayoutOrder {
  return {
    payoutId: row.id,
    amountMinor: Number(row.amount),
    currency: row.currency,
    bankCode: row.bank_code,
    bankAccountNo: row.bank_account_no,
    bankAccountName: row.bank_account_name,
  };
}

/**
 * Withdrawals to the player's registered bank account. The amount leaves the wallet at once into
 * payout clearing (held, statement PENDING), so it cannot be spent twice; the payout's result then
 * either sends it on to the bank (SUCCESS) or returns it to the wallet (FAILED), exactly once.
 */
export function createWithdrawals(deps: WithdrawDeps) {
  const { db, clock, payouts } = deps;

  async function limits(): Promise<WithdrawLimitsContent> {
    return (await getSetting<WithdrawLimitsContent>(db, CONTENT_KEYS.withdrawLimits)) ?? DEFAULT_WITHDRAW_LIMITS;
  }

  /** Hands a payout to the bank. A failure leaves it PENDING (held, nothing lost); it is sent again at start. */
  async function dispatch(order: PayoutOrder) {
    try {
      await payouts.send(order);
    } catch (error) {
      console.warn(`payout ${order.payoutId} not accepted yet; it is sent again at the next start`, error);
    }
  }

  /**
   * `tx` runs the holding transaction, which settles the outcome: a caller keeps what it must with the
   * money there (the route: the Idempotency-Key's answer, so a retry after a crash replays it).
   */
  async function withdraw(
    userId: string,
    amount: number,
    kind: WithdrawKind,
    tx: MoneyTransactions<WalletMoveResponse> = PLAIN_TRANSACTIONS,
  ): Promise<WalletMoveResponse> {
    const amountMinor = toMinor(amount);
    if (amountMinor <= 0) throw refused('KEY_INVALID', 'amount');
    const payee = await repo.findPayee(db, userId);
    if (!payee?.bankCode || !payee.bankAccountNo) throw refused('NO_BANK');
    const { wallet } = await playerLedgerAccounts(db, userId);
    // A stale screen must never withdraw a different sum than the one the player confirmed.
    if (kind === 'all' && amountMinor !== wallet.balance) throw conflict('KEY_INVALID', 'amount');
    const { withdrawMinMinor, withdrawMaxMinor } = await limits();
    if (amountMinor < withdrawMinMinor) throw refused('WITHDRAW_MIN', 'amount');
    if (amountMinor > withdrawMaxMinor) throw refused('WITHDRAW_MAX', 'amount');
    if (amountMinor > wallet.balance) throw refused('MONEY_NOT_ENOUGH', 'amount');

    const clearing = await deps.systemAccount(SYSTEM_KINDS.payoutClearing, '', wallet.currency);
    const now = clock.now();
    // Read after the payee: the account change and its record commit together, so a withdrawal that
    // saw the new account sees the change too.
    // Above the four-eyes threshold two operators approve before anything reaches the bank.
    const review: WithdrawalReview | null =
      amountMinor > (await fourEyesThresholdMinor(db)) ||
      (deps.reviewAfterBankChangeMs > 0 &&
        (await repo.bankAccountChangedSince(db, userId, now - deps.reviewAfterBankChangeMs)))
        ? 'AWAITING'
        : null;
    const id = orderedId(now);
    const row: repo.NewWithdrawal = {
      id,
      user_id: userId,
      amount: amountMinor,
      currency: wallet.currency,
      bank_code: payee.bankCode,
      bank_account_no: payee.bankAccountNo,
      bank_account_name: payee.bankAccountName,
      status: 'PENDING',
      failure_reason: null,
      settled_at: null,
      created_at: now,
      updated_at: now,
      review,
      reviewed_at: null,
    };
    let walletAfter = 0;
    let outcome: WalletMoveResponse;
    try {
      outcome = await tx.finish(db, async (trx) => {
        // The ledger refuses to overdraw the wallet in this very UPDATE, so concurrent withdrawals
        // can never take more than the balance, on either database.
        const held = await bookMovement(trx, {
          statement: {
            id,
            userId,
            statementType: 'withdraw',
            fromCode: 'WALLET',
            toCode: payee.bankCode,
            status: 'PENDING',
            gameAccountId: null,
          },
          from: wallet,
          to: clearing,
          amount: amountMinor,
          kind: LEDGER_KINDS.withdrawalHold,
          now,
        });
        await repo.insertWithdrawal(trx, row);
        if (kind === 'all' && held.fromBalance !== 0) throw new StaleBalance();
        await deps.events.publish(trx, 'withdraw.requested', {
          userId,
          withdrawalId: id,
          amount: amountMinor,
          currency: wallet.currency,
          walletAfter: held.fromBalance,
          now,
        });
        // Read again: a rule run by the event may have moved the wallet too (a bonus ending forfeits
        // what is left), and the player must see the balance after the whole withdrawal.
        walletAfter = (await playerLedgerAccounts(trx, userId)).wallet.balance;
        return { message: 'WITHDRAW_PENDING', wallet: { amount: fromMinor(walletAfter) } };
      });
    } catch (error) {
      if (error instanceof StaleBalance) throw conflict('KEY_INVALID', 'amount');
      if (error instanceof InsufficientFunds) {
        throw kind === 'all' ? conflict('KEY_INVALID', 'amount') : refused('MONEY_NOT_ENOUGH', 'amount');
      }
      throw error;
    }
    deps.events.notify('wallet.changed', { userId, walletMinor: walletAfter });
    // Held for review: the statement stays PENDING and nothing goes to the bank until an operator decides.
    if (review === null) await dispatch(orderOf(row));
    return outcome;
  }

  /**
   * Records a payout's result: paid → the held money goes on to the bank (statement SUCCESS); failed →
   * it returns to the wallet (statement FAILED). A report for a withdrawal already settled changes
   * nothing and says so (settled: false).
   */
  async function settle(
    report: PayoutReport,
    operator?: { reason: string | null; within: WithinDecision<'PAID' | 'FAILED'> },
  ): Promise<PayoutSettlementResponse> {
    const row = await repo.findWithdrawal(db, report.payoutId);
    if (!row) throw notFound('NO_DATA');
    if (row.status !== 'PENDING') return { id: row.id, status: row.status as WithdrawalStatus, settled: false };
    // The bank never had a withdrawal that awaits review or was refused there, so it cannot have paid it.
    if (report.outcome === 'paid' && (row.review === 'AWAITING' || row.review === 'REJECTED')) {
      throw conflict('KEY_INVALID');
    }
    const { wallet } = await playerLedgerAccounts(db, row.user_id);
    const clearing = await deps.systemAccount(SYSTEM_KINDS.payoutClearing, '', row.currency);
    const bank = await deps.systemAccount(SYSTEM_KINDS.bankClearing, '', row.currency);
    const paid = report.outcome === 'paid';
    const now = clock.now();
    // undefined: another report settled it first. null: paid, the wallet is untouched.
    const walletAfter = await db.transaction().execute(async (trx) => {
      const settled = await repo.settleWithdrawal(
        trx,
        row.id,
        {
          status: paid ? 'PAID' : 'FAILED',
          failureReason: report.outcome === 'failed' ? report.reason : null,
          decisionReason: operator?.reason ?? null,
        },
        now,
      );
      if (!settled) return undefined;
      const moved = await settleMovement(
        trx,
        { statementId: row.id, status: paid ? 'SUCCESS' : 'FAILED' },
        {
          from: clearing,
          to: paid ? bank : wallet,
          amount: Number(row.amount),
          kind: paid ? LEDGER_KINDS.payout : LEDGER_KINDS.reversal,
          now,
        },
      );
      await operator?.within(trx, paid ? 'PAID' : 'FAILED');
      return paid ? null : moved.toBalance;
    });
    if (walletAfter === undefined) {
      const current = await repo.findWithdrawal(db, row.id);
      return { id: row.id, status: (current?.status ?? row.status) as WithdrawalStatus, settled: false };
    }
    if (walletAfter !== null) deps.events.notify('wallet.changed', { userId: row.user_id, walletMinor: walletAfter });
    return { id: row.id, status: paid ? 'PAID' : 'FAILED', settled: true };
  }

  /** Sends every PENDING payout again (after a restart timers are gone); adapters dedupe by payout id. */
  async function redispatchPending(): Promise<number> {
    const rows = await repo.pendingWithdrawals(db);
    for (const row of rows) await dispatch(orderOf(row));
    return rows.length;
  }

  async function pendingRow(id: string): Promise<repo.WithdrawalRow> {
    const row = await repo.findWithdrawal(db, id);
    if (!row) throw notFound('NO_DATA');
    if (row.status !== 'PENDING') throw conflict('ALREADY_DECIDED');
    return row;
  }

  /**
   * An operator's approval of a withdrawal held for review. Above the four-eyes threshold the first
   * approval is only recorded and a second, different operator's sends it; otherwise it goes to the
   * bank at once. Each step is one conditional update, so two operators clicking together make one.
   */
  async function approve(
    id: string,
    decider: WithdrawalDecider,
    within: WithinDecision<'APPROVED' | 'FIRST_APPROVAL'>,
  ): Promise<'APPROVED' | 'FIRST_APPROVAL'> {
    const row = await pendingRow(id);
    if (row.review !== 'AWAITING') throw conflict('ALREADY_DECIDED');
    const needsTwo = Number(row.amount) > (await fourEyesThresholdMinor(db));
    const now = clock.now();
    if (needsTwo && row.first_approved_by === decider.operatorId) throw conflict('SECOND_APPROVER_REQUIRED');
    const outcome = needsTwo && row.first_approved_by === null ? 'FIRST_APPROVAL' : 'APPROVED';
    const done = await db.transaction().execute(async (trx) => {
      const won =
        outcome === 'FIRST_APPROVAL'
          ? await repo.recordFirstApproval(trx, id, decider, now)
          : await repo.approveReview(trx, id, needsTwo ? row.first_approved_by : undefined, now);
      if (won) await within(trx, outcome);
      return won;
    });
    if (!done) throw conflict('ALREADY_DECIDED');
    if (outcome === 'APPROVED') await dispatch(orderOf(row));
    return outcome;
  }

  /**
   * An operator's refusal of a withdrawal held for review: it fails and the money returns to the
   * wallet, in one transaction; the player reads the reason on the statement.
   */
  async function reject(id: string, reason: string, within: WithinDecision<'REJECTED'>): Promise<'REJECTED'> {
    const row = await pendingRow(id);
    if (row.review !== 'AWAITING') throw conflict('ALREADY_DECIDED');
    const { wallet } = await playerLedgerAccounts(db, row.user_id);
    const clearing = await deps.systemAccount(SYSTEM_KINDS.payoutClearing, '', row.currency);
    const now = clock.now();
    const walletAfter = await db.transaction().execute(async (trx) => {
      if (!(await repo.rejectReview(trx, id, now))) return undefined;
      if (
        !(await repo.settleWithdrawal(
          trx,
          id,
          { status: 'FAILED', failureReason: REVIEW_REJECTED, decisionReason: reason },
          now,
        ))
      ) {
        return undefined;
      }
      const moved = await settleMovement(
        trx,
        { statementId: id, status: 'FAILED' },
        { from: clearing, to: wallet, amount: Number(row.amount), kind: LEDGER_KINDS.reversal, now },
      );
      await within(trx, 'REJECTED');
      return moved.toBalance;
    });
    if (walletAfter === undefined) throw conflict('ALREADY_DECIDED');
    deps.events.notify('wallet.changed', { userId: row.user_id, walletMinor: walletAfter });
    return 'REJECTED';
  }

  /**
   * An operator records what the bank told them of a payout it holds (sent, not yet reported):
   * paid, or failed with the money back in the wallet.
   */
  async function markPayout(
    id: string,
    outcome: 'paid' | 'failed',
    reason: string | null,
    within: WithinDecision<'PAID' | 'FAILED'>,
  ): Promise<'PAID' | 'FAILED'> {
    const row = await pendingRow(id);
    if (row.review === 'AWAITING' || row.review === 'REJECTED') throw conflict('KEY_INVALID', 'status');
    const settled = await settle(
      outcome === 'paid' ? { payoutId: id, outcome } : { payoutId: id, outcome, reason: OPERATOR_MARKED_FAILED },
      { reason, within },
    );
    if (!settled.settled) throw conflict('ALREADY_DECIDED');
    return outcome === 'paid' ? 'PAID' : 'FAILED';
  }

  async function list(filter: { status?: WithdrawalStatus | undefined; limit: number }): Promise<WithdrawalView[]> {
    return (await repo.listWithdrawals(db, filter)).map(toView);
  }

  payouts.connect(async (report) => {
    await settle(report);
  });

  return { withdraw, settle, approve, reject, markPayout, redispatchPending, list, limits };
}
export type Withdrawals = ReturnType<typeof createWithdrawals>;
