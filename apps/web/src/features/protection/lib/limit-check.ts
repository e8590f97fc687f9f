import { toMinor } from '@wallet/contract/money-units';
import type { ProtectionView } from '@wallet/contract/protection';
import { LIMIT_PERIODS, type LimitPeriod } from '@wallet/contract/protection-rules';

/** A new limit under this many baht is asked about again: a typing slip there locks deposits out. */
export const LOW_LIMIT_BAHT = 100;

export type LimitsPayload = Record<LimitPeriod, number | null>;

export interface LimitWarning {
  period: LimitPeriod;
  amount: number;
  /** Deposited in the period's window so far. */
  used: number;
  /** belowUsed: deposits stop at once; small: under LOW_LIMIT_BAHT. */
  reason: 'belowUsed' | 'small';
}

/**
 * The new limits that deserve a second look before they are saved: a lower limit applies at once and
 * takes 24 hours to raise, so one below what the window already holds, or under LOW_LIMIT_BAHT, stops
 * the player's deposits by what may be a slip of the finger. A limit left as it is asks nothing.
 */
export function limitWarnings(payload: LimitsPayload, protection: ProtectionView): LimitWarning[] {
  return LIMIT_PERIODS.flatMap((period): LimitWarning[] => {
    const amount = payload[period];
    const current = protection.limits[period];
    if (amount === null || amount === current.amount) return [];
    const minor = toMinor(amount);
    if (minor < toMinor(current.used)) return [{ period, amount, used: current.used, reason: 'belowUsed' }];
    if (minor < toMinor(LOW_LIMIT_BAHT)) return [{ period, amount, used: current.used, reason: 'small' }];
    return [];
  });
}
