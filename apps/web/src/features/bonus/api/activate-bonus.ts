import type { BonusActivateResponse } from '@wallet/contract/bonus';
import { api } from '@/lib/api-client';

/** GET /api/bonus/activate/{code}: takes a bonus; the answer is the player's standing with it. */
export function activateBonus(code: string): Promise<BonusActivateResponse> {
  return api.get<BonusActivateResponse>(`/api/bonus/activate/${encodeURIComponent(code)}`);
}
