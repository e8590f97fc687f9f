import { useQuery } from '@tanstack/react-query';
import type { BonusTypeListResponse } from '@wallet/contract/backoffice/promotions';
import { api } from '@/lib/api-client';

export const bonusTypesQueryKey = ['backoffice', 'promotions', 'bonuses'] as const;

export function getBonusTypes(): Promise<BonusTypeListResponse> {
  return api.get<BonusTypeListResponse>('/api/backoffice/promotions/bonuses');
}

export function useBonusTypes() {
  return useQuery({ queryKey: bonusTypesQueryKey, queryFn: getBonusTypes });
}
