import { useQuery } from '@tanstack/react-query';
import type { PromotionReportQuery, PromotionReportResponse } from '@wallet/contract/backoffice/promotions';
import { api } from '@/lib/api-client';

export const promotionReportQueryKey = ['backoffice', 'promotions', 'report'] as const;

/** GET /api/backoffice/promotions/report: cost per bonus and code of the bonuses taken in the window. */
export function getPromotionReport(query: PromotionReportQuery): Promise<PromotionReportResponse> {
  const params = new URLSearchParams();
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  const search = params.toString();
  return api.get<PromotionReportResponse>(`/api/backoffice/promotions/report${search ? `?${search}` : ''}`);
}

export function usePromotionReport(query: PromotionReportQuery) {
  return useQuery({ queryKey: [...promotionReportQueryKey, query], queryFn: () => getPromotionReport(query) });
}
