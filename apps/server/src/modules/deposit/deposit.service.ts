import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  LEDGER_KINDS,
  type LedgerAccount,
  postTransfer,
  SYSTEM_KINDS,
  type SystemAccounts,
} from '../../ledger/ledger.ts';
import type { Clock } from '../../lib/clock.ts';
import { orderedId } from '../../lib/ids.ts';
import { insertStatement, playerLedgerAccounts } from '../wallet/wallet.repo.ts';

export interface DepositCredit {
  userId: string;
  /** Minor units, positive. */
  amount: number;
  /** Where the money came from as the statement shows it (a bank code), or null. */
  fromCode: string | null;
}

/**
 * Books money that has arrived from outside into a player's wallet: a SUCCESS deposit statement and
 * the ledger transfer from the clearing account, in the caller's transaction.
 */
export async function bookDeposit(
  trx: Kysely<Database>,
  clearing: LedgerAccount,
  wallet: LedgerAccount,
  credit: DepositCredit,
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
  return postTransfer(trx, {
    from: clearing,
    to: wallet,
    amount: credit.amount,
    kind: LEDGER_KINDS.deposit,
    refType: 'statement',
    refId: statementId,
    now,
  });
}

export function createDepositService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  systemAccount: SystemAccounts;
  onWalletChanged(userId: string, walletMinor: number): void;
}) {
  /** Credits a confirmed deposit and tells the player's open apps. Returns the wallet balance after it. */
  async function credit(input: DepositCredit): Promise<number> {
    const { wallet } = await playerLedgerAccounts(deps.db, input.userId);
    const clearing = await deps.systemAccount(SYSTEM_KINDS.bankClearing, '', wallet.currency);
    const result = await deps.db
      .transaction()
      .execute((trx) => bookDeposit(trx, clearing, wallet, input, deps.clock.now()));
    deps.onWalletChanged(input.userId, result.toBalance);
    return result.toBalance;
  }
  return { credit };
}
export type DepositService = ReturnType<typeof createDepositService>;
