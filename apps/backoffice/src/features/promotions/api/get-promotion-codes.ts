import { useQuery } from '@tanstack/react-query';
import type { PromotionCodeListResponse } from '@wallet/contract/backoffice/promotions';
import { api } from '@/lib/api-client';

export const promotionCodesQueryKey = ['backoffice', 'promotions', 'codes'] as const;

export function getPromotionCodes(): Promise<PromotionCodeListResponse> {
  return api.get<PromotionCodeListResponse>('/api/backoffice/promotions/codes');
}

export function usePromotionCodes() {
  return useQuery({ queryKey: promotionCodesQueryKey, queryFn: getPromotionCodes });
}
