import type { PromotionFindResponse } from '@wallet/contract/promotion';
import { api } from '@/lib/api-client';
import { withLanguage } from '@/lib/content-language';

/** GET /api/promotion/find/{code}; the code is upper-cased first (SPEC §5). */
export function findPromotion(code: string, language: string): Promise<PromotionFindResponse> {
  return api.get<PromotionFindResponse>(
    withLanguage(`/api/promotion/find/${encodeURIComponent(code.toUpperCase())}`, language),
  );
}
