import type { InviteBonusResponse } from '@wallet/contract/invite';
import { api } from '@/lib/api-client';

/** GET /api/invite/bonus?claim=true: takes the invite amount into the wallet as a bonus. */
export function claimInviteBonus(): Promise<InviteBonusResponse> {
  return api.get<InviteBonusResponse>('/api/invite/bonus?claim=true');
}
