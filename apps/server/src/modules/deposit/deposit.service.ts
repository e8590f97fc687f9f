import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  LEDGER_KINDS,
  type LedgerAccount,
  postTransfer,
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

/**
 * Runs inside the crediting transaction, after the statement is written, to update the business
 * record (mark a QR paid, a slip successful…). Returning false rolls everything back.
 */
export type DepositRecorder = (trx: Kysely<Database>, statementId: string) => Promise<boolean>;

export type CreditOutcome =
  | { credited: true; walletMinor: number; statementId: string }
  | { credited: false; reason: 'duplicate-reference' | 'declined' };

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

class Declined extends Error {
  constructor(readonly reason: 'duplicate-reference' | 'declined') {
    super(reason);
  }
}

export function createDepositService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  systemAccount: SystemAccounts;
  onWalletChanged(userId: string, walletMinor: number): void;
}) {
  /**
   * Credits a confirmed deposit, claims its outside reference and lets the caller update its own
   * record, all in one transaction; then tells the player's open apps.
   */
  async function credit(input: DepositCredit, record?: DepositRecorder): Promise<CreditOutcome> {
    const { wallet } = await playerLedgerAccounts(deps.db, input.userId);
    const clearing = await deps.systemAccount(input.source.kind, input.source.providerCode, wallet.currency);
    const now = deps.clock.now();
    try {
      const result = await deps.db.transaction().execute(async (trx) => {
        const booked = await bookDeposit(trx, clearing, wallet, input, now);
        if (input.reference !== undefined) {
          const claimed = await trx
            .insertInto('deposit_references')
            .values({ reference: input.reference, statement_id: booked.statementId, created_at: now })
            .onConflict((oc) => oc.column('reference').doNothing())
            .executeTakeFirst();
          if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) throw new Declined('duplicate-reference');
        }
        if (record && !(await record(trx, booked.statementId))) throw new Declined('declined');
        return booked;
      });
      deps.onWalletChanged(input.userId, result.toBalance);
      return { credited: true, walletMinor: result.toBalance, statementId: result.statementId };
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
      .where('reference', '=', reference)
      .executeTakeFirst();
    return row !== undefined;
  }

  return { credit, isReferenceCredited };
}
export type DepositService = ReturnType<typeof createDepositService>;
