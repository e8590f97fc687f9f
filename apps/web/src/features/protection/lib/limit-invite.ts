import type { ProtectionView } from '@wallet/contract/protection';
import { LIMIT_PERIODS } from '@wallet/contract/protection-rules';

/**
 * The invitation to set a deposit limit (issue 20): due after registration (shown on the first home
 * screen), offered on deposits until the player sets a limit or says "not now".
 */
const KEY = 'limit-invite';
type InviteState = 'due' | 'dismissed';

function read(): InviteState | null {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'due' || value === 'dismissed' ? value : null;
  } catch {
    return null;
  }
}

function write(value: InviteState): void {
  try {
    localStorage.setItem(KEY, value);
  } catch {
    // Private mode without storage: the invitation simply shows again next time.
  }
}

export const limitInvite = {
  /** Registration succeeded: the first home screen invites the player. */
  markDue: () => {
    if (read() !== 'dismissed') write('due');
  },
  dismiss: () => write('dismissed'),
  isDue: () => read() === 'due',
  isDismissed: () => read() === 'dismissed',
};

/** No limit and no change waiting on any period: the player has not used the tool yet. */
export function hasNoLimits(protection: ProtectionView): boolean {
  return LIMIT_PERIODS.every((period) => {
    const limit = protection.limits[period];
    return limit.amount === null && limit.pending === null;
  });
}
