import type { BonusClearResponse } from '@wallet/contract/bonus';
import { api } from '@/lib/api-client';

/** GET /api/bonus/clear: gives the active bonus up (its bonus credit is forfeited). */
export function clearBonus(): Promise<BonusClearResponse> {
  return api.get<BonusClearResponse>('/api/bonus/clear');
}
