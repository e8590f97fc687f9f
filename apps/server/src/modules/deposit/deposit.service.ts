import { MINOR_UNITS_PER_MAJOR } from '@wallet/contract/money';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  LEDGER_KINDS,
  type LedgerAccount,
  postTransfer,
  SYSTEM_KINDS,
  type SystemAccounts,
  type SystemKind,
} from '../../ledger/ledger.ts';
import type { Clock } from '../../lib/clock.ts';
import { orderedId } from '../../lib/ids.ts';
import { insertStatement, playerLedgerAccounts } from '../wallet/wallet.repo.ts';

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
export type DepositRecorder = (trx: Kysely<Database>, statementId: string) => Promise<boolean>;

export type CreditOutcome =
  | { credited: true; walletMinor: number; statementId: string }
  | { credited: false; reason: 'duplicate-reference' | 'declined' };

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

/** Wheel coins are counted in whole coins: one ledger unit of currency COIN is one coin. */
export const COIN_CURRENCY = 'COIN';

/**
 * Books money that has arrived from outside into a player's wallet: a SUCCESS deposit statement and
 * the ledger transfer from the clearing account, in the caller's transaction.
 */
export async function bookDeposit(
  trx: Kysely<Database>,
  clearing: LedgerAccount,
  wallet: LedgerAccount,
  credit: BookedDeposit,
  now: number,
) {
  const statementId = orderedId(now);
  await insertStatement(trx, {
    id: statementId,
    userId: credit.userId,
    statementType: 'deposit',
    fromCode: credit.fromCode,
    toCode: 'WALLET',
    amount: credit.amount,
    currency: wallet.currency,
    status: 'SUCCESS',
    gameAccountId: null,
    now,
  });
  const moved = await postTransfer(trx, {
    from: clearing,
    to: wallet,
    amount: credit.amount,
    kind: LEDGER_KINDS.deposit,
    refType: 'statement',
    refId: statementId,
    now,
  });
  return { ...moved, statementId };
}

/**
 * Wheel coins a deposit earns: one per `unitsPerCoin` whole currency units, rounded down; a rate of 0
 * turns earning off. Integer arithmetic only, as for any money.
 */
export function coinsForDeposit(amountMinor: number, unitsPerCoin: number): number {
  if (unitsPerCoin <= 0 || amountMinor <= 0) return 0;
  const perCoin = unitsPerCoin * MINOR_UNITS_PER_MAJOR;
  return (amountMinor - (amountMinor % perCoin)) / perCoin;
}

class Declined extends Error {
  constructor(readonly reason: 'duplicate-reference' | 'declined' | 'not-pending') {
    super(reason);
  }
}

interface CoinAccounts {
  issuer: LedgerAccount;
  player: LedgerAccount;
  /** Whole wallet-currency units per coin. */
  unitsPerCoin: number;
}

export function createDepositService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  systemAccount: SystemAccounts;
  onWalletChanged(userId: string, walletMinor: number): void;
  /**
   * Wheel coins: one per this many whole units deposited, per wallet currency (config
   * DEPOSIT_BAHT_PER_COIN, DEPOSIT_KIP_PER_COIN), so a kip deposit earns what the same value in baht
   * does. 0 or absent earns none.
   */
  depositUnitsPerCoin?: Partial<Record<string, number>>;
}) {
  const unitsPerCoin = (currency: string) => deps.depositUnitsPerCoin?.[currency] ?? 0;

  /** Everything a crediting transaction touches, looked up before it opens (see createSystemAccounts). */
  async function accountsFor(userId: string, source: { kind: SystemKind; providerCode: string }) {
    const { wallet } = await playerLedgerAccounts(deps.db, userId);
    const clearing = await deps.systemAccount(source.kind, source.providerCode, wallet.currency);
    let coins: CoinAccounts | null = null;
    if (unitsPerCoin(wallet.currency) > 0) {
      const row = await deps.db
        .selectFrom('ledger_accounts')
        .select(['id', 'currency'])
        .where('owner_id', '=', userId)
        .where('kind', '=', 'coin')
        .executeTakeFirst();
      if (!row) throw new Error(`player ${userId} has no coin account`);
      const issuer = await deps.systemAccount(SYSTEM_KINDS.coinIssuer, '', COIN_CURRENCY);
      coins = {
        issuer,
        player: { id: row.id, ownerId: userId, currency: row.currency },
        unitsPerCoin: unitsPerCoin(wallet.currency),
      };
    }
    return { wallet, clearing, coins };
  }

  /** The deposit's wheel coins, in the crediting transaction: a deposit never exists without its coins. */
  async function earnCoins(
    trx: Kysely<Database>,
    coins: CoinAccounts | null,
    amount: number,
    statementId: string,
    now: number,
  ) {
    if (!coins) return;
    const earned = coinsForDeposit(amount, coins.unitsPerCoin);
    if (earned === 0) return;
    await postTransfer(trx, {
      from: coins.issuer,
      to: coins.player,
      amount: earned,
      kind: LEDGER_KINDS.coinEarn,
      refType: 'statement',
      refId: statementId,
      now,
    });
  }

  async function claimReference(trx: Kysely<Database>, reference: string, statementId: string, now: number) {
    const claimed = await trx
      .insertInto('deposit_references')
      .values({ reference: claimKey(reference), statement_id: statementId, created_at: now })
      .onConflict((oc) => oc.column('reference').doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) throw new Declined('duplicate-reference');
  }

  /**
   * Credits a confirmed deposit, claims its outside reference and lets the caller update its own
   * record, all in one transaction; then tells the player's open apps.
   */
  async function credit(input: DepositCredit, record?: DepositRecorder): Promise<CreditOutcome> {
    const { wallet, clearing, coins } = await accountsFor(input.userId, input.source);
    const now = deps.clock.now();
    try {
      const result = await deps.db.transaction().execute(async (trx) => {
        const booked = await bookDeposit(trx, clearing, wallet, input, now);
        if (input.reference !== undefined) await claimReference(trx, input.reference, booked.statementId, now);
        await earnCoins(trx, coins, input.amount, booked.statementId, now);
        if (record && !(await record(trx, booked.statementId))) throw new Declined('declined');
        return booked;
      });
      deps.onWalletChanged(input.userId, result.toBalance);
      return { credited: true, walletMinor: result.toBalance, statementId: result.statementId };
    } catch (error) {
      if (error instanceof Declined && error.reason !== 'not-pending') return { credited: false, reason: error.reason };
      throw error;
    }
  }

  /**
   * Credits a deposit whose statement the player already sees as PENDING: the same statement turns
   * SUCCESS together with the ledger transfer (and coins, reference, caller's record) in one
   * transaction. The status condition makes a second confirmation a no-op, however it races.
   */
  async function creditPending(input: PendingDepositCredit, record?: DepositRecorder): Promise<PendingCreditOutcome> {
    const { wallet, clearing, coins } = await accountsFor(input.userId, input.source);
    const now = deps.clock.now();
    try {
      const moved = await deps.db.transaction().execute(async (trx) => {
        const settled = await trx
          .updateTable('statements')
          .set({ status: 'SUCCESS', updated_at: now })
          .where('id', '=', input.statementId)
          .where('user_id', '=', input.userId)
          .where('statement_type', '=', 'deposit')
          .where('amount', '=', input.amount)
          .where('status', '=', 'PENDING')
          .executeTakeFirst();
        if (Number(settled.numUpdatedRows) !== 1) throw new Declined('not-pending');
        const transfer = await postTransfer(trx, {
          from: clearing,
          to: wallet,
          amount: input.amount,
          kind: LEDGER_KINDS.deposit,
          refType: 'statement',
          refId: input.statementId,
          now,
        });
        if (input.reference !== undefined) await claimReference(trx, input.reference, input.statementId, now);
        await earnCoins(trx, coins, input.amount, input.statementId, now);
        if (record && !(await record(trx, input.statementId))) throw new Declined('declined');
        return transfer;
      });
      deps.onWalletChanged(input.userId, moved.toBalance);
      return { credited: true, walletMinor: moved.toBalance, statementId: input.statementId };
    } catch (error) {
      if (error instanceof Declined) return { credited: false, reason: error.reason };
      throw error;
    }
  }

  /** True when an outside reference has already been credited by any route. */
  async function isReferenceCredited(reference: string): Promise<boolean> {
    const row = await deps.db
      .selectFrom('deposit_references')
      .select('reference')
      .where('reference', '=', claimKey(reference))
      .executeTakeFirst();
    return row !== undefined;
  }

  return { credit, creditPending, isReferenceCredited };
}
export type DepositService = ReturnType<typeof createDepositService>;
