import type { DepositLimit, ProtectionView } from '@wallet/contract/protection';

/** Test data: a player's protection as GET /api/account/protection answers it. */
export function limitOf(amount: number | null, extra: Partial<DepositLimit> = {}): DepositLimit {
  return { amount, used: 0, remaining: amount, pending: null, ...extra };
}

export function protectionOf(extra: Partial<ProtectionView> = {}): ProtectionView {
  return {
    state: 'open',
    limits: { day: limitOf(null), week: limitOf(null), month: limitOf(null) },
    timeout: null,
    exclusion: null,
    restrictedUntil: null,
    depositPause: null,
    realityCheckMinutes: 0,
    heldDeposits: [],
    ...extra,
  };
}
