import type { PromotionActivateResponse } from '@wallet/contract/promotion';
import { api } from '@/lib/api-client';

/** GET /api/promotion/activate/{code}; the code is upper-cased first (SPEC §5). */
export function activatePromotion(code: string): Promise<PromotionActivateResponse> {
  return api.get<PromotionActivateResponse>(`/api/promotion/activate/${encodeURIComponent(code.toUpperCase())}`);
}
