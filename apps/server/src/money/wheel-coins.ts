import { MINOR_UNITS_PER_MAJOR } from '@wallet/contract/money';
import type { DomainEvents } from '../events/domain-events.ts';
import { playerCoinAccount } from '../ledger/accounts.ts';
import { LEDGER_KINDS, postTransfer, SYSTEM_KINDS, type SystemAccounts } from '../ledger/ledger.ts';

/** Wheel coins are counted in whole coins: one ledger unit of currency COIN is one coin. */
export const COIN_CURRENCY = 'COIN';

/**
 * Wheel coins a deposit earns: one per `unitsPerCoin` whole currency units, rounded down; a rate of 0
 * turns earning off. Integer arithmetic only, as for any money.
 */
export function coinsForDeposit(amountMinor: number, unitsPerCoin: number): number {
  if (unitsPerCoin <= 0 || amountMinor <= 0) return 0;
  const perCoin = unitsPerCoin * MINOR_UNITS_PER_MAJOR;
  return (amountMinor - (amountMinor % perCoin)) / perCoin;
}

/**
 * Wheel coins earned by deposits (DESIGN §5), booked in the deposit's own transaction on
 * `deposit.booked`, so a deposit never exists without its coins. Kept below the features until a
 * coins feature owns it.
 *
 * `depositUnitsPerCoin`: one coin per this many whole units deposited, per wallet currency (config
 * DEPOSIT_BAHT_PER_COIN, DEPOSIT_KIP_PER_COIN), so a kip deposit earns what the same value in baht
 * does. 0 or absent earns none.
 */
export async function earnWheelCoinsOnDeposits(
  events: DomainEvents,
  deps: { systemAccount: SystemAccounts; depositUnitsPerCoin: Partial<Record<string, number>> },
): Promise<void> {
  const rates = Object.values(deps.depositUnitsPerCoin);
  if (!rates.some((rate) => rate !== undefined && rate > 0)) return;
  // A system account is made outside any transaction (see createSystemAccounts): now, at app build.
  const issuer = await deps.systemAccount(SYSTEM_KINDS.coinIssuer, '', COIN_CURRENCY);
  events.inTransaction('deposit.booked', async (trx, deposit) => {
    const earned = coinsForDeposit(deposit.amount, deps.depositUnitsPerCoin[deposit.currency] ?? 0);
    if (earned === 0) return;
    await postTransfer(trx, {
      from: issuer,
      to: await playerCoinAccount(trx, deposit.userId),
      amount: earned,
      kind: LEDGER_KINDS.coinEarn,
      refType: 'statement',
      refId: deposit.statementId,
      now: deposit.now,
    });
  });
}
