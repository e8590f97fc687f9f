import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import { playerLedgerAccounts } from '../ledger/accounts.ts';
import { bookMovement, bookPendingMovement } from '../ledger/booking.ts';
import { LEDGER_KINDS, type LedgerAccount, type SystemAccounts, type SystemKind } from '../ledger/ledger.ts';
import type { Clock } from '../lib/clock.ts';
import { orderedId } from '../lib/ids.ts';
import { claimDepositReference, isDepositReferenceClaimed } from './deposit-references.repo.ts';

export interface BookedDeposit {
  userId: string;
  /** Minor units, positive. */
  amount: number;
  /** Where the money came from as the statement shows it (a bank code), or null. */
  fromCode: string | null;
}

export interface DepositCredit extends BookedDeposit {
  /** The system account the money sits in now: bank clearing, one QR gateway, gift-link clearing. */
  source: { kind: SystemKind; providerCode: string };
  /**
   * The outside reference of the money (bank transaction reference, gateway payment id, gift link
   * id). A reference is credited at most once across every deposit route, so a transfer seen by the
   * bank feed and then uploaded as a slip is not paid twice.
   */
  reference?: string;
  /**
   * Asked first inside the crediting transaction; false credits nothing (outcome `held`). Player
   * protection's depositFits: money arriving at once is judged against the player's limits one deposit
   * after the other, not each before either was credited.
   */
  admit?: (trx: Transaction<Database>) => Promise<boolean>;
}

/** A deposit whose PENDING statement already exists (a manual notice the operator confirms). */
export interface PendingDepositCredit {
  statementId: string;
  userId: string;
  /** Minor units; must equal the pending statement's amount. */
  amount: number;
  source: { kind: SystemKind; providerCode: string };
  reference?: string;
}

/**
 * Runs inside the crediting transaction, after the statement is written, to update the business
 * record (mark a QR paid, a slip successful…). Returning false rolls everything back.
 */
export type DepositRecorder = (trx: Transaction<Database>, statementId: string) => Promise<boolean>;

export type CreditOutcome =
  | { credited: true; walletMinor: number; statementId: string }
  | { credited: false; reason: 'duplicate-reference' | 'declined' | 'held' };

/** As CreditOutcome; not-pending: the statement was already settled (or is not that player's deposit). */
export type PendingCreditOutcome = CreditOutcome | { credited: false; reason: 'not-pending' };

const BANK_REFERENCE_PREFIX = 'bank:';

/**
 * A bank transaction reference in the one spelling it is kept and compared in. It names one transfer
 * whatever the case of its letters: the bank's feed, the QR on a slip and an operator typing it from a
 * statement may spell it differently, and each spelling must not be paid once more.
 */
export function canonicalBankReference(reference: string): string {
  return reference.toUpperCase();
}

/** The claim key of an outside reference: `bank:` ones in their canonical spelling, whoever built the key. */
function claimKey(reference: string): string {
  return reference.startsWith(BANK_REFERENCE_PREFIX)
    ? `${BANK_REFERENCE_PREFIX}${canonicalBankReference(reference.slice(BANK_REFERENCE_PREFIX.length))}`
    : reference;
}

/**
 * Books money that has arrived from outside into a player's wallet: a SUCCESS deposit statement and
 * the ledger transfer from the clearing account, in the caller's transaction.
 */
async function bookDeposit(
  trx: Transaction<Database>,
  clearing: LedgerAccount,
  wallet: LedgerAccount,
  credit: BookedDeposit,
  now: number,
) {
  const statementId = orderedId(now);
  const moved = await bookMovement(trx, {
    statement: {
      id: statementId,
      userId: credit.userId,
      statementType: 'deposit',
      fromCode: credit.fromCode,
      toCode: 'WALLET',
      status: 'SUCCESS',
      gameAccountId: null,
    },
    from: clearing,
    to: wallet,
    amount: credit.amount,
    kind: LEDGER_KINDS.deposit,
    now,
  });
  return { ...moved, statementId };
}

class Declined extends Error {
  constructor(readonly reason: 'duplicate-reference' | 'declined' | 'not-pending' | 'held') {
    super(reason);
  }
}

/**
 * Money in, shared by every deposit route (bank feed, manual notices, QR gateways, gift links, slips):
 * claims the outside reference once, books the statement and the transfer, publishes `deposit.booked`
 * (wheel coins, later promotions) and lets the route update its own record, all in one transaction;
 * then notifies `wallet.changed`.
 */
export function createDepositService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  systemAccount: SystemAccounts;
  events: DomainEvents;
}) {
  const { events } = deps;

  /** Everything a crediting transaction touches, looked up before it opens (see createSystemAccounts). */
  async function accountsFor(userId: string, source: { kind: SystemKind; providerCode: string }) {
    const { wallet } = await playerLedgerAccounts(deps.db, userId);
    const clearing = await deps.systemAccount(source.kind, source.providerCode, wallet.currency);
    return { wallet, clearing };
  }

  async function claimReference(trx: Transaction<Database>, reference: string, statementId: string, now: number) {
    if (!(await claimDepositReference(trx, claimKey(reference), statementId, now))) {
      throw new Declined('duplicate-reference');
    }
  }

  /**
   * The crediting transaction of every deposit: `book` writes the statement and the transfer, then the
   * outside reference is claimed, `deposit.booked` published and the caller's record updated, all or
   * nothing; the player's open apps hear of it once it has committed.
   */
  async function creditIn(
    deposit: {
      userId: string;
      amount: number;
      source: DepositCredit['source'];
      reference?: string | undefined;
      admit?: DepositCredit['admit'];
    },
    book: (
      trx: Transaction<Database>,
      accounts: { wallet: LedgerAccount; clearing: LedgerAccount },
      now: number,
    ) => Promise<{ statementId: string; toBalance: number }>,
    record: DepositRecorder | undefined,
  ): Promise<PendingCreditOutcome> {
    const accounts = await accountsFor(deposit.userId, deposit.source);
    const now = deps.clock.now();
    try {
      const booked = await deps.db.transaction().execute(async (trx) => {
        if (deposit.admit && !(await deposit.admit(trx))) throw new Declined('held');
        const booked = await book(trx, accounts, now);
        if (deposit.reference !== undefined) await claimReference(trx, deposit.reference, booked.statementId, now);
        await events.publish(trx, 'deposit.booked', {
          userId: deposit.userId,
          amount: deposit.amount,
          currency: accounts.wallet.currency,
          statementId: booked.statementId,
          now,
        });
        if (record && !(await record(trx, booked.statementId))) throw new Declined('declined');
        return booked;
      });
      events.notify('wallet.changed', {
        userId: deposit.userId,
        walletMinor: booked.toBalance,
        deposit: { amountMinor: deposit.amount, statementId: booked.statementId },
      });
      return { credited: true, walletMinor: booked.toBalance, statementId: booked.statementId };
    } catch (error) {
      if (error instanceof Declined) return { credited: false, reason: error.reason };
      throw error;
    }
  }

  /**
   * Credits a confirmed deposit, claims its outside reference and lets the caller update its own
   * record, all in one transaction; then tells the player's open apps.
   */
  async function credit(input: DepositCredit, record?: DepositRecorder): Promise<CreditOutcome> {
    const outcome = await creditIn(
      input,
      (trx, { clearing, wallet }, now) => bookDeposit(trx, clearing, wallet, input, now),
      record,
    );
    if (outcome.credited || outcome.reason !== 'not-pending') return outcome;
    throw new Error('a deposit booked afresh cannot have been settled already');
  }

  /**
   * Credits a deposit whose statement the player already sees as PENDING: the same statement turns
   * SUCCESS together with the ledger transfer (and coins, reference, caller's record) in one
   * transaction. The status condition makes a second confirmation a no-op, however it races.
   */
  async function creditPending(input: PendingDepositCredit, record?: DepositRecorder): Promise<PendingCreditOutcome> {
    return creditIn(
      input,
      async (trx, { clearing, wallet }, now) => {
        const transfer = await bookPendingMovement(
          trx,
          { statementId: input.statementId, userId: input.userId, statementType: 'deposit' },
          { from: clearing, to: wallet, amount: input.amount, kind: LEDGER_KINDS.deposit, now },
        );
        if (!transfer) throw new Declined('not-pending');
        return { statementId: input.statementId, toBalance: transfer.toBalance };
      },
      record,
    );
  }

  /** True when an outside reference has already been credited by any route. */
  function isReferenceCredited(reference: string): Promise<boolean> {
    return isDepositReferenceClaimed(deps.db, claimKey(reference));
  }

  return { credit, creditPending, isReferenceCredited };
}
export type DepositService = ReturnType<typeof createDepositService>;
