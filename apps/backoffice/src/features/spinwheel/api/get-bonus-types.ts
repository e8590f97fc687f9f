import { useQuery } from '@tanstack/react-query';
import type { BonusTypeListResponse } from '@wallet/contract/backoffice/promotions';
import { api } from '@/lib/api-client';

/** GET /api/backoffice/promotions/bonuses: the bonus types a bonus prize can take its conditions from. */
export function getBonusTypes(): Promise<BonusTypeListResponse> {
  return api.get<BonusTypeListResponse>('/api/backoffice/promotions/bonuses');
}

export function useBonusTypes({ enabled }: { enabled: boolean }) {
  // The promotions screen's own key: both show the same list, one fetch serves both.
  return useQuery({ queryKey: ['backoffice', 'promotions', 'bonuses'], queryFn: getBonusTypes, enabled });
}
