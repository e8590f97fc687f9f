import type { WithdrawLimitsResponse } from '@wallet/contract/lookup';

/** Why an amount cannot be withdrawn, checked before anything is sent (SPEC §5 Withdraw). */
export type WithdrawProblem = 'min' | 'max' | 'balance';

/** Compared in whole satang: 100.1 − 0.1 style float drift must never flip a limit check. */
const toSatang = (value: number) => Math.round(value * 100);

/**
 * SPEC §5: at least withdrawMin and at most withdrawMax, in that order; then no more than the wallet holds
 * (the server says MONEY_NOT_ENOUGH too, but the player should not have to ask it).
 */
export function withdrawProblem(
  amount: number,
  limits: WithdrawLimitsResponse,
  balance: number,
): WithdrawProblem | null {
  const value = toSatang(amount);
  if (value < toSatang(limits.withdrawMin)) return 'min';
  if (value > toSatang(limits.withdrawMax)) return 'max';
  if (value > toSatang(balance)) return 'balance';
  return null;
}
